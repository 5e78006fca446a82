/*
 * What a guest may read (issue 15): every answer to a guest is built here from
 * an explicit list of fields per type, never by spreading a database row. A
 * column added to db/schema.ts is therefore invisible to guests until it is
 * named below. Host-only, never listed: party and guest `notes`, guests'
 * `paymentStatus`/`paymentAmount`, the invitation tracking columns
 * (`invitedAt`, `invitedVia`, `firstOpenedAt`, `remindedAt`) and
 * `createdAt`/`updatedAt` of parties and guests.
 *
 * Sign-in secrets: a party's `authCode` and a guest's `customCode` only go to
 * a session that signed in with an invitation code (`via: "code"`); a session
 * opened by e-mail or phone gets `paymentReference` instead, derived from the
 * id and useless for signing in. A party's members never carry their own
 * `customCode`.
 */
import type { guests, parties, partyRoomAssignments, roomTypes, rsvps, eventRsvps } from "../../db/schema";

import type { GuestIdentity } from "./identity";

type PartyRow = typeof parties.$inferSelect;
type GuestRow = typeof guests.$inferSelect;
type RsvpRow = typeof rsvps.$inferSelect;
type AssignmentRow = typeof partyRoomAssignments.$inferSelect;
type RoomTypeRow = typeof roomTypes.$inferSelect;
type EventRsvpRow = typeof eventRsvps.$inferSelect;

/** True when the session holds the invitation (signed in with the code itself). */
export const holdsCode = (identity: Pick<GuestIdentity, "via">) => identity.via === "code";

/** A payment reference that is not a sign-in secret: the first characters of the (random, public) id. */
export function paymentReference(id: string) {
  return `RSVP-${id.replace(/[^A-Za-z0-9]/g, "").slice(0, 8).toUpperCase()}`;
}

export function guestRsvpView(r: RsvpRow) {
  return {
    id: r.id,
    partyId: r.partyId,
    guestId: r.guestId,
    attending: r.attending,
    guestCount: r.guestCount,
    adultsCount: r.adultsCount,
    kidsCount: r.kidsCount,
    babiesCount: r.babiesCount,
    dietaryRestrictions: r.dietaryRestrictions,
    messageToHost: r.messageToHost,
    roomsConfirmed: r.roomsConfirmed,
    confirmedAt: r.confirmedAt,
  };
}

/** A party member as its party sees it (no notes, payment, tracking, timestamps or own code). */
export function guestMemberView(g: GuestRow) {
  return {
    id: g.id,
    partyId: g.partyId,
    firstName: g.firstName,
    lastName: g.lastName,
    email: g.email,
    phone: g.phone,
    ageCategory: g.ageCategory,
    dateOfBirth: g.dateOfBirth,
    language: g.language,
    /** Coming (issue 14): true or false once the party has answered, null before. */
    attending: g.attending,
  };
}

/** The party a signed-in party sees: its own fields, members and RSVP; the code only to its holder. */
export function guestPartyView(
  p: PartyRow,
  members: GuestRow[],
  rsvp: RsvpRow | null,
  identity: Pick<GuestIdentity, "via">,
) {
  const view = {
    id: p.id,
    name: p.name,
    primaryContactName: p.primaryContactName,
    primaryEmail: p.primaryEmail,
    primaryPhone: p.primaryPhone,
    language: p.language,
    // Issue 25: the party's own "C40-XXXX" (the derived one only until the party has it).
    paymentReference: p.paymentReference ?? paymentReference(p.id),
    guests: members.map(guestMemberView),
    rsvp: rsvp ? guestRsvpView(rsvp) : null,
  };
  return holdsCode(identity) ? { ...view, authCode: p.authCode } : view;
}

/** An individual guest as it sees itself; its own code only to the holder. */
export function guestSelfView(g: GuestRow, rsvp: RsvpRow | null, identity: Pick<GuestIdentity, "via">) {
  const view = { ...guestMemberView(g), paymentReference: paymentReference(g.id), rsvp: rsvp ? guestRsvpView(rsvp) : null };
  return holdsCode(identity) ? { ...view, customCode: g.customCode } : view;
}

export function guestRoomTypeView(t: RoomTypeRow) {
  return {
    id: t.id,
    name: t.name,
    location: t.location,
    category: t.category,
    areaSqM: t.areaSqM,
    areaSqFt: t.areaSqFt,
    maxOccupancyAdults: t.maxOccupancyAdults,
    maxOccupancyChildren: t.maxOccupancyChildren,
    pricePerNight: t.pricePerNight,
    description: t.description,
    facilities: t.facilities,
    imageUrls: t.imageUrls,
  };
}

export function guestRoomAssignmentView(a: AssignmentRow) {
  return {
    id: a.id,
    partyId: a.partyId,
    roomTypeId: a.roomTypeId,
    quantity: a.quantity,
    confirmationStatus: a.confirmationStatus,
    confirmedAt: a.confirmedAt,
    declinedAt: a.declinedAt,
    declineReason: a.declineReason,
    paymentDeadline: a.paymentDeadline,
    isPaid: a.isPaid,
    paidAt: a.paidAt,
  };
}

export function guestRoomAssignmentWithTypeView(a: AssignmentRow & { roomType: RoomTypeRow }) {
  return { ...guestRoomAssignmentView(a), roomType: guestRoomTypeView(a.roomType) };
}

export function guestEventRsvpView(e: EventRsvpRow) {
  return { id: e.id, eventId: e.eventId, partyId: e.partyId, guestId: e.guestId, attending: e.attending };
}

export function guestMembersSummaryView(s: { members: GuestRow[]; total: number; adults: number; kids: number; babies: number }) {
  return { members: s.members.map(guestMemberView), total: s.total, adults: s.adults, kids: s.kids, babies: s.babies };
}
