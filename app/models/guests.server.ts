import { and, asc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { guests, parties, rsvps } from "../../db/schema";
import { db, hasChanges, immediate, prepared } from "../db.server";
import { ConflictError, NotFoundError } from "../utils/errors";
import { freshInvitationCode } from "./parties.server";
import { endSessionsSignedInWithCode } from "./sessions.server";
import { recordActivity, type Actor } from "./activity.server";
import { assertMayChange } from "./rsvp-deadline.server";
import { assertContactsFree, contactChanged } from "./identity-owner.server";
import { forgetTravellers } from "./traveller-removal.server";

export type Guest = typeof guests.$inferSelect;
export type AgeCategory = Guest["ageCategory"];
export type GuestInput = {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  customCode?: string | null;
  ageCategory?: AgeCategory;
  partyId?: string | null;
  dateOfBirth?: string | null;
  notes?: string | null;
  language?: "en" | "pt";
};

export const LAST_MEMBER_MESSAGE = "Cannot remove: At least one party member must exist.";
export const DUPLICATE_GUEST_CODE_MESSAGE = "This invitation code is already in use. Choose another one.";

export function getGuest({ id }: { id: string }) {
  return db.select().from(guests).where(eq(guests.id, id)).get() ?? null;
}

export function requireGuest({ id }: { id: string }) {
  const guest = getGuest({ id });
  if (!guest) throw new NotFoundError("Guest not found");
  return guest;
}

/**
 * A guest with the answer that stands for it (SPEC.md 3): an individual
 * guest's own RSVP, a party member's party RSVP; null before one exists.
 */
export function getGuestWithRsvp({ id }: { id: string }) {
  const guest = getGuest({ id });
  if (!guest) return null;
  const rsvp = (guest.partyId ? rsvpOf().party.get({ id: guest.partyId }) : rsvpOf().guest.get({ id })) ?? null;
  return { ...guest, rsvp };
}

// Prepared once: an individual guest's pages read it on every request (issue 28).
const rsvpOf = prepared(() => ({
  party: db.select().from(rsvps).where(eq(rsvps.partyId, sql.placeholder("id"))).prepare(),
  guest: db.select().from(rsvps).where(eq(rsvps.guestId, sql.placeholder("id"))).prepare(),
}));

function assertPartyExists(partyId: string | null | undefined) {
  if (partyId && !db.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId)).get()) {
    throw new NotFoundError("Party not found");
  }
}

/**
 * A guest's code signs in like a party's (CONTRACT.md 4), so it must not be
 * any other guest's code nor any party's code: one code, one invitation.
 */
function assertCustomCodeFree(code: string | null | undefined, exceptGuestId?: string) {
  if (!code) return;
  const guestClash = db
    .select({ id: guests.id })
    .from(guests)
    .where(exceptGuestId ? and(eq(guests.customCode, code), ne(guests.id, exceptGuestId)) : eq(guests.customCode, code))
    .get();
  const partyClash = db.select({ id: parties.id }).from(parties).where(eq(parties.authCode, code)).get();
  if (guestClash || partyClash) throw new ConflictError(DUPLICATE_GUEST_CODE_MESSAGE, { customCode: [DUPLICATE_GUEST_CODE_MESSAGE] });
}

/** The people a party's answer counts: its members who are coming (docs/decisions/004). */
export function comingCounts(members: Array<Pick<Guest, "ageCategory" | "attending">>) {
  const coming = members.filter((m) => m.attending !== false);
  const count = (c: AgeCategory) => coming.filter((m) => m.ageCategory === c).length;
  return { total: coming.length, adults: count("adult"), kids: count("kid"), babies: count("baby") };
}

/**
 * A party's RSVP counts come from its members who are coming (CONTRACT.md 5,
 * issue 14): when members join, leave or change age after the RSVP was sent,
 * the counts follow. A "no" counts nobody (guestCount 1, SPEC.md 5).
 */
