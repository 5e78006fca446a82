import { eq, sql } from "drizzle-orm";
import { guests, partyRoomAssignments, rsvps } from "../../db/schema";
import { db, immediate, prepared } from "../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import { recordActivity, type Actor } from "./activity.server";
import { comingCounts, getGuest, listPartyMembers } from "./guests.server";
import { getParty } from "./parties.server";
import { decideRoomAssignment, getRoomAssignment } from "./room-assignments.server";
import { assertMayChange } from "./rsvp-deadline.server";

export type Rsvp = typeof rsvps.$inferSelect;

export const ROOM_DECISION_REQUIRED =
  "Room decision required - Please confirm or decline all room assignments before submitting your RSVP.";
export const TOTAL_GUESTS_RANGE = "Total guests must be between 1 and 10.";
export const MEMBER_NOT_IN_PARTY = "memberAttendance lists someone who is not a member of this party.";
export const MEMBER_ATTENDANCE_PARTY_ONLY = "memberAttendance is only for a party's RSVP.";
export const NOBODY_COMING = "At least one member must be coming to answer yes.";

export type RoomDecision = { assignmentId: string; status: "confirmed" | "declined"; reason?: string | null };
export type MemberAttendance = { guestId: string; attending: boolean };

export type RsvpSubmission = ({ partyId: string; guestId?: undefined } | { guestId: string; partyId?: undefined }) & {
  actor: Actor;
  attending: boolean;
  guestCount?: number;
  adultsCount?: number;
  kidsCount?: number;
  babiesCount?: number;
  dietaryRestrictions?: string | null;
  messageToHost?: string | null;
  roomsConfirmed?: boolean;
  roomConfirmationDecisions?: RoomDecision[];
  /** A party's whole answer per member; members left out are coming (issue 14). */
  memberAttendance?: MemberAttendance[];
};

// Prepared once: these run on every RSVP submit (issue 8).
const byParty = prepared(() => db.select().from(rsvps).where(eq(rsvps.partyId, sql.placeholder("id"))).prepare());
const byGuest = prepared(() => db.select().from(rsvps).where(eq(rsvps.guestId, sql.placeholder("id"))).prepare());
const roomStatuses = prepared(() =>
  db
    .select({ status: partyRoomAssignments.confirmationStatus })
    .from(partyRoomAssignments)
    .where(eq(partyRoomAssignments.partyId, sql.placeholder("partyId")))
    .prepare(),
);
const setAttending = () => ({
  run: ({ id, attending }: { id: string; attending: boolean }) => db.update(guests).set({ attending }).where(eq(guests.id, id)).run(),
});

export function getRsvpFor(owner: { partyId?: string | null; guestId?: string | null }) {
  if (owner.partyId) return byParty().get({ id: owner.partyId }) ?? null;
  if (owner.guestId) return byGuest().get({ id: owner.guestId }) ?? null;
  return null;
}

const answerWord = (r: { attending: boolean } | null) => (!r ? "no answer" : r.attending ? "attending" : "not attending");
const quoted = (v: string | null | undefined) => (v ? `"${v.length > 80 ? `${v.slice(0, 77)}...` : v}"` : "(none)");

/** "RSVP: no answer -> attending (3 coming)", then what else changed. Empty when nothing did. */
function describeRsvp(before: Rsvp | null, after: Rsvp, memberChanges: string[]) {
  const parts: string[] = [];
  const coming = (r: Rsvp) => (r.attending ? ` (${r.guestCount} coming)` : "");
  if (!before || before.attending !== after.attending) parts.push(`${answerWord(before)} -> ${answerWord(after)}${coming(after)}`);
  else if (before.guestCount !== after.guestCount) parts.push(`guests ${before.guestCount} -> ${after.guestCount}`);
  parts.push(...memberChanges);
  if (before && (before.adultsCount !== after.adultsCount || before.kidsCount !== after.kidsCount || before.babiesCount !== after.babiesCount) && !memberChanges.length && before.attending === after.attending && after.attending) {
    parts.push(`adults/kids/babies ${before.adultsCount}/${before.kidsCount}/${before.babiesCount} -> ${after.adultsCount}/${after.kidsCount}/${after.babiesCount}`);
  }
  if ((before?.dietaryRestrictions ?? null) !== after.dietaryRestrictions) parts.push(`dietary ${quoted(before?.dietaryRestrictions)} -> ${quoted(after.dietaryRestrictions)}`);
  if ((before?.messageToHost ?? null) !== after.messageToHost) parts.push(`message ${quoted(before?.messageToHost)} -> ${quoted(after.messageToHost)}`);
  return parts.length ? `RSVP: ${parts.join("; ")}` : "";
}

