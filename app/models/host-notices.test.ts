// Issue 14: the host's notices. The digest is a pure function of (changes, day);
// sending is idempotent per Lisbon day and catches up after downtime.
import { beforeEach, describe, expect, it } from "vitest";
import { activityLog, hostDigests, outbox } from "../../db/schema";
import { db } from "../db.server";
import { recordActivity } from "./activity.server";
import { updateEventConfig } from "./event-config-update.server";
import { digestContent, latestDueDay, sendDueDigests, type Change } from "./host-notices.server";
import { ensureSingletons } from "./seed.server";

const change = (at: string, summary: string, actor: Change["actor"] = "guest"): Change => ({ at, actor, kind: "rsvp", summary, who: "The Smiths" });

beforeEach(() => {
  ensureSingletons();
  db.delete(activityLog).run();
  db.delete(hostDigests).run();
  db.delete(outbox).run();
  updateEventConfig({ notifyHost: "off", hostEmail: null });
});

describe("digestContent", () => {
  it("lists the guests' changes of one Lisbon day, oldest first, times in Lisbon", () => {
    const changes = [
      change("2026-05-12T22:59:00.000Z", "late on the 12th (23:59 in Lisbon, summer time)"),
      change("2026-05-11T23:30:00.000Z", "first of the 12th (00:30 in Lisbon)"),
      change("2026-05-11T22:30:00.000Z", "the 11th (23:30 in Lisbon)"),
      change("2026-05-12T09:00:00.000Z", "the host's own change", "admin"),
      change("2026-05-12T23:00:00.000Z", "already the 13th"),
    ];
    const digest = digestContent(changes, "2026-05-12")!;
    expect(digest.count).toBe(2);
    expect(digest.subject).toBe("Guest changes on Tuesday, 12 May 2026: 2 changes");
    expect(digest.text).toBe(
      [
        "What guests changed on Tuesday, 12 May 2026 (times in Lisbon):",
        "",
        "00:30  The Smiths (rsvp): first of the 12th (00:30 in Lisbon)",
        "23:59  The Smiths (rsvp): late on the 12th (23:59 in Lisbon, summer time)",
        "",
      ].join("\n"),
    );
    expect(digestContent(changes, "2026-05-14")).toBeNull();
  });
});

describe("sendDueDigests", () => {
  it("is due at 08:00 Lisbon for the day before", () => {
    expect(latestDueDay(new Date("2026-05-13T06:59:00Z"))).toBe("2026-05-11"); // 07:59 in Lisbon
    expect(latestDueDay(new Date("2026-05-13T07:00:00Z"))).toBe("2026-05-12"); // 08:00
    expect(latestDueDay(new Date("2026-01-13T08:00:00Z"))).toBe("2026-01-12"); // winter: 08:00 is 08:00 UTC
  });

  it("sends each day once, catches up after downtime, and never repeats after a restart", () => {
    updateEventConfig({ notifyHost: "daily", hostEmail: "host@example.com" });
    const at = (iso: string, summary: string) =>
      db.insert(activityLog).values({ at: iso, actor: "guest", kind: "rsvp", summary }).run();
    at("2026-05-10T10:00:00Z", "on the 10th");
    at("2026-05-12T10:00:00Z", "on the 12th");

    expect(sendDueDigests(new Date("2026-05-11T07:30:00Z"))).toEqual(["2026-05-10"]);
    expect(sendDueDigests(new Date("2026-05-11T09:00:00Z"))).toEqual([]); // the same morning again: nothing
    // Down on the 12th and 13th at 08:00; back on the 13th at 10:00: the 11th and 12th go out now.
    expect(sendDueDigests(new Date("2026-05-13T09:00:00Z"))).toEqual(["2026-05-11", "2026-05-12"]);
    expect(sendDueDigests(new Date("2026-05-13T09:01:00Z"))).toEqual([]);
    const mails = db.select().from(outbox).all();
    expect(mails.map((m) => m.subject)).toEqual([
      "40th Birthday Celebration: Guest changes on Sunday, 10 May 2026: 1 change",
      "40th Birthday Celebration: Guest changes on Tuesday, 12 May 2026: 1 change",
    ]); // the 11th had no changes: recorded, no mail
    expect(mails.every((m) => m.to === "host@example.com")).toBe(true);
    expect(db.select().from(hostDigests).all().map((d) => [d.day, d.changes])).toEqual([
      ["2026-05-10", 1],
      ["2026-05-11", 0],
      ["2026-05-12", 1],
    ]);
  });

  it("does nothing unless the host chose the daily digest", () => {
    updateEventConfig({ notifyHost: "each", hostEmail: "host@example.com" });
    expect(sendDueDigests(new Date("2026-05-13T09:00:00Z"))).toEqual([]);
  });
});

describe("notifyHost each", () => {
  it("queues one mail per guest change, none for the host's own, none when off", () => {
    recordActivity({ actor: "guest", kind: "rsvp", summary: "while off" });
    updateEventConfig({ notifyHost: "each", hostEmail: "host@example.com" });
    recordActivity({ actor: "guest", kind: "rsvp", summary: "RSVP: no answer -> attending (2 coming)" });
    recordActivity({ actor: "admin", kind: "room", summary: "Room X x1: assigned, pending" });
    const mails = db.select().from(outbox).all();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("RSVP: no answer -> attending (2 coming)");
  });
});
