import { Link } from "react-router";
import type { Route } from "./+types/travel-lists";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import { DataTable } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { travelLists } from "~/models/travel-board.server";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Travel Lists | Party Admin" }];

const LISTS = { manifests: "Run manifests", day: "Day sheet", all: "All arrivals and departures" } as const;
type ListKind = keyof typeof LISTS;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const list = (url.searchParams.get("list") ?? "manifests") as ListKind;
  const lists = travelLists();
  const date = url.searchParams.get("date") ?? lists.days[0] ?? null;
  return { list: list in LISTS ? list : "manifests", date, ...lists };
}

type Data = Route.ComponentProps["loaderData"];
type Run = Data["runs"][number];
type Passenger = Run["parties"][number];

/** Issue 26.5: a manifest per run (one printed page each), a day sheet for the transport company, every arrival and departure. */
export default function TravelLists({ loaderData }: Route.ComponentProps) {
  const { list, date, runs, movements, days } = loaderData;
  const query = list === "day" && date ? `?list=day&date=${date}` : `?list=${list}`;
  return (
    <>
      <PageHeader
        title={LISTS[list]}
        description={list === "day" && date ? `Runs of ${date}` : "Printable; the CSV has the same rows."}
        actions={
          <>
            <Link to="/admin/travel" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
              Back to Travel
            </Link>
            <PrintButton />
            <CsvLinks href={`/admin/travel/lists.csv${query}`} />
          </>
        }
      />
      <nav aria-label="Lists" className="mb-4 flex flex-wrap gap-3 text-sm print:hidden">
        <Link to="?list=manifests" className="text-primary underline">Run manifests</Link>
        {days.map((d) => (
          <Link key={d} to={`?list=day&date=${d}`} className="text-primary underline">
            Day sheet {d}
          </Link>
        ))}
        <Link to="?list=all" className="text-primary underline">All arrivals and departures</Link>
      </nav>
      {list === "all" ? (
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
      ) : (
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
      )}
    </>
  );
}
