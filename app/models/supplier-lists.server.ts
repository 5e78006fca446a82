import { asc, eq, sql } from "drizzle-orm";
import { menusFor } from "./answers.server";
import { eventRsvps, guests, parties, partyRoomAssignments, roomTypes, rsvps } from "../../db/schema";
import { db } from "../db.server";
import { NotFoundError } from "../utils/errors";
import { formatTimeRange } from "../utils/format";
import { comingCounts, type AgeCategory } from "./guests.server";
import { getEvent } from "./events.server";
import { localizeEvent, pickText } from "./host-texts";
import type { Lang } from "~/i18n";

// One collator for every sort: localeCompare with a locale builds one per call (issue 16: ~20 ms on 1,300 rows).
const byName = new Intl.Collator("en", { sensitivity: "base" });

/*
 * The lists the hotel and the caterer need (issue 14), as plain rows that the
 * printable pages and the CSVs both render. Who counts is defined in
 * docs/decisions/004: a member is coming unless they (or their party) said no.
 */

/** The hotel block: two nights (in Portuguese for a Portuguese hotel, decision 071). */
export const HOTEL_NIGHTS = { count: 2, label: "June 12-13, 2026", labelPt: "12-13 de junho de 2026" } as const;

type Member = { partyId: string | null; firstName: string; lastName: string; ageCategory: AgeCategory; attending: boolean | null; email: string | null; phone: string | null };

function membersByParty() {
  const rows: Member[] = db
    .select({
      partyId: guests.partyId,
      firstName: guests.firstName,
      lastName: guests.lastName,
      ageCategory: guests.ageCategory,
      attending: guests.attending,
      email: guests.email,
      phone: guests.phone,
    })
    .from(guests)
    .where(sql`${guests.partyId} is not null`)
    .orderBy(asc(guests.createdAt), asc(sql`${guests}.rowid`))
    .all();
  const by = new Map<string, Member[]>();
  for (const m of rows) by.set(m.partyId!, [...(by.get(m.partyId!) ?? []), m]);
  return by;
}

const name = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** Per room type, each party holding a room that is not declined; room types' names and the nights in `lang` (decision 071). */
export function roomingList(lang: Lang = "en") {
  const nights = pickText(HOTEL_NIGHTS.label, HOTEL_NIGHTS.labelPt, lang);
  const members = membersByParty();
  const rows = db
    .select({
      roomTypeId: roomTypes.id,
      roomTypeName: roomTypes.name,
      roomTypeNamePt: roomTypes.namePt,
      location: roomTypes.location,
      locationPt: roomTypes.locationPt,
      partyId: parties.id,
      partyName: parties.name,
      primaryEmail: parties.primaryEmail,
      primaryPhone: parties.primaryPhone,
      quantity: partyRoomAssignments.quantity,
      status: partyRoomAssignments.confirmationStatus,
      isPaid: partyRoomAssignments.isPaid,
      paymentDeadline: partyRoomAssignments.paymentDeadline,
    })
    .from(partyRoomAssignments)
    .innerJoin(roomTypes, eq(roomTypes.id, partyRoomAssignments.roomTypeId))
    .innerJoin(parties, eq(parties.id, partyRoomAssignments.partyId))
    .where(sql`${partyRoomAssignments.confirmationStatus} <> 'declined'`)
    .orderBy(asc(roomTypes.name), asc(parties.name))
    .all();
  const groups = new Map<string, { roomTypeId: string; roomTypeName: string; location: string; units: number; rooms: Array<ReturnType<typeof toRoom>> }>();
  function toRoom(r: (typeof rows)[number]) {
    const partyMembers = members.get(r.partyId) ?? [];
    const coming = partyMembers.filter((m) => m.attending !== false);
    return {
      partyId: r.partyId,
      partyName: r.partyName,
      guests: coming.map(name),
      quantity: r.quantity,
      nights,
      status: r.status,
      isPaid: r.isPaid,
      paymentDeadline: r.paymentDeadline,
      phone: r.primaryPhone ?? partyMembers.find((m) => m.phone)?.phone ?? null,
      email: r.primaryEmail ?? partyMembers.find((m) => m.email)?.email ?? null,
    };
  }
  for (const r of rows) {
    const g = groups.get(r.roomTypeId) ?? {
      roomTypeId: r.roomTypeId,
      roomTypeName: pickText(r.roomTypeName, r.roomTypeNamePt, lang),
      location: pickText(r.location, r.locationPt, lang),
      units: 0,
      rooms: [],
    };
    g.rooms.push(toRoom(r));
    g.units += r.quantity;
    groups.set(r.roomTypeId, g);
  }
  return [...groups.values()];
}