function syncPartyRsvpCounts(partyId: string | null | undefined) {
  if (!partyId) return;
  const rsvp = db.select({ attending: rsvps.attending }).from(rsvps).where(eq(rsvps.partyId, partyId)).get();
  if (!rsvp) return;
  const c = rsvp.attending ? comingCounts(listPartyMembers({ partyId })) : { total: 0, adults: 0, kids: 0, babies: 0 };
  db.update(rsvps)
    .set({ adultsCount: c.adults, kidsCount: c.kids, babiesCount: c.babies, guestCount: Math.min(10, Math.max(1, c.total)) })
    .where(eq(rsvps.partyId, partyId))
    .run();
}

/** A member who joins a party that has answered follows its answer (a "yes" counts them in). */
function attendingOnJoining(partyId: string | null | undefined) {
  if (!partyId) return null;
  return db.select({ attending: rsvps.attending }).from(rsvps).where(eq(rsvps.partyId, partyId)).get()?.attending ?? null;
}

const fullName = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`;
const AGE_LABEL: Record<AgeCategory, string> = { adult: "adult", kid: "kid", baby: "baby" };
const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "(none)" : `"${String(v)}"`);

/** "lastName "Smit" -> "Smith", email (none) -> "a@b.c"" for the fields that changed. */
function describeChanges(before: Guest, after: Guest) {
  const keys = ["firstName", "lastName", "email", "phone", "ageCategory", "customCode", "dateOfBirth", "partyId"] as const;
  return keys
    .filter((k) => (before[k] ?? null) !== (after[k] ?? null))
    .map((k) => (k === "partyId" ? "moved to another party" : `${k} ${shown(before[k])} -> ${shown(after[k])}`))
    .join(", ");
}

export function createGuest(input: GuestInput, actor: Actor): Guest {
  return immediate(() => {
    if (input.partyId) assertMayChange(actor);
    assertPartyExists(input.partyId);
    assertCustomCodeFree(input.customCode);
    // One address, one invitee (issue 22): a member shares its party's, an individual guest shares nobody's.
    assertContactsFree({
      owner: input.partyId ? { type: "party", id: input.partyId } : null,
      email: { value: input.email, field: "email" },
      phone: { value: input.phone, field: "phone" },
    });
    const guest = db
      .insert(guests)
      .values({ ...input, attending: attendingOnJoining(input.partyId) })
      .returning()
      .get();
    syncPartyRsvpCounts(guest.partyId);
    recordActivity({
      actor,
      partyId: guest.partyId,
      guestId: guest.id,
      kind: "member",
      summary: `${guest.partyId ? "Member added" : "Guest added"}: ${fullName(guest)} (${AGE_LABEL[guest.ageCategory]})`,
    });
    return guest;
  });
}

export function updateGuest(id: string, changes: Partial<GuestInput>, actor: Actor): Guest {
  return immediate(() => {
    assertMayChange(actor);
    const guest = requireGuest({ id });
    if (!hasChanges(changes)) return guest;
    const moving = changes.partyId !== undefined && changes.partyId !== guest.partyId;
    if (moving) {
      assertPartyExists(changes.partyId);
      // Moving the last member out would leave a party nobody can answer for.
      if (guest.partyId) assertNotLastMember(guest.partyId);
    }
    if (changes.customCode !== undefined) assertCustomCodeFree(changes.customCode, id);
    // A contact that changes, or moves with its guest to another invitee, must be free there (issue 22).
    const partyAfter = moving ? (changes.partyId ?? null) : guest.partyId;
    assertContactsFree({
      owner: partyAfter ? { type: "party", id: partyAfter } : { type: "guest", id },
      exceptGuestId: id,
      email: moving || contactChanged("email", guest.email, changes.email) ? { value: changes.email === undefined ? guest.email : changes.email, field: "email" } : undefined,
      phone: moving || contactChanged("phone", guest.phone, changes.phone) ? { value: changes.phone === undefined ? guest.phone : changes.phone, field: "phone" } : undefined,
    });
    const set = moving ? { ...changes, attending: attendingOnJoining(changes.partyId) } : changes;
    const updated = db.update(guests).set(set).where(eq(guests.id, id)).returning().get();
    // A replaced code is taken back: sessions signed in with it end (issue 15).
    if (guest.customCode && updated.customCode !== guest.customCode) {
      endSessionsSignedInWithCode(guest.customCode, guest.partyId ? undefined : { type: "guest", id });
    }
    if (updated.partyId !== guest.partyId || updated.ageCategory !== guest.ageCategory) {
      syncPartyRsvpCounts(guest.partyId);
      if (updated.partyId !== guest.partyId) syncPartyRsvpCounts(updated.partyId);
    }
    const what = describeChanges(guest, updated);
    if (what) {
      recordActivity({
        actor,
        partyId: updated.partyId ?? guest.partyId,
        guestId: id,
        kind: "member",
        summary: `${updated.partyId ? "Member" : "Guest"} ${fullName(updated)}: ${what}`,
      });
    }
    return updated;
  });
}

export function deleteGuest({ id, actor }: { id: string; actor: Actor }) {
  return immediate(() => {
    const existing = getGuest({ id });
    if (existing?.partyId) assertMayChange(actor);
    // Deleting is removing too: never a party's last member (CONTRACT.md 5; tests/stress/races.test.ts).
    if (existing?.partyId) assertNotLastMember(existing.partyId);
    const deleted = db.delete(guests).where(eq(guests.id, id)).returning({ id: guests.id, partyId: guests.partyId }).get();
    if (!deleted || !existing) throw new NotFoundError("Guest not found");
    forgetTravellers([id]);
    syncPartyRsvpCounts(deleted.partyId);
    recordActivity({
      actor,
      partyId: deleted.partyId,
      guestId: id,
      kind: "member",
      summary: `${deleted.partyId ? "Member removed" : "Guest removed"}: ${fullName(existing)}`,
    });
    return { id: deleted.id };
  });
}

export type GuestFilters = {
  search?: string;
  partyId?: string | "none";
  ageCategory?: AgeCategory;
  rsvpStatus?: "pending" | "attending" | "declined";
};

// Per person (issue 14): a member's own "coming", set when their party (or they) answered.
const attendingOf = sql<number | null>`${guests.attending}`;
const dietaryOf = sql<string | null>`coalesce((select r.dietary_restrictions from rsvps r where r.guest_id = "guests"."id"), (select r.dietary_restrictions from rsvps r where r.party_id = "guests"."party_id"))`;

function guestFilterWhere(filters: GuestFilters) {
  const where: SQL[] = [];
  if (filters.search?.trim()) {
    const q = `%${filters.search.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const esc = (col: unknown) => sql`${col} like ${q} escape '\\'`;
    where.push(
      or(
        esc(guests.firstName),
        esc(guests.lastName),
        esc(guests.email),
        esc(guests.phone),
        esc(sql`${guests.firstName} || ' ' || ${guests.lastName}`),
        // The party's name too: a select of every party weighs too much at 300 (issue 16).
        esc(sql`(select p.name from parties p where p.id = "guests"."party_id")`),
      )!,
    );
  }
  if (filters.partyId === "none") where.push(sql`${guests.partyId} is null`);
  else if (filters.partyId) where.push(eq(guests.partyId, filters.partyId));
  if (filters.ageCategory) where.push(eq(guests.ageCategory, filters.ageCategory));
  if (filters.rsvpStatus === "pending") where.push(sql`${attendingOf} is null`);
  if (filters.rsvpStatus === "attending") where.push(sql`${attendingOf} = 1`);
  if (filters.rsvpStatus === "declined") where.push(sql`${attendingOf} = 0`);
  return where.length ? and(...where) : undefined;
}

