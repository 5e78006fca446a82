import { and, asc, eq, ne, sql } from "drizzle-orm";
import { guests, parties, partyRoomAssignments, rsvps } from "../../db/schema";
import { db, hasChanges, immediate, prepared } from "../db.server";
import { ConflictError, NotFoundError } from "../utils/errors";
import { generateAuthCode } from "./auth-code.server";
import { ensurePaymentReference } from "./ledger.server";
import { endSessionsSignedInWithCode } from "./sessions.server";
import { assertContactsFree, contactChanged } from "./identity-owner.server";
import { forgetPartyTravel } from "./traveller-removal.server";
import { recordActivity, recordEdit } from "./activity.server";

export type Party = typeof parties.$inferSelect;
export type PartyInput = {
  name: string;
  primaryContactName?: string | null;
  primaryEmail?: string | null;
  primaryPhone?: string | null;
  authCode?: string | null;
  notes?: string | null;
  language?: "en" | "pt";
};

export const DUPLICATE_CODE_MESSAGE = "This invitation code is already in use. Choose another one.";

const byId = prepared(() => db.select().from(parties).where(eq(parties.id, sql.placeholder("id"))).prepare());
const byCode = prepared(() => db.select().from(parties).where(eq(parties.authCode, sql.placeholder("code"))).prepare());

export function getParty({ id }: { id: string }) {
  return byId().get({ id }) ?? null;
}

export function requireParty({ id }: { id: string }) {
  const party = getParty({ id });
  if (!party) throw new NotFoundError("Party not found");
  return party;
}

export function getPartyByAuthCode({ authCode }: { authCode: string }) {
  return byCode().get({ code: authCode }) ?? null;
}

function assertCodeFree(code: string, exceptId?: string) {
  const clash = db
    .select({ id: parties.id })
    .from(parties)
    .where(exceptId ? and(eq(parties.authCode, code), ne(parties.id, exceptId)) : eq(parties.authCode, code))
    .get();
  // A guest's own code signs in the same way: it must not be taken by one either.
  const guestClash = db.select({ id: guests.id }).from(guests).where(eq(guests.customCode, code)).get();
  if (clash || guestClash) throw new ConflictError(DUPLICATE_CODE_MESSAGE, { authCode: [DUPLICATE_CODE_MESSAGE] });
}

/** New parties get a random 10-character code unless the host chose a (unique) one. */
export function createParty(input: PartyInput): Party {
  return immediate(() => {
    let authCode = input.authCode?.trim() || null;
    if (authCode) assertCodeFree(authCode);
    else {
      do authCode = generateAuthCode();
      while (getPartyByAuthCode({ authCode }));
    }
    // One address, one invitee (issue 22): a new party's contacts must be nobody's yet.
    assertContactsFree({
      owner: null,
      email: { value: input.primaryEmail, field: "primaryEmail" },
      phone: { value: input.primaryPhone, field: "primaryPhone" },
    });
    const row = db.insert(parties).values({ ...input, authCode }).returning().get();
    recordActivity({ actor: "admin", partyId: row.id, kind: "party", summary: `Party "${row.name}" added` });
    // Issue 25: the reference a guest types in a transfer, from the party's first day.
    return { ...row, paymentReference: ensurePaymentReference(row.id) };
  });
}

export function updateParty(id: string, changes: Partial<PartyInput>): Party {
  return immediate(() => {
    const current = requireParty({ id });
    if (!hasChanges(changes)) return current;
    const next = { ...changes };
    if (next.authCode !== undefined) {
      next.authCode = next.authCode?.trim() || generateAuthCode();
      assertCodeFree(next.authCode, id);
    }
    assertContactsFree({
      owner: { type: "party", id },
      email: contactChanged("email", current.primaryEmail, next.primaryEmail) ? { value: next.primaryEmail, field: "primaryEmail" } : undefined,
      phone: contactChanged("phone", current.primaryPhone, next.primaryPhone) ? { value: next.primaryPhone, field: "primaryPhone" } : undefined,
    });
    const updated = db.update(parties).set(next).where(eq(parties.id, id)).returning().get();
    recordEdit({ partyId: id, kind: "party", what: "Party details", before: current, after: next });
    // A replaced code is taken back: sessions signed in with it end (issue 15).
    if (current.authCode && updated.authCode !== current.authCode) endSessionsSignedInWithCode(current.authCode, { type: "party", id });
    return updated;
  });
}

