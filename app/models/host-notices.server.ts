import { and, eq, gte, lt, sql } from "drizzle-orm";
import { activityLog, guests, hostDigests, parties } from "../../db/schema";
import { db, immediate } from "../db.server";
import { env } from "../env.server";
import { addDays, lisbonClock, lisbonDay, lisbonDayStart } from "../utils/rsvp-deadline";
import { getEventConfig } from "./event-config.server";
import { enqueueMail } from "./outbox.server";

/*
 * The host hears of guests' changes (issue 14), through the outbox:
 * notifyHost "each" queues one mail per change, in the change's transaction;
 * "daily" sends one digest at 08:00 Europe/Lisbon listing the previous
 * Lisbon day's changes. Each handled day gets a host_digests row written in
 * the same transaction as its mail, so a restart never repeats a day, and a
 * server that was down at 08:00 sends the missed days when it is back.
 */

export const DIGEST_HOUR = 8;
/** A server down for longer than this does not flood the host with old digests. */
const MAX_CATCH_UP_DAYS = 7;

export type Change = { at: string; actor: "guest" | "admin"; kind: string; summary: string; who: string };

const sendNow = () => !!env().SMTP_URL;

function nameFor(partyId: string | null, guestId: string | null) {
  if (partyId) return db.select({ name: parties.name }).from(parties).where(eq(parties.id, partyId)).get()?.name ?? "A party";
  if (guestId) {
    const g = db.select({ f: guests.firstName, l: guests.lastName }).from(guests).where(eq(guests.id, guestId)).get();
    if (g) return `${g.f} ${g.l}`;
  }
  return "A guest";
}

/** notifyHost "each": one mail per guest change, queued in the change's own transaction. */
export function notifyHostOfChange(row: { at: string; actor: "guest" | "admin"; partyId: string | null; guestId: string | null; kind: string; summary: string }) {
  const config = getEventConfig();
  if (config.notifyHost !== "each" || !config.hostEmail || row.actor !== "guest") return;
  const who = nameFor(row.partyId, row.guestId);
  const clock = lisbonClock(new Date(row.at));
  enqueueMail({
    to: [config.hostEmail],
    subject: `${config.eventTitle}: ${who} changed their answer`,
    text: `${who}, ${clock.day} ${String(clock.hour).padStart(2, "0")}:${String(clock.minute).padStart(2, "0")} (Lisbon):\n${row.summary}\n`,
    kind: "host-notice",
    send: sendNow(),
  });
}

const dayTitle = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The digest of one Lisbon day: the guests' changes made that day, oldest
 * first (the host's own changes are left out: the host knows them). Null when
 * there were none. Pure: tests call it with their own changes.
 */
export function digestContent(changes: Change[], day: string): { subject: string; text: string; count: number } | null {
  const ofDay = changes.filter((c) => c.actor === "guest" && lisbonDay(new Date(c.at)) === day).sort((a, b) => a.at.localeCompare(b.at));
  if (ofDay.length === 0) return null;
  const title = dayTitle.format(new Date(`${day}T12:00:00Z`));
  const lines = ofDay.map((c) => {
    const t = lisbonClock(new Date(c.at));
    return `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}  ${c.who} (${c.kind}): ${c.summary}`;
  });
  const n = ofDay.length;
  return {
    subject: `Guest changes on ${title}: ${n} ${n === 1 ? "change" : "changes"}`,
    text: [`What guests changed on ${title} (times in Lisbon):`, "", ...lines, ""].join("\n"),
    count: n,
  };
}

/** The changes made in one Lisbon day, with the names of whom they belong to. */
export function changesOfDay(day: string): Change[] {
  const from = lisbonDayStart(day).toISOString();
  const to = lisbonDayStart(addDays(day, 1)).toISOString();
  return db
    .select({
      at: activityLog.at,
      actor: activityLog.actor,
      kind: activityLog.kind,
      summary: activityLog.summary,
      partyName: parties.name,
      firstName: guests.firstName,
      lastName: guests.lastName,
    })
    .from(activityLog)
    .leftJoin(parties, eq(parties.id, activityLog.partyId))
    .leftJoin(guests, eq(guests.id, activityLog.guestId))
    .where(and(gte(activityLog.at, from), lt(activityLog.at, to)))
    .orderBy(activityLog.at, sql`${activityLog}.rowid`)
    .all()
    .map((r) => ({
      at: r.at,
      actor: r.actor,
      kind: r.kind,
      summary: r.summary,
      who: r.partyName ?? (r.firstName ? `${r.firstName} ${r.lastName ?? ""}`.trim() : "A deleted guest"),
    }));
}

/** The latest Lisbon day whose digest is due at `now` (yesterday after 08:00, the day before before it). */
export function latestDueDay(now: Date) {
  const clock = lisbonClock(now);
  return addDays(clock.day, clock.hour >= DIGEST_HOUR ? -1 : -2);
}

/**
 * Sends every digest that is due and not yet handled (at most a week back).
 * Idempotent: call it as often as you like; each day is handled once.
 * Returns the days handled now.
 */
export function sendDueDigests(now: Date = new Date()) {
  const config = getEventConfig();
  if (config.notifyHost !== "daily") return [];
  const target = latestDueDay(now);
  return immediate(() => {
    const last = db.select({ day: sql<string | null>`max(${hostDigests.day})` }).from(hostDigests).get()?.day ?? null;
    let day = last && last >= addDays(target, -MAX_CATCH_UP_DAYS + 1) ? addDays(last, 1) : target;
    const handled: string[] = [];
    for (; day <= target; day = addDays(day, 1)) {
      const content = digestContent(changesOfDay(day), day);
      const mail =
        content && config.hostEmail
          ? enqueueMail({ to: [config.hostEmail], subject: `${config.eventTitle}: ${content.subject}`, text: content.text, kind: "host-digest", send: sendNow() })
          : null;
      db.insert(hostDigests).values({ day, changes: content?.count ?? 0, outboxId: mail?.id ?? null }).onConflictDoNothing().run();
      handled.push(day);
    }
    return handled;
  });
}