/**
 * One RSVP per party or guest (a second submit updates it). A party answers
 * for each member (coming or not; those left out are coming) and its counts
 * are the members coming; its room decisions are saved in the same
 * transaction, and attending with a room still pending is refused (409) with
 * nothing saved. After the deadline a guest changes nothing (403).
 */
export function submitRsvp(input: RsvpSubmission): Rsvp {
  return immediate(() => {
    assertMayChange(input.actor);
    const now = new Date().toISOString();
    let counts: { guestCount: number; adultsCount: number; kidsCount: number; babiesCount: number };
    let roomsConfirmed = false;
    const memberChanges: string[] = [];
    const before = getRsvpFor(input);

    if (input.partyId) {
      if (!getParty({ id: input.partyId })) throw new NotFoundError("Party not found");
      const members = listPartyMembers({ partyId: input.partyId });
      const answers = new Map<string, boolean>();
      for (const a of input.memberAttendance ?? []) {
        if (!members.some((m) => m.id === a.guestId)) {
          throw new ValidationError(MEMBER_NOT_IN_PARTY, { memberAttendance: [MEMBER_NOT_IN_PARTY] });
        }
        answers.set(a.guestId, a.attending);
      }
      // "No" means nobody; "yes" means everyone not said to stay home, and at least one.
      const next = members.map((m) => ({ ...m, attending: input.attending ? (answers.get(m.id) ?? true) : false }));
      if (input.attending && !next.some((m) => m.attending)) {
        throw new ValidationError(NOBODY_COMING, { memberAttendance: [NOBODY_COMING] });
      }
      for (const d of input.roomConfirmationDecisions ?? []) {
        // Sending again the decision a paid room already has changes nothing: not a refusal.
        const current = getRoomAssignment({ id: d.assignmentId });
        if (current?.partyId === input.partyId && current.isPaid && current.confirmationStatus === d.status) continue;
        decideRoomAssignment({ id: d.assignmentId, partyId: input.partyId, status: d.status, reason: d.reason, actor: input.actor });
      }
      const rooms = roomStatuses().all({ partyId: input.partyId });
      const pending = rooms.some((r) => r.status === "pending");
      if (input.attending && pending) throw new ConflictError(ROOM_DECISION_REQUIRED);
      roomsConfirmed = rooms.length > 0 && !pending;
      const wasYes = !!before?.attending;
      for (const [i, m] of next.entries()) {
        const was = members[i]!.attending;
        if (was !== m.attending) setAttending().run({ id: m.id, attending: m.attending });
        if (!input.attending) continue; // "not attending" says it all
        const name = `${m.firstName} ${m.lastName}`;
        if (!wasYes && !m.attending) memberChanges.push(`${name}: not coming`);
        else if (wasYes && was !== m.attending) memberChanges.push(`${name}: ${was === false ? "not coming" : "coming"} -> ${m.attending ? "coming" : "not coming"}`);
      }
      const c = comingCounts(next);
      counts = { guestCount: Math.min(10, Math.max(1, c.total)), adultsCount: c.adults, kidsCount: c.kids, babiesCount: c.babies };
    } else {
      if (input.memberAttendance) {
        throw new ValidationError(MEMBER_ATTENDANCE_PARTY_ONLY, { memberAttendance: [MEMBER_ATTENDANCE_PARTY_ONLY] });
      }
      if (!input.guestId || !getGuest({ id: input.guestId })) throw new NotFoundError("Guest not found");
      const adultsCount = input.adultsCount ?? 1;
      const kidsCount = input.kidsCount ?? 0;
      const babiesCount = input.babiesCount ?? 0;
      const total = adultsCount + kidsCount + babiesCount;
      if (input.attending && (total < 1 || total > 10)) throw new ValidationError(TOTAL_GUESTS_RANGE, { guestCount: [TOTAL_GUESTS_RANGE] });
      counts = { guestCount: total, adultsCount, kidsCount, babiesCount };
      setAttending().run({ id: input.guestId, attending: input.attending });
    }
    // SPEC.md 5 and issue 14: a "no" counts nobody; its guest count is 1.
    if (!input.attending) counts = { guestCount: 1, adultsCount: 0, kidsCount: 0, babiesCount: 0 };

    const values = {
      attending: input.attending,
      ...counts,
      dietaryRestrictions: input.dietaryRestrictions?.trim() || null,
      messageToHost: input.messageToHost?.trim() || null,
      roomsConfirmed,
      confirmedAt: now,
    };
    const saved = before
      ? db.update(rsvps).set(values).where(eq(rsvps.id, before.id)).returning().get()
      : db
          .insert(rsvps)
          .values({ ...values, partyId: input.partyId ?? null, guestId: input.guestId ?? null })
          .returning()
          .get();
    const summary = describeRsvp(before, saved, memberChanges);
    if (summary) recordActivity({ actor: input.actor, partyId: saved.partyId, guestId: saved.guestId, kind: "rsvp", summary });
    return saved;
  });
}