/** Guests stay (their partyId is cleared); the RSVP, rooms, event RSVPs, travel answers and seats on shuttle runs go with the party. */
export function deleteParty({ id }: { id: string }) {
  return immediate(() => {
    forgetPartyTravel(id);
    const deleted = db.delete(parties).where(eq(parties.id, id)).returning({ id: parties.id, name: parties.name }).get();
    if (!deleted) throw new NotFoundError("Party not found");
    recordActivity({ actor: "admin", partyId: id, kind: "party", summary: `Party "${deleted.name}" deleted` });
    return deleted;
  });
}

/** Every party with its member counts, RSVP and room count, in three queries. */
export function listParties() {
  const rows = db.select().from(parties).orderBy(asc(parties.name)).all();
  const members = db
    .select({ partyId: guests.partyId, count: sql<number>`count(*)` })
    .from(guests)
    .where(sql`${guests.partyId} is not null`)
    .groupBy(guests.partyId)
    .all();
  const rsvpRows = db.select().from(rsvps).where(sql`${rsvps.partyId} is not null`).all();
  const rooms = db
    .select({ partyId: partyRoomAssignments.partyId, count: sql<number>`count(*)` })
    .from(partyRoomAssignments)
    .groupBy(partyRoomAssignments.partyId)
    .all();
  const memberCount = new Map(members.map((m) => [m.partyId, m.count]));
  const rsvpBy = new Map(rsvpRows.map((r) => [r.partyId, r]));
  const roomCount = new Map(rooms.map((r) => [r.partyId, r.count]));
  return rows.map((p) => ({
    ...p,
    memberCount: memberCount.get(p.id) ?? 0,
    rsvp: rsvpBy.get(p.id) ?? null,
    roomAssignmentCount: roomCount.get(p.id) ?? 0,
  }));
}

/** The guest-facing read: the party with its guests and RSVP (CONTRACT.md 4). */
// Prepared once: every signed-in guest page reads its party (issue 28).
const membersOf = prepared(() =>
  db.select().from(guests).where(eq(guests.partyId, sql.placeholder("id"))).orderBy(asc(guests.createdAt), asc(sql`rowid`)).prepare(),
);
const rsvpOf = prepared(() => db.select().from(rsvps).where(eq(rsvps.partyId, sql.placeholder("id"))).prepare());

export function getPartyWithGuests({ id }: { id: string }) {
  const party = getParty({ id });
  if (!party) return null;
  const partyGuests = membersOf().all({ id });
  const rsvp = rsvpOf().get({ id }) ?? null;
  return { ...party, guests: partyGuests, rsvp };
}

/** Parties with their RSVP (admin RSVP Tracking): Pending / Attending / Declined. */
export function partiesWithRsvps() {
  return listParties().map((p) => ({
    ...p,
    rsvpStatus: partyRsvpStatus(p.rsvp),
  }));
}

export function partyRsvpStatus(rsvp: { attending: boolean } | null | undefined) {
  return !rsvp ? ("Pending" as const) : rsvp.attending ? ("Attending" as const) : ("Declined" as const);
}

/** A code no party and no guest uses. */
export function freshInvitationCode() {
  for (;;) {
    const code = generateAuthCode();
    const taken =
      db.select({ id: parties.id }).from(parties).where(eq(parties.authCode, code)).get() ??
      db.select({ id: guests.id }).from(guests).where(eq(guests.customCode, code)).get();
    if (!taken) return code;
  }
}

/**
 * "A leaked link can be taken back" (issue 15): a new invitation code, and
 * every session signed in with the old one ends (e-mail and phone sessions
 * stay). Answers the party with its new code.
 */
export function regeneratePartyCode({ id }: { id: string }): Party {
  return immediate(() => {
    const current = requireParty({ id });
    const updated = db.update(parties).set({ authCode: freshInvitationCode() }).where(eq(parties.id, id)).returning().get();
    endSessionsSignedInWithCode(current.authCode, { type: "party", id });
    recordActivity({ actor: "admin", partyId: id, kind: "party", summary: "New invitation code; the old one no longer signs in" });
    return updated;
  });
}