export type RoomingGroup = ReturnType<typeof roomingList>[number];

export type CatererList = {
  event: { id: string; title: string; date: string; time: string };
  counts: { total: number; adults: number; kids: number; babies: number };
  dietary: Array<{ name: string; text: string }>;
  /** Issue 24: each person's menu (the host's per-person choice questions for this event) and the totals by age group. */
  menus: ReturnType<typeof menusFor>;
};

const zero = () => ({ total: 0, adults: 0, kids: 0, babies: 0 });
const add = (a: CatererList["counts"], b: CatererList["counts"]) => ({ total: a.total + b.total, adults: a.adults + b.adults, kids: a.kids + b.kids, babies: a.babies + b.babies });

/**
 * The caterer's figures for the main event ("main") or a side event: the
 * people coming by age group and each dietary need with whose it is. Main
 * event: every "yes" (a party's members coming, an individual's own counts).
 * Side event: the members coming of each party attending it, and the
 * individual guests attending it (their RSVP's counts, else themselves).
 * `lang`: the language of the host's texts (a side event's title, date and
 * times, the menus); `mainEvent` comes in it already (decision 071).
 */
export function catererList(eventId: string, mainEvent: { title: string; date: string; time: string }, lang: Lang = "en"): CatererList {
  const members = membersByParty();
  const answers = db
    .select({
      partyId: rsvps.partyId,
      guestId: rsvps.guestId,
      attending: rsvps.attending,
      adults: rsvps.adultsCount,
      kids: rsvps.kidsCount,
      babies: rsvps.babiesCount,
      dietary: rsvps.dietaryRestrictions,
      partyName: parties.name,
      firstName: guests.firstName,
      lastName: guests.lastName,
      ageCategory: guests.ageCategory,
    })
    .from(rsvps)
    .leftJoin(parties, eq(parties.id, rsvps.partyId))
    .leftJoin(guests, eq(guests.id, rsvps.guestId))
    .all();
  const answerOf = (o: { partyId?: string | null; guestId?: string | null }) =>
    answers.find((a) => (o.partyId ? a.partyId === o.partyId : a.guestId === o.guestId));
  const partyCounts = (partyId: string) => comingCounts(members.get(partyId) ?? []);

  let counts = zero();
  const dietary: CatererList["dietary"] = [];
  const needs = (who: string, text: string | null | undefined) => {
    if (text?.trim()) dietary.push({ name: who, text: text.trim() });
  };

  if (eventId === "main") {
    for (const a of answers.filter((x) => x.attending)) {
      if (a.partyId) {
        counts = add(counts, partyCounts(a.partyId));
        needs(a.partyName ?? "", a.dietary);
      } else {
        counts = add(counts, { total: a.adults + a.kids + a.babies, adults: a.adults, kids: a.kids, babies: a.babies });
        needs(`${a.firstName} ${a.lastName}`, a.dietary);
      }
    }
    return { event: { id: "main", ...mainEvent }, counts, dietary: sortByName(dietary), menus: menusFor("main", lang) };
  }

  const found = getEvent({ id: eventId });
  if (!found) throw new NotFoundError("Event not found");
  const event = localizeEvent(found, lang);
  const attending = db
    .select({ partyId: eventRsvps.partyId, guestId: eventRsvps.guestId, partyName: parties.name, firstName: guests.firstName, lastName: guests.lastName, ageCategory: guests.ageCategory })
    .from(eventRsvps)
    .leftJoin(parties, eq(parties.id, eventRsvps.partyId))
    .leftJoin(guests, eq(guests.id, eventRsvps.guestId))
    .where(sql`${eventRsvps.eventId} = ${eventId} and ${eventRsvps.attending} = 1`)
    .all();
  for (const e of attending) {
    const main = answerOf(e);
    if (e.partyId) {
      counts = add(counts, partyCounts(e.partyId));
      needs(e.partyName ?? "", main?.dietary);
    } else if (e.guestId) {
      const own =
        main && main.attending
          ? { total: main.adults + main.kids + main.babies, adults: main.adults, kids: main.kids, babies: main.babies }
          : comingCounts([{ ageCategory: e.ageCategory ?? "adult", attending: null }]);
      counts = add(counts, own);
      needs(`${e.firstName} ${e.lastName}`, main?.dietary);
    }
  }
  return {
    event: { id: event.id, title: event.title, date: event.date, time: formatTimeRange(event.timeFrom, event.timeTo, lang) },
    counts,
    dietary: sortByName(dietary),
    menus: menusFor(event.id, lang),
  };
}

const sortByName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => byName.compare(a.name, b.name));
