import { getEventConfig } from "./event-config.server";
import { listEvents } from "./events.server";
import { localizeEventConfig, pickText } from "./host-texts";
import { tableMenuCounts } from "./seating/prints.server";
import { catererList, HOTEL_NIGHTS, roomingList } from "./supplier-lists.server";
import type { Lang } from "~/i18n";

/*
 * The supplier lists as their pages show them, and no more (issue 27): the
 * admin pages, their CSVs and the shared links all render these, so a shared
 * link holds exactly the fields the list shows (no ids). `lang`: the host's
 * texts (room types, events, menus) in the supplier's language (decision 071).
 */

/** The rooming list's rows, only the fields the page shows (no ids). */
export function roomingView(lang: Lang = "en") {
  const groups = roomingList(lang).map((g) => ({
    key: g.roomTypeId,
    roomTypeName: g.roomTypeName,
    location: g.location,
    units: g.units,
    rooms: g.rooms.map((r) => ({
      key: r.partyId,
      partyName: r.partyName,
      guests: r.guests,
      quantity: r.quantity,
      nights: r.nights,
      status: r.status,
      isPaid: r.isPaid,
      paymentDeadline: r.paymentDeadline,
      phone: r.phone,
      email: r.email,
    })),
  }));
  return { groups, nights: pickText(HOTEL_NIGHTS.label, HOTEL_NIGHTS.labelPt, lang) };
}
export type RoomingView = ReturnType<typeof roomingView>;

/** "main" or an existing side event's id (anything else is the main event). */
export function catererEventId(asked: string | null | undefined) {
  return asked && asked !== "main" && listEvents().some((e) => e.id === asked) ? asked : "main";
}

export function catererView(eventId: string, lang: Lang = "en") {
  const config = localizeEventConfig(getEventConfig(), lang);
  return catererList(catererEventId(eventId), { title: config.eventTitle, date: config.eventDate, time: config.eventTime }, lang);
}
export type CatererView = ReturnType<typeof catererView>;

/** The shared page's copy: the fields the page shows, without the ids (event, questions, choices). */
export function catererSharedView(eventId: string, lang: Lang = "en") {
  const list = catererView(eventId, lang);
  return {
    event: { title: list.event.title, date: list.event.date, time: list.event.time },
    counts: list.counts,
    dietary: list.dietary.map((d) => ({ name: d.name, text: d.text })),
    menus: list.menus.map((m, i) => ({
      key: String(i),
      text: m.text,
      totals: m.totals.map((c, j) => ({ key: String(j), label: c.label, adults: c.adults, kids: c.kids, babies: c.babies, total: c.total })),
      people: m.people.map((p) => ({ name: p.name, choice: p.choice })),
    })),
    // Issue 37: each table's menu counts (a side event with a saved seating plan).
    tables: list.event.id === "main" ? [] : tableMenuCounts(list.event.id, lang),
  };
}
export type CatererSharedView = ReturnType<typeof catererSharedView>;

