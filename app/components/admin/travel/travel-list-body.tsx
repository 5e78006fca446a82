import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { listDate, listDay } from "~/components/admin/supplier-lists/list-lang";
import { ListLangSwitch } from "~/components/admin/supplier-lists/list-lang-switch";
import { fmt, type Lang } from "~/i18n";
import { travelListTexts } from "~/i18n/catalog/travel-lists";
import type { travelListFor } from "~/models/travel-board.server";

/*
 * Issue 26.5: the travel lists' bodies (a manifest per run, one printed page
 * each; a day sheet; every arrival and departure), shared by the admin's
 * /admin/travel/lists and a supplier's live link (issue 27). `href` builds
 * the address of one list on the page that shows it, so the shared page
 * links only to itself. In English or Portuguese (decision 071): `lang`.
 */

export const TRAVEL_LISTS = { manifests: "Run manifests", day: "Day sheet", all: "All arrivals and departures" } as const;
export type TravelListKind = keyof typeof TRAVEL_LISTS;
export const travelListKind = (v: string | null): TravelListKind => (v && Object.hasOwn(TRAVEL_LISTS, v) ? (v as TravelListKind) : "manifests");

type Lists = ReturnType<typeof travelListFor>;
type Run = Lists["runs"][number];
type Passenger = Run["parties"][number];

/** The query of one list: the page and its CSV take the same (English needs no `lang`). */
export const travelListQuery = (list: TravelListKind, date: string | null, lang: Lang = "en") =>
  `${list === "day" && date ? `?list=day&date=${date}` : `?list=${list}`}${lang === "pt" ? "&lang=pt" : ""}`;

/** A list's heading and the line under it, in the list's language. */
export function travelListHeading(list: TravelListKind, date: string | null, lang: Lang) {
  const t = travelListTexts[lang];
  return { title: t[list], description: list === "day" && date ? fmt(t.runsOf, { date: listDay(date, lang) }) : t.printable };
}

export function TravelListNav({ days, href, list, date, lang }: { days: string[]; href: (query: string) => string; list: TravelListKind; date: string | null; lang: Lang }) {
  const t = travelListTexts[lang];
  return (
    <div className="mb-4 flex flex-col gap-3 text-sm print:hidden">
      <nav aria-label={t.listsNav} className="flex flex-wrap gap-3">
        <Link to={href(travelListQuery("manifests", null, lang))} className="text-primary underline">{t.manifests}</Link>
        {days.map((d) => (
          <Link key={d} to={href(travelListQuery("day", d, lang))} className="text-primary underline">
            {fmt(t.dayLink, { date: listDate(d, lang) })}
          </Link>
        ))}
        <Link to={href(travelListQuery("all", null, lang))} className="text-primary underline">{t.all}</Link>
      </nav>
      <ListLangSwitch lang={lang} href={(l) => href(travelListQuery(list, date, l))} />
    </div>
  );
}

export function TravelListBody({ list, date, runs, movements, lang }: { list: TravelListKind; date: string | null; runs: Run[]; movements: Lists["movements"]; lang: Lang }) {
  const t = travelListTexts[lang];
  if (list === "all") {
    return (
      <DataTable
        caption={t.all}
        rows={movements}
        rowKey={(m) => `${m.travellerId}-${m.direction}`}
        empty={t.noTravel}
        columns={[
          { header: t.dayColumn, cell: (m) => listDate(m.date, lang), className: "whitespace-nowrap" },
          { header: t.time, cell: (m) => m.time, className: "tabular-nums" },
          { header: t.way, cell: (m) => (m.direction === "arrival" ? t.arrival : t.departure) },
          { header: t.party, cell: (m) => <span className="font-medium">{m.name}</span> },
          { header: t.people, cell: (m) => m.seats },
          { header: t.point, cell: (m) => m.point },
          { header: t.number, cell: (m) => m.number ?? "-" },
          { header: t.transfer, cell: (m) => (m.transfer ? t.yes : t.no) },
          { header: t.phone, cell: (m) => m.phone ?? "-" },
        ]}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {(list === "day" ? runs.filter((r) => r.date === date) : runs).map((r) => {
        const when = { date: listDate(r.date, lang), time: r.time };
        return (
          <section key={r.id} className={list === "manifests" ? "manifest break-after-page last:break-after-auto" : "break-inside-avoid"} aria-label={fmt(t.run, when)}>
            <h2 className="text-lg font-semibold">
              {when.date} {r.time} · {r.from} → {r.to}
            </h2>
            <p className="mb-2 text-sm text-muted-foreground">
              {fmt(t.seats, { used: r.seatsUsed, seats: r.seats })}
              {r.vehicle ? ` · ${r.vehicle}` : ""}
              {r.driverPhone ? ` · ${fmt(t.driver, { phone: r.driverPhone })}` : ""}
              {r.note ? ` · ${r.note}` : ""}
            </p>
            <DataTable<Passenger>
              caption={fmt(t.passengers, when)}
              rows={r.parties}
              rowKey={(p) => p.id}
              empty={t.nobody}
              columns={[
                { header: t.party, cell: (p) => <span className="font-medium">{p.name}</span> },
                { header: t.names, cell: (p) => p.people.join(", ") || "-" },
                { header: t.people, cell: (p) => p.seats },
                { header: t.number, cell: (p) => p.number ?? "-" },
                { header: r.direction === "arrival" ? t.lands : t.departs, cell: (p) => p.time ?? "-", className: "tabular-nums" },
                { header: t.phone, cell: (p) => p.phone ?? "-" },
              ]}
            />
          </section>
        );
      })}
    </div>
  );
}
