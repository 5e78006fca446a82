import { and, asc, desc, eq, sql } from "drizzle-orm";
import { eventRsvps, events, guests, parties, rsvps } from "../../db/schema";
import { db, immediate, prepared } from "../db.server";
import { ForbiddenError, NotFoundError } from "../utils/errors";
import { requireEvent, listEvents } from "./events.server";
import { recordActivity, type Actor } from "./activity.server";
import { partyHasRoomAssignments } from "./room-assignments.server";
import { assertMayChange } from "./rsvp-deadline.server";
import type { GuestIdentity } from "./identity";

export const HOTEL_ONLY_FORBIDDEN = "This event is only for guests staying at the hotel.";

/** Who answers: a party or an individual guest. */
export type Responder = { partyId: string; guestId?: undefined } | { guestId: string; partyId?: undefined };

/** Hotel-only events are visible only to a party that has at least one room assignment. */
export function canSeeHotelOnlyEvents(responder: Responder) {
  return responder.partyId ? partyHasRoomAssignments({ partyId: responder.partyId }) : false;
}

/** GET /api/events for a guest: hotel-only events left out unless the party has rooms. */
export function listEventsFor(responder: Responder | null) {
  return listEvents({ includeHotelOnly: responder === null || canSeeHotelOnlyEvents(responder) });
}

export function identityToResponder(identity: GuestIdentity): Responder {
  return identity.type === "party" ? { partyId: identity.id } : { guestId: identity.id };
}

/** An unknown party or guest is a 404, not a foreign-key failure. */
function assertResponderExists(responder: Responder) {
  const found = responder.partyId
    ? db.select({ id: parties.id }).from(parties).where(eq(parties.id, responder.partyId)).get()
    : db.select({ id: guests.id }).from(guests).where(eq(guests.id, responder.guestId!)).get();
  if (!found) throw new NotFoundError(responder.partyId ? "Party not found" : "Guest not found");
}

/** Upsert: one answer per event and party, one per event and guest. */
export function setEventRsvp({ eventId, attending, actor, ...responder }: Responder & { eventId: string; attending: boolean; actor: Actor }) {
  return immediate(() => {
    assertMayChange(actor);
    const event = requireEvent({ id: eventId });
    assertResponderExists(responder as Responder);
    if (event.hotelGuestsOnly && !canSeeHotelOnlyEvents(responder as Responder)) throw new ForbiddenError(HOTEL_ONLY_FORBIDDEN);
    const owner = responder.partyId ? eq(eventRsvps.partyId, responder.partyId) : eq(eventRsvps.guestId, responder.guestId!);
    const existing = db.select().from(eventRsvps).where(and(eq(eventRsvps.eventId, eventId), owner)).get();
    const word = (a: boolean) => (a ? "attending" : "not attending");
    const log = (before: string) =>
      recordActivity({
        actor,
        partyId: responder.partyId ?? null,
        guestId: responder.guestId ?? null,
        kind: "event-rsvp",
        summary: `${event.title}: ${before} -> ${word(attending)}`,
      });
    if (existing) {
      if (existing.attending === attending) return existing; // the same answer again changes nothing
      const updated = db.update(eventRsvps).set({ attending }).where(eq(eventRsvps.id, existing.id)).returning().get();
      log(word(existing.attending));
      return updated;
    }
    const created = db
      .insert(eventRsvps)
      .values({ eventId, attending, partyId: responder.partyId ?? null, guestId: responder.guestId ?? null })
      .returning()
      .get();
    log("no answer");
    return created;
  });
}

export function listEventRsvpsFor(responder: Responder) {
  return responder.partyId ? eventRsvpsOf().party.all({ id: responder.partyId }) : eventRsvpsOf().guest.all({ id: responder.guestId! });
}

// Prepared once: the signed-in guest pages run it on every request (issue 28).
const eventRsvpsOf = prepared(() => ({
  party: db.select().from(eventRsvps).where(eq(eventRsvps.partyId, sql.placeholder("id"))).orderBy(asc(eventRsvps.createdAt)).prepare(),
  guest: db.select().from(eventRsvps).where(eq(eventRsvps.guestId, sql.placeholder("id"))).orderBy(asc(eventRsvps.createdAt)).prepare(),
}));

