import { listDate, listLang } from "~/components/admin/supplier-lists/list-lang";
import { fmt, type Lang } from "~/i18n";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";
import { travelListTexts } from "~/i18n/catalog/travel-lists";
import type { ShareListName } from "~/models/share-links.server";
import { catererEventId, catererSharedView, catererView, roomingView } from "~/models/supplier-views.server";
import { travelListFor, travelLists } from "~/models/travel-board.server";
import { travelListKind } from "~/components/admin/travel/travel-list-body";
import type { CsvValue } from "~/utils/csv.server";

/*
 * The supplier lists' CSVs, for the admin's export and the shared links
 * (issue 27) alike, and what a shared link opens per list name: SHARED_LISTS
 * is keyed like the model's SHARE_LISTS registry (app/models/share-links.server.ts).
 * Each in English or, with ?lang=pt, Portuguese (decision 071): `lang`.
 */

/** The rooming list for the hotel, one line per party and room type. */
export function roomingCsvRows(lang: Lang = "en"): CsvValue[][] {
  const t = supplierListTexts[lang];
  const rows: CsvValue[][] = [[t.csvRoomType, t.csvLocation, t.party, t.csvGuests, t.csvQuantity, t.csvNights, t.csvStatus, t.csvPaid, t.csvDeadline, t.csvPhone, t.csvEmail]];
  for (const g of roomingView(lang).groups) {
    for (const r of g.rooms) {
      const deadline = r.paymentDeadline ? listDate(r.paymentDeadline, lang) : r.paymentDeadline;
      rows.push([g.roomTypeName, g.location, r.partyName, r.guests.join("; "), r.quantity, r.nights, t.csvStatuses[r.status], r.isPaid ? t.yes : t.no, deadline, r.phone, r.email]);
    }
  }
  return rows;
}

export function catererCsvRows(eventId: string, lang: Lang = "en") {
  const t = supplierListTexts[lang];
  const list = catererSharedView(eventId, lang);
  const rows: CsvValue[][] = [
    [t.csvEvent, list.event.title],
    [t.csvDate, list.event.date],
    [t.csvTime, list.event.time],
    [],
    [t.peopleComing, list.counts.total],
    [t.adults, list.counts.adults],
    [t.kids, list.counts.kids],
    [t.babies, list.counts.babies],
    [],
    [t.csvDietaryNeed, t.csvPartyOrGuest],
    ...list.dietary.map((d) => [d.text, d.name]),
    // Issue 24: the menus, totals by age group, then each person's.
    ...list.menus.flatMap((m) => [
      [],
      [m.text, t.adults, t.kids, t.babies, t.total],
      ...m.totals.map((c) => [c.label, c.adults, c.kids, c.babies, c.total]),
      [],
      [t.csvPerson, m.text],
      ...m.people.map((p) => [p.name, p.choice]),
    ]),
    ...(list.tables.length ? [[], [t.menusByTable], ...list.tables.flatMap((tb) => tb.menus.map((m) => [fmt(t.tableName, { name: tb.table }), m.menu, m.count]))] : []),
  ];
  return rows;
}

/** "caterer-list-boat-trip.csv" / "lista-catering-passeio-de-barco.csv" (the event's title in the list's language). */
export function catererCsvName(eventId: string, lang: Lang = "en") {
  const t = supplierListTexts[lang];
  const id = catererEventId(eventId);
  const title = catererView(id, lang).event.title;
  // A Portuguese title's accents become plain letters ("Receção" -> "rececao"); the English name is as it always was.
  const plain = lang === "pt" ? title.normalize("NFD").replace(/\p{M}/gu, "") : title;
  const slug = id === "main" ? t.mainEventSlug : plain.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "event";
  return fmt(t.fileCaterer, { slug });
}

/**
 * The travel lists (issue 26.5) as CSV: ?list=manifests | day&date= | all (the admin's export and the shuttle link's);
 * ?lang=pt writes its headers, words, point names, dates and file name in Portuguese (decision 071).
 */
export function travelCsv(list: string | null, date: string | null, langParam: string | null = null): { rows: CsvValue[][]; filename: string } {
  const lang = listLang(langParam);
  const t = travelListTexts[lang];
  const { runs, movements } = travelLists(lang);
  const d = (v: string | null) => (v ? listDate(v, lang) : v);
  if (list === "all") {
    const rows: CsvValue[][] = [[t.csvDate, t.csvTime, t.csvDirection, t.party, t.names, t.people, t.point, t.csvNumber, t.transfer, t.phone]];
    for (const m of movements) rows.push([d(m.date), m.time, m.direction === "arrival" ? t.csvArrival : t.csvDeparture, m.name, m.people.join("; "), m.seats, m.point, m.number, m.transfer ? t.yes : t.no, m.phone]);
    return { rows, filename: t.fileAll };
  }
  const day = list === "day" && date ? date : null;
  const rows: CsvValue[][] = [[t.csvRunDate, t.csvRunTime, t.csvFrom, t.csvTo, t.csvSeats, t.csvVehicle, t.csvDriverPhone, t.csvNote, t.party, t.names, t.people, t.csvNumber, t.csvOwnTime, t.phone]];
  for (const r of day ? runs.filter((r) => r.date === day) : runs) {
    for (const p of r.parties) rows.push([d(r.date), r.time, r.from, r.to, r.seats, r.vehicle, r.driverPhone, r.note, p.name, p.people.join("; "), p.seats, p.number, p.time, p.phone]);
  }
  return { rows, filename: day ? fmt(t.fileDay, { date: day }) : t.fileManifests };
}

/** The rooming list's CSV and its file name, in `lang`. */
export const roomingCsv = (lang: Lang = "en") => ({ rows: roomingCsvRows(lang), filename: supplierListTexts[lang].fileRooming });

/** The caterer's list's CSV of one event and its file name, in `lang`. */
export const catererCsv = (eventId: string, lang: Lang = "en") => ({ rows: catererCsvRows(eventId, lang), filename: catererCsvName(eventId, lang) });

/**
 * What a shared link opens, per list name: the page's data and the CSV (`query`: the shared address's own, for the
 * language of every list, decision 071, and the travel lists' choice of list and day).
 */
export const SHARED_LISTS = {
  rooming: {
    page: (_eventId: string, query: URLSearchParams) => {
      const lang = listLang(query.get("lang"));
      return { kind: "rooming" as const, lang, rooming: roomingView(lang) };
    },
    csv: (_eventId: string, query: URLSearchParams) => roomingCsv(listLang(query.get("lang"))),
  },
  caterer: {
    page: (eventId: string, query: URLSearchParams) => {
      const lang = listLang(query.get("lang"));
      return { kind: "caterer" as const, lang, caterer: catererSharedView(eventId, lang) };
    },
    csv: (eventId: string, query: URLSearchParams) => catererCsv(eventId, listLang(query.get("lang"))),
  },
  shuttles: {
    page: (_eventId: string, query: URLSearchParams) => {
      const lang = listLang(query.get("lang"));
      const list = travelListKind(query.get("list"));
      return { kind: "shuttles" as const, lang, shuttles: { ...travelListFor(list, query.get("date"), lang), list } };
    },
    csv: (_eventId: string, query: URLSearchParams) => travelCsv(query.get("list"), query.get("date"), query.get("lang")),
  },
} satisfies Record<ShareListName, { page: (eventId: string, query: URLSearchParams) => unknown; csv: (eventId: string, query: URLSearchParams) => { rows: CsvValue[][]; filename: string } }>;
