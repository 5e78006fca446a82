import { listDate, listLang } from "~/components/admin/travel/travel-list-lang";
import { fmt } from "~/i18n";
import { travelListTexts } from "~/i18n/catalog/travel-lists";
import type { ShareListName } from "~/models/share-links.server";
import { catererEventId, catererSharedView, catererView, roomingView } from "~/models/supplier-views.server";
import { travelLists } from "~/models/travel-board.server";
import type { CsvValue } from "~/utils/csv.server";

/*
 * The supplier lists' CSVs, for the admin's export and the shared links
 * (issue 27) alike, and what a shared link opens per list name: SHARED_LISTS
 * is keyed like the model's SHARE_LISTS registry (app/models/share-links.server.ts).
 */

export function roomingCsvRows(): CsvValue[][] {
  const rows: CsvValue[][] = [["Room Type", "Location", "Party", "Guests", "Quantity", "Nights", "Status", "Paid", "Payment Deadline", "Phone", "Email"]];
  for (const g of roomingView().groups) {
    for (const r of g.rooms) {
      rows.push([g.roomTypeName, g.location, r.partyName, r.guests.join("; "), r.quantity, r.nights, r.status, r.isPaid ? "yes" : "no", r.paymentDeadline, r.phone, r.email]);
    }
  }
  return rows;
}

export function catererCsvRows(eventId: string) {
  const list = catererSharedView(eventId);
  const rows: CsvValue[][] = [
    ["Event", list.event.title],
    ["Date", list.event.date],
    ["Time", list.event.time],
    [],
    ["People coming", list.counts.total],
    ["Adults", list.counts.adults],
    ["Kids (>2y)", list.counts.kids],
    ["Babies (≤2y)", list.counts.babies],
    [],
    ["Dietary need", "Party or guest"],
    ...list.dietary.map((d) => [d.text, d.name]),
    // Issue 24: the menus, totals by age group, then each person's.
    ...list.menus.flatMap((m) => [
      [],
      [m.text, "Adults", "Kids (>2y)", "Babies (≤2y)", "Total"],
      ...m.totals.map((c) => [c.label, c.adults, c.kids, c.babies, c.total]),
      [],
      ["Person", m.text],
      ...m.people.map((p) => [p.name, p.choice]),
    ]),
  ];
  return rows;
}

export function catererCsvName(eventId: string) {
  const id = catererEventId(eventId);
  const title = catererView(id).event.title;
  const slug = id === "main" ? "main-event" : title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "event";
  return `caterer-list-${slug}.csv`;
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

/** What a shared link opens, per list name: the page's data and the CSV (`query`: the shared address's own, for the travel lists' choice of list and day). */
export const SHARED_LISTS = {
  rooming: {
    page: () => ({ kind: "rooming" as const, rooming: roomingView() }),
    csv: () => ({ rows: roomingCsvRows(), filename: "rooming-list.csv" }),
  },
  caterer: {
    page: (eventId: string) => ({ kind: "caterer" as const, caterer: catererSharedView(eventId) }),
    csv: (eventId: string) => ({ rows: catererCsvRows(eventId), filename: catererCsvName(eventId) }),
  },
  shuttles: {
    page: (_eventId: string, query: URLSearchParams) => {
      const lang = listLang(query.get("lang"));
      const lists = travelLists(lang);
      return { kind: "shuttles" as const, shuttles: { ...lists, list: query.get("list"), date: query.get("date") ?? lists.days[0] ?? null, lang } };
    },
    csv: (_eventId: string, query: URLSearchParams) => travelCsv(query.get("list"), query.get("date"), query.get("lang")),
  },
} satisfies Record<ShareListName, { page: (eventId: string, query: URLSearchParams) => unknown; csv: (eventId: string, query: URLSearchParams) => { rows: CsvValue[][]; filename: string } }>;
