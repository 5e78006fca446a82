// Issue 13: which actions move the tracking fields, as a table, against a real SQLite file.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../db.server";
import { updateAuthSettings } from "./auth-settings.server";
import { runAutoReminder, autoReminderPlan } from "./auto-reminder.server";
import { updateEventConfig } from "./event-config-update.server";
import { requestEmailCode, verifyEmailCode } from "./email-sign-in.server";
import { findInvitation } from "./guest-auth.server";
import { addPartyMember, createGuest, getGuest, updateGuest } from "./guests.server";
import { markInvited, recordWhatsApp, sendInvitationEmails } from "./invitations.server";
import { rememberInviteeLanguage } from "./invitee-tracking.server";
import { createParty, getParty, updateParty } from "./parties.server";
import { MAX_SEND_ATTEMPTS, retryDelayMs } from "./outbox.server";
import { submitRsvp } from "./rsvps.server";
import { ensureSingletons } from "./seed.server";
import { addDays, lisbonDate, lisbonTime } from "../utils/lisbon-time";

function wipe() {
  for (const table of ["email_sign_in_codes", "outbox", "event_rsvps", "rsvps", "party_room_assignments", "events", "room_types", "guests", "parties"]) {
    db.run(sql.raw(`delete from ${table}`));
  }
  ensureSingletons();
  updateAuthSettings({ emailEnabled: true, phoneEnabled: true, customCodeEnabled: true });
  updateEventConfig({ rsvpDeadline: null, reminderDaysBeforeDeadline: null, autoReminderSentFor: null });
}

const ORIGIN = "https://convite.test";
type Fields = { invitedAt: string | null; invitedVia: string | null; firstOpenedAt: string | null; remindedAt: string | null };
// One phone per invitee (issue 22): each fixture gets its own.
let phones = 0;
const nextPhone = () => `+3519120${String(++phones).padStart(5, "0")}`;
const pick = (r: Fields): Fields => ({ invitedAt: r.invitedAt, invitedVia: r.invitedVia, firstOpenedAt: r.firstOpenedAt, remindedAt: r.remindedAt });

type Subject = { kind: "party"; id: string; code: string; email: string } | { kind: "guest"; id: string; email: string };

function makeParty(): Subject {
  const email = `p${Math.random().toString(36).slice(2)}@example.com`;
  const party = createParty({ name: "Party", primaryEmail: email, primaryPhone: nextPhone() });
  addPartyMember(party.id, { firstName: "A", lastName: "B", ageCategory: "adult" }, "admin");
  return { kind: "party", id: party.id, code: party.authCode!, email };
}
function makeGuest(): Subject {
  const email = `g${Math.random().toString(36).slice(2)}@example.com`;
  const guest = createGuest({ firstName: "Solo", lastName: "Guest", email, phone: nextPhone() }, "admin");
  return { kind: "guest", id: guest.id, email };
}
const read = (s: Subject) => pick((s.kind === "party" ? getParty({ id: s.id }) : getGuest({ id: s.id }))!);
const ids = (s: Subject) => (s.kind === "party" ? { partyIds: [s.id] } : { guestIds: [s.id] });
const ref = (s: Subject) => (s.kind === "party" ? { partyId: s.id } : { guestId: s.id });

/** Each action, and exactly which fields it may move ("set": from null to a time; "same": unchanged). */
const ACTIONS: { name: string; run: (s: Subject) => void; moves: Partial<Record<keyof Fields, string>> }[] = [
  { name: "e-mail invitation", run: (s) => sendInvitationEmails({ kind: "invitation", ...ids(s), origin: ORIGIN }), moves: { invitedAt: "set", invitedVia: "email" } },
  { name: "e-mail reminder", run: (s) => sendInvitationEmails({ kind: "reminder", ...ids(s), origin: ORIGIN }), moves: { remindedAt: "set" } },
  { name: "WhatsApp invitation", run: (s) => recordWhatsApp({ ref: ref(s), kind: "invitation", origin: ORIGIN }), moves: { invitedAt: "set", invitedVia: "whatsapp" } },
  { name: "WhatsApp reminder", run: (s) => recordWhatsApp({ ref: ref(s), kind: "reminder", origin: ORIGIN }), moves: { remindedAt: "set" } },
  { name: "printed cards marked", run: (s) => markInvited({ ...ids(s), via: "print" }), moves: { invitedAt: "set", invitedVia: "print" } },
  { name: "marked by hand", run: (s) => markInvited({ ...ids(s), via: "manual" }), moves: { invitedAt: "set", invitedVia: "manual" } },
  { name: "sign-in by e-mail", run: (s) => findInvitation("email", s.email), moves: { firstOpenedAt: "set" } },
  {
    name: "sign-in by code",
    run: (s) => findInvitation("code", s.kind === "party" ? s.code : getGuest({ id: s.id })!.customCode ?? (updateGuest(s.id, { customCode: `CODE-${s.id.slice(0, 6)}` }, "admin"), `CODE-${s.id.slice(0, 6)}`)),
    moves: { firstOpenedAt: "set" },
  },
  {
    name: "sign-in by the e-mailed one-time code",
    run: (s) => {
      requestEmailCode({ email: s.email, now: new Date(), linkBase: ORIGIN, send: false });
      const text = db.get<{ text: string }>(sql`select text from outbox where kind = 'sign-in-code' order by rowid desc limit 1`)!.text;
      verifyEmailCode({ email: s.email, code: text.match(/\b\d{6}\b/)![0], now: new Date() });
    },
    moves: { firstOpenedAt: "set" },
  },
  { name: "a one-time code asked for, not used", run: (s) => requestEmailCode({ email: s.email, now: new Date(), linkBase: ORIGIN, send: false }), moves: {} },
  { name: "failed sign-in", run: () => expect(() => findInvitation("email", "nobody@example.com")).toThrow(), moves: {} },
  { name: "RSVP submitted", run: (s) => submitRsvp(s.kind === "party" ? { partyId: s.id, attending: true, actor: "guest" } : { guestId: s.id, attending: true, actor: "guest" }), moves: {} },
  {
    name: "host edits the invitee",
    run: (s) => (s.kind === "party" ? updateParty(s.id, { notes: "changed", language: "pt" }) : updateGuest(s.id, { notes: "changed", language: "pt" }, "admin")),
    moves: {},
  },
  { name: "guest switches language", run: (s) => rememberInviteeLanguage({ type: s.kind, id: s.id }, "pt"), moves: {} },
];