/** How many guests the filters match (for the list's pages). */
export function countGuests(filters: GuestFilters = {}) {
  return db.select({ n: sql<number>`count(*)` }).from(guests).where(guestFilterWhere(filters)).get()?.n ?? 0;
}

/**
 * Guests with their party's name and the RSVP that answers for them (their own,
 * or their party's), filtered in SQL: one query whatever the list's length.
 * With a window, only that page of the list is read (the admin list shows 50).
 */
const ownRsvps = alias(rsvps, "own_rsvp");
const partyRsvps = alias(rsvps, "party_rsvp");

export function listGuests(filters: GuestFilters = {}, window?: { offset: number; limit: number }) {
  const query = db
    .select({
      guest: guests,
      partyName: parties.name,
      attending: attendingOf,
      dietaryRestrictions: dietaryOf,
      ownRsvp: ownRsvps,
      partyRsvp: partyRsvps,
    })
    .from(guests)
    .leftJoin(parties, eq(parties.id, guests.partyId))
    .leftJoin(ownRsvps, eq(ownRsvps.guestId, guests.id))
    .leftJoin(partyRsvps, eq(partyRsvps.partyId, guests.partyId))
    .where(guestFilterWhere(filters))
    .orderBy(asc(guests.lastName), asc(guests.firstName), asc(guests.id));
  const rows = window ? query.limit(window.limit).offset(window.offset).all() : query.all();
  return rows.map(({ guest, partyName, attending: a, dietaryRestrictions, ownRsvp, partyRsvp }) => ({
    ...guest,
    partyName,
    // The answer that stands for the guest, as getGuestWithRsvp gives it.
    rsvp: guest.partyId ? partyRsvp : ownRsvp,
    rsvpStatus: a === null ? ("pending" as const) : a ? ("attending" as const) : ("declined" as const),
    dietaryRestrictions,
  }));
}

