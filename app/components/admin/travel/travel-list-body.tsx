import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import type { travelLists } from "~/models/travel-board.server";

/*
 * Issue 26.5: the travel lists' bodies (a manifest per run, one printed page
 * each; a day sheet; every arrival and departure), shared by the admin's
 * /admin/travel/lists and a supplier's live link (issue 27). `href` builds
 * the address of one list on the page that shows it, so the shared page
 * links only to itself.
 */

export const TRAVEL_LISTS = { manifests: "Run manifests", day: "Day sheet", all: "All arrivals and departures" } as const;
export type TravelListKind = keyof typeof TRAVEL_LISTS;
export const travelListKind = (v: string | null): TravelListKind => (v && Object.hasOwn(TRAVEL_LISTS, v) ? (v as TravelListKind) : "manifests");

type Lists = ReturnType<typeof travelLists>;
type Run = Lists["runs"][number];
type Passenger = Run["parties"][number];

/** The query of one list: the page and its CSV take the same. */
export const travelListQuery = (list: TravelListKind, date: string | null) => (list === "day" && date ? `?list=day&date=${date}` : `?list=${list}`);

export function TravelListNav({ days, href }: { days: string[]; href: (query: string) => string }) {
  return (
    <nav aria-label="Lists" className="mb-4 flex flex-wrap gap-3 text-sm print:hidden">
      <Link to={href("?list=manifests")} className="text-primary underline">Run manifests</Link>
      {days.map((d) => (
        <Link key={d} to={href(`?list=day&date=${d}`)} className="text-primary underline">
          Day sheet {d}
        </Link>
      ))}
      <Link to={href("?list=all")} className="text-primary underline">All arrivals and departures</Link>
    </nav>
  );
}

export function TravelListBody({ list, date, runs, movements }: { list: TravelListKind; date: string | null; runs: Run[]; movements: Lists["movements"] }) {
  if (list === "all") {
    return (
      <DataTable
        caption="All arrivals and departures"
        rows={movements}
        rowKey={(m) => `${m.travellerId}-${m.direction}`}
        empty="No travel details yet."
        columns={[
          { header: "Day", cell: (m) => m.date, className: "whitespace-nowrap" },
          { header: "Time", cell: (m) => m.time, className: "tabular-nums" },
          { header: "Way", cell: (m) => (m.direction === "arrival" ? "Arrival" : "Departure") },
          { header: "Party", cell: (m) => <span className="font-medium">{m.name}</span> },
          { header: "People", cell: (m) => m.seats },
          { header: "Point", cell: (m) => m.point },
          { header: "Flight / train", cell: (m) => m.number ?? "-" },
          { header: "Transfer", cell: (m) => (m.transfer ? "yes" : "no") },
          { header: "Phone", cell: (m) => m.phone ?? "-" },
        ]}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {(list === "day" ? runs.filter((r) => r.date === date) : runs).map((r) => (
        <section key={r.id} className={list === "manifests" ? "manifest break-after-page" : "break-inside-avoid"} aria-label={`Run ${r.date} ${r.time}`}>
          <h2 className="text-lg font-semibold">
            {r.date} {r.time} · {r.from} → {r.to}
          </h2>
          <p className="mb-2 text-sm text-muted-foreground">
            {r.seatsUsed}/{r.seats} seats{r.vehicle ? ` · ${r.vehicle}` : ""}{r.driverPhone ? ` · driver ${r.driverPhone}` : ""}{r.note ? ` · ${r.note}` : ""}
          </p>
          <DataTable<Passenger>
            caption={`Passengers ${r.date} ${r.time}`}
            rows={r.parties}
            rowKey={(p) => p.id}
            empty="Nobody on this run."
            columns={[
              { header: "Party", cell: (p) => <span className="font-medium">{p.name}</span> },
              { header: "Names", cell: (p) => p.people.join(", ") || "-" },
              { header: "People", cell: (p) => p.seats },
              { header: "Flight / train", cell: (p) => p.number ?? "-" },
              { header: r.direction === "arrival" ? "Lands" : "Departs", cell: (p) => p.time ?? "-", className: "tabular-nums" },
              { header: "Phone", cell: (p) => p.phone ?? "-" },
            ]}
          />
        </section>
      ))}
    </div>
  );
}