describe("tracking fields move exactly with their actions", () => {
  beforeEach(wipe);

  for (const make of [makeParty, makeGuest]) {
    for (const action of ACTIONS) {
      it(`${make === makeParty ? "party" : "individual guest"}: ${action.name}`, () => {
        const subject = make();
        const before = read(subject);
        expect(before).toEqual({ invitedAt: null, invitedVia: null, firstOpenedAt: null, remindedAt: null });
        action.run(subject);
        const after = read(subject);
        for (const key of Object.keys(before) as (keyof Fields)[]) {
          const expected = action.moves[key];
          if (!expected) expect(after[key], key).toBe(before[key]);
          else if (expected === "set") expect(after[key], key).toMatch(/^\d{4}-\d{2}-\d{2}T/);
          else expect(after[key], key).toBe(expected);
        }
      });
    }
  }

  it("the first sign-in is kept: a later one does not move firstOpenedAt", async () => {
    const subject = makeParty();
    findInvitation("code", (subject as { code: string }).code);
    const first = read(subject).firstOpenedAt;
    await new Promise((r) => setTimeout(r, 5));
    findInvitation("email", subject.email);
    expect(read(subject).firstOpenedAt).toBe(first);
  });

  it("an individual guest without a code is given a 10-character one when first invited", () => {
    const guest = createGuest({ firstName: "No", lastName: "Code", email: "nocode@example.com" }, "admin");
    expect(guest.customCode).toBeNull();
    sendInvitationEmails({ kind: "invitation", guestIds: [guest.id], origin: ORIGIN });
    expect(getGuest({ id: guest.id })!.customCode).toMatch(/^[A-Za-z0-9_-]{10}$/);
  });
});

describe("the outbox's retries", () => {
  it("by default, 5 attempts fit within 4 minutes", () => {
    const waits = [1, 2, 3, 4].map((failures) => retryDelayMs(failures));
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(4 * 60_000);
    expect(MAX_SEND_ATTEMPTS).toBe(5);
  });
});

describe("the automatic reminder", () => {
  beforeEach(wipe);

  it("goes at 09:00 Lisbon on its day, once, to invitees with something open and an e-mail", () => {
    const open = makeParty();
    const answered = makeParty();
    submitRsvp({ partyId: answered.id, attending: true, actor: "guest" });
    const sendDate = "2026-05-05";
    updateEventConfig({ rsvpDeadline: "2026-05-12", reminderDaysBeforeDeadline: 7 });

    const plan = autoReminderPlan(new Date("2026-05-01T12:00:00Z"));
    expect(plan).toMatchObject({ enabled: true, sendDate, recipients: 1, due: false });
    // 09:00 in Lisbon in May is 08:00 UTC (summer time).
    expect(plan.enabled && plan.sendAt).toBe("2026-05-05T08:00:00.000Z");

    expect(runAutoReminder({ now: new Date("2026-05-05T07:59:00Z"), origin: ORIGIN })).toBeNull();
    const sent = runAutoReminder({ now: new Date("2026-05-05T08:00:00Z"), origin: ORIGIN });
    expect(sent?.queued).toEqual([{ partyId: open.id, to: open.email }]);
    expect(read(open).remindedAt).not.toBeNull();
    expect(read(answered).remindedAt).toBeNull();
    // Later that day (or after a restart): recorded, not repeated.
    expect(runAutoReminder({ now: new Date("2026-05-05T15:00:00Z"), origin: ORIGIN })).toBeNull();
    expect(autoReminderPlan(new Date("2026-05-05T15:00:00Z"))).toMatchObject({ sentCount: 1, due: false });
  });

  it("a server that was down at 09:00 still sends it later that day, but not after the deadline", () => {
    makeParty();
    updateEventConfig({ rsvpDeadline: "2026-01-20", reminderDaysBeforeDeadline: 3 });
    expect(runAutoReminder({ now: new Date("2026-01-21T00:00:01Z"), origin: ORIGIN })).toBeNull();
    expect(runAutoReminder({ now: new Date("2026-01-17T13:00:00Z"), origin: ORIGIN })?.queued).toHaveLength(1);
  });

  it("Lisbon wall-clock helpers", () => {
    expect(lisbonTime("2026-01-10", 9).toISOString()).toBe("2026-01-10T09:00:00.000Z");
    expect(lisbonTime("2026-07-10", 9).toISOString()).toBe("2026-07-10T08:00:00.000Z");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(lisbonDate(new Date("2026-07-10T23:30:00Z"))).toBe("2026-07-11");
  });
});
