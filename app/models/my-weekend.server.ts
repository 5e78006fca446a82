import { inArray } from "drizzle-orm";
import { shuttleAssignments } from "../../db/schema";
import { db } from "../db.server";
import type { Lang } from "~/i18n";
import { formatDayMonth } from "~/utils/format";
import { listAnnouncementsFor } from "./announcements.server";
import { getEventConfig } from "./event-config.server";
import { identityToResponder, listEventRsvpsFor, listEventsFor } from "./event-rsvps.server";
import { loadGuestView } from "./guest-view.server";
import { localizeEvent, localizeEventConfig, pickText } from "./host-texts";
import type { GuestIdentity } from "./identity";
import { myTravelView, travellerIdsOf } from "./my-travel.server";
import { messagesForRuns } from "./run-messages.server";
import { HOTEL_NIGHTS } from "./supplier-lists.server";
import { dayKey, minutesOf } from "./weekend-days";
import { myTables } from "./seating/my-table.server";

/** "7", or "7, 8" for a party seated at two neighbouring tables; null before a plan is published. */
function tableOf(plans: { title: string; tables: string[] }[]): { name: string } | null {
  const first = plans.find((p) => p.tables.length);
  return first ? { name: first.tables.join(", ") } : null;
}

/*
 * Issue 38: "My weekend", what one signed-in party or guest needs on the day,
 * as a list of fields (never a row): the programme, the side events they
 * come to, their pickups, their room, the venue, whom to call, the latest
 * news and the day-of messages of their runs. GET /api/my-weekend and the
 * page /my-weekend read this one function.
 */

export type WeekendItem =
  | { kind: "programme"; time: string; title: string }
  | { kind: "event"; time: string; title: string; description: string | null }
  | {
      kind: "pickup";
      time: string;
      direction: "arrival" | "departure";
      meetingPoint: string;
      destination: string;
      lookFor: string | null;
      driverPhone: string | null;
      for: string | null;
    };

type Day = { key: string | null; label: string; items: (WeekendItem & { order: number })[] };

/** The contact links of a `+digits` phone: tap to call, WhatsApp. */
const phoneLinks = (phone: string | null) => (phone ? { phone, tel: `tel:${phone.replace(/[^\d+]/g, "")}`, whatsapp: `https://wa.me/${phone.replace(/\D/g, "")}` } : null);

export function myWeekendView(identity: GuestIdentity, lang: Lang, now = new Date()) {
  const view = loadGuestView(identity, lang);
  if (!view) return null;
  const config = getEventConfig();
  const c = localizeEventConfig(config, lang);
  const days: Day[] = [];
  const dayFor = (key: string | null, label: string) => {
    const found = key ? days.find((d) => d.key === key) : undefined;
    if (found) return found;
    const day: Day = { key, label, items: [] };
    days.push(day);
    return day;
  };

  // The programme: every guest's (a declined invitation still reads it, as /my-rsvp shows it).
  for (const d of config.schedule) {
    const day = dayFor(dayKey(d.day), pickText(d.day, d.dayPt, lang));
    for (const i of d.items) day.items.push({ kind: "programme", time: pickText(i.time, i.timePt, lang), title: pickText(i.title, i.titlePt, lang), order: minutesOf(i.timePt || i.time) });
  }
  // Side events: only those they said they come to.
  const responder = identityToResponder(identity);
  const coming = new Set(listEventRsvpsFor(responder).filter((a) => a.attending).map((a) => a.eventId));
  for (const e of listEventsFor(responder).filter((x) => coming.has(x.id))) {
    const l = localizeEvent(e, lang);
    dayFor(dayKey(e.date), l.date).items.push({ kind: "event", time: `${l.timeFrom}–${l.timeTo}`, title: l.title, description: l.description, order: minutesOf(e.timeFromPt || e.timeFrom) });
  }
  // Pickups: the guest's own runs only (myTravelView reads them by the guest's travellers).
  const travel = myTravelView(identity, lang);
  for (const p of travel.pickups) {
    dayFor(dayKey(p.date), formatDayMonth(p.date, lang)).items.push({
      kind: "pickup",
      time: p.time,
      direction: p.direction,
      meetingPoint: p.meetingPoint,
      destination: p.destination,
      lookFor: p.lookFor,
      driverPhone: p.driverPhone,
      for: p.for,
      order: minutesOf(p.time),
    });
  }
  const dated = days.filter((d) => d.key).sort((a, b) => a.key!.localeCompare(b.key!));
  const travellerIds = travellerIdsOf(identity);
  const runIds = travellerIds.length
    ? [...new Set(db.select({ runId: shuttleAssignments.runId }).from(shuttleAssignments).where(inArray(shuttleAssignments.travellerId, travellerIds)).all().map((r) => r.runId))]
    : [];
  const lat = config.venueLatitude;
  const lng = config.venueLongitude;
  return {
    name: view.name,
    kind: view.kind,
    eventTitle: c.eventTitle,
    /** When this was read: the page says "Saved at 14:05" when it opens from the phone's cache. */
    savedAt: now.toISOString(),
    days: [...dated, ...days.filter((d) => !d.key)]
      .filter((d) => d.items.length)
      .map((d) => ({ label: d.label, items: d.items.sort((a, b) => a.order - b.order).map(({ order: _order, ...item }) => item as WeekendItem) })),
    rooms: view.rooms
      .filter((r) => r.confirmationStatus !== "declined")
      .map((r) => ({ name: r.roomType.name, location: r.roomType.location, quantity: r.quantity, status: r.confirmationStatus, nights: HOTEL_NIGHTS.count, dates: pickText(HOTEL_NIGHTS.label, HOTEL_NIGHTS.labelPt, lang) })),
    /** Whom to call: the hotel (its name and phone links, when the host gave them) and the host's phone links. */
    hotel: config.hotelName || config.hotelPhone ? { name: config.hotelName, links: phoneLinks(config.hotelPhone) } : null,
    host: phoneLinks(config.hostPhone),
    /** Issue 37: the guest's table once the host publishes the plan (the first published plan: the dinner's); until then none. */
    table: tableOf(myTables(identity, lang)),
    venue: {
      name: c.venueName,
      address: c.venueAddress,
      directions: c.venueDirections,
      /** Drawn once and committed (no map tiles: there is no signal at the quinta). */
      mapImage: "/my-weekend/venue-map.svg",
      mapsUrl: lat != null && lng != null ? `https://www.google.com/maps/search/?api=1&query=${lat},${lng}` : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(c.venueAddress)}`,
    },
    news: listAnnouncementsFor(identity, lang).slice(0, 3).map((n) => ({ id: n.id, at: n.at, subject: n.subject, body: n.body })),
    messages: messagesForRuns(runIds, lang),
  };
}
export type MyWeekend = NonNullable<ReturnType<typeof myWeekendView>>;