// Prepared once: it runs on every RSVP submit (issue 8).
const membersOf = prepared(() =>
  db.select().from(guests).where(eq(guests.partyId, sql.placeholder("partyId"))).orderBy(asc(guests.createdAt), asc(sql`rowid`)).prepare(),
);

export function listPartyMembers({ partyId }: { partyId: string }) {
  return membersOf().all({ partyId });
}

/** SPEC.md section 3: members, total, adults, kids, babies. */
export function partyMembersSummary({ partyId }: { partyId: string }) {
  const members = listPartyMembers({ partyId });
  const count = (c: AgeCategory) => members.filter((m) => m.ageCategory === c).length;
  return { members, total: members.length, adults: count("adult"), kids: count("kid"), babies: count("baby") };
}

export function addPartyMember(partyId: string, input: Omit<GuestInput, "partyId">, actor: Actor): Guest {
  return createGuest({ ...input, partyId }, actor);
}

function assertNotLastMember(partyId: string) {
  const row = db.select({ n: sql<number>`count(*)` }).from(guests).where(eq(guests.partyId, partyId)).get();
  if ((row?.n ?? 0) <= 1) throw new ConflictError(LAST_MEMBER_MESSAGE);
}

/**
 * The last member cannot be removed (409). Count and delete run in one
 * immediate transaction, so two concurrent removals cannot both pass the check.
 */
export function removePartyMember({ partyId, memberId, actor }: { partyId: string; memberId: string; actor: Actor }) {
  return immediate(() => {
    assertMayChange(actor);
    const member = db.select().from(guests).where(and(eq(guests.id, memberId), eq(guests.partyId, partyId))).get();
    if (!member) throw new NotFoundError("Member not found");
    assertNotLastMember(partyId);
    db.delete(guests).where(eq(guests.id, memberId)).run();
    forgetTravellers([memberId]);
    syncPartyRsvpCounts(partyId);
    recordActivity({ actor, partyId, guestId: memberId, kind: "member", summary: `Member removed: ${fullName(member)}` });
    return { id: memberId };
  });
}

/** The code sign-in's look-up (CONTRACT.md 4); e-mail and phone go by identity-owner.server.ts, which knows who owns them. */
export function findGuestByCustomCode(code: string) {
  return db.select().from(guests).where(eq(guests.customCode, code)).get() ?? null;
}

/**
 * A new custom code for one guest (issue 15); every session signed in with
 * the old one ends, sessions by e-mail or phone stay. Answers the guest.
 */
export function regenerateGuestCode({ id }: { id: string }): Guest {
  return immediate(() => {
    const guest = requireGuest({ id });
    const updated = db.update(guests).set({ customCode: freshInvitationCode() }).where(eq(guests.id, id)).returning().get();
    endSessionsSignedInWithCode(guest.customCode, guest.partyId ? undefined : { type: "guest", id });
    recordActivity({ actor: "admin", partyId: guest.partyId, guestId: id, kind: "member", summary: `New invitation code for ${fullName(guest)}; the old one no longer signs in` });
    return updated;
  });
}