export const NO_YES_TO_CHANGE = "Answer yes first: who is coming is part of a yes.";

/**
 * Who in a party that answered yes is coming (My RSVP's "Who is coming"):
 * the whole list, members left out are coming; at least one must be.
 * The counts follow; one activity row.
 */
export function setMemberAttendance({ partyId, memberAttendance, actor }: { partyId: string; memberAttendance: MemberAttendance[]; actor: Actor }) {
  return immediate(() => {
    assertMayChange(actor);
    const rsvp = getRsvpFor({ partyId });
    if (!rsvp) throw new NotFoundError("RSVP not found");
    if (!rsvp.attending) throw new ConflictError(NO_YES_TO_CHANGE);
    const members = listPartyMembers({ partyId });
    const answers = new Map<string, boolean>();
    for (const a of memberAttendance) {
      if (!members.some((m) => m.id === a.guestId)) throw new ValidationError(MEMBER_NOT_IN_PARTY, { memberAttendance: [MEMBER_NOT_IN_PARTY] });
      answers.set(a.guestId, a.attending);
    }
    const next = members.map((m) => ({ ...m, attending: answers.get(m.id) ?? true }));
    if (!next.some((m) => m.attending)) throw new ValidationError(NOBODY_COMING, { memberAttendance: [NOBODY_COMING] });
    const lines: string[] = [];
    for (const [i, m] of next.entries()) {
      const was = members[i]!.attending;
      if (was === m.attending) continue;
      setAttending().run({ id: m.id, attending: m.attending });
      lines.push(`${m.firstName} ${m.lastName}: ${was === false ? "not coming" : "coming"} -> ${m.attending ? "coming" : "not coming"}`);
    }
    const c = comingCounts(next);
    const saved = db
      .update(rsvps)
      .set({ guestCount: Math.min(10, Math.max(1, c.total)), adultsCount: c.adults, kidsCount: c.kids, babiesCount: c.babies })
      .where(eq(rsvps.id, rsvp.id))
      .returning()
      .get();
    if (lines.length) {
      recordActivity({ actor, partyId, kind: "member", summary: `Who is coming: ${lines.join("; ")} (${rsvp.guestCount} -> ${saved.guestCount} coming)` });
    }
    return saved;
  });
}