/** Admin list: each answer with its party, guest and the main RSVP's counts. One query. */
export function listAllEventRsvps(filter: { eventId?: string } = {}) {
  return db
    .select({
      eventRsvp: eventRsvps,
      event: { id: events.id, title: events.title, date: events.date, hotelGuestsOnly: events.hotelGuestsOnly },
      party: { id: parties.id, name: parties.name },
      guest: { id: guests.id, firstName: guests.firstName, lastName: guests.lastName },
      mainRsvp: {
        id: rsvps.id,
        attending: rsvps.attending,
        adultsCount: rsvps.adultsCount,
        kidsCount: rsvps.kidsCount,
        babiesCount: rsvps.babiesCount,
      },
    })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .leftJoin(parties, eq(parties.id, eventRsvps.partyId))
    .leftJoin(guests, eq(guests.id, eventRsvps.guestId))
    .leftJoin(
      rsvps,
      sql`(${eventRsvps.partyId} is not null and ${rsvps.partyId} = ${eventRsvps.partyId}) or (${eventRsvps.guestId} is not null and ${rsvps.guestId} = ${eventRsvps.guestId})`,
    )
    .where(filter.eventId ? eq(eventRsvps.eventId, filter.eventId) : undefined)
    .orderBy(desc(eventRsvps.createdAt))
    .all()
    .map(({ eventRsvp, event, party, guest, mainRsvp }) => ({
      ...eventRsvp,
      event,
      party: party?.id ? party : null,
      guest: guest?.id ? guest : null,
      mainRsvp: mainRsvp?.id ? mainRsvp : null,
    }));
}

export type AttendanceStats = ReturnType<typeof attendanceStats>;

/**
 * SPEC.md section 4: attending / not attending are counted per answer; the
 * guest breakdown sums adults, kids and babies only from attending answers that
 * have a main RSVP; percentages are rounded, 0 when the denominator is 0.
 */
export function attendanceStats(filter: { eventId?: string } = {}) {
  const row = db
    .select({
      attending: sql<number>`coalesce(sum(case when ${eventRsvps.attending} = 1 then 1 else 0 end), 0)`,
      notAttending: sql<number>`coalesce(sum(case when ${eventRsvps.attending} = 0 then 1 else 0 end), 0)`,
      adults: sql<number>`coalesce(sum(case when ${eventRsvps.attending} = 1 then ${rsvps.adultsCount} else 0 end), 0)`,
      kids: sql<number>`coalesce(sum(case when ${eventRsvps.attending} = 1 then ${rsvps.kidsCount} else 0 end), 0)`,
      babies: sql<number>`coalesce(sum(case when ${eventRsvps.attending} = 1 then ${rsvps.babiesCount} else 0 end), 0)`,
    })
    .from(eventRsvps)
    .leftJoin(
      rsvps,
      sql`(${eventRsvps.partyId} is not null and ${rsvps.partyId} = ${eventRsvps.partyId}) or (${eventRsvps.guestId} is not null and ${rsvps.guestId} = ${eventRsvps.guestId})`,
    )
    .where(filter.eventId ? eq(eventRsvps.eventId, filter.eventId) : undefined)
    .get()!;
  const totalResponses = row.attending + row.notAttending;
  const totalGuests = row.adults + row.kids + row.babies;
  const pct = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 100));
  return {
    attending: row.attending,
    notAttending: row.notAttending,
    totalResponses,
    totalGuests,
    adults: row.adults,
    kids: row.kids,
    babies: row.babies,
    attendingPercent: pct(row.attending, totalResponses),
    notAttendingPercent: pct(row.notAttending, totalResponses),
    adultsPercent: pct(row.adults, totalGuests),
    kidsPercent: pct(row.kids, totalGuests),
    babiesPercent: pct(row.babies, totalGuests),
  };
}
