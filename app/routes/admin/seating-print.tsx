import { Link } from "react-router";
import type { Route } from "./+types/seating-print";
import { buttonVariants } from "~/components/ui/button";
import { chosenEventId, seatingEvents } from "~/models/seating/board.server";
import { seatingPrints } from "~/models/seating/prints.server";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.heading ?? "Seating"} | Party Admin` },
];

const HEADINGS = {
  plan: "Table plan",
  list: "Find your table",
  cards: "Place cards",
} as const;
type View = keyof typeof HEADINGS;

/** /admin/seating/print?event=&view=plan|list|cards (issue 37): a sheet of its own, for the browser's Print (A4). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  // No event yet: an empty sheet (nothing to print), not an error.
  const eventId = chosenEventId(url.searchParams.get("event")) ?? "";
  const asked = url.searchParams.get("view");
  const view: View = asked === "list" || asked === "cards" ? asked : "plan";
  const title = seatingEvents().find((e) => e.id === eventId)?.title ?? "";
  const { tables, list } = eventId
    ? seatingPrints(eventId)
    : { tables: [], list: [] };
  return {
    eventId,
    view,
    heading: HEADINGS[view],
    title,
    tables: view === "plan" ? tables : [],
    list: view === "plan" ? [] : list,
  };
}

const CSS = `
@page { size: A4; margin: 12mm; }
.seat-print { font-family: Georgia, "Cormorant Garamond", serif; color: #111; }
.plan { columns: 3 55mm; column-gap: 6mm; font-size: 10pt; }
.plan section { break-inside: avoid; margin: 0 0 4mm; border: 0.3mm solid #999; padding: 2mm 3mm; }
.plan h2 { font-size: 12pt; margin: 0 0 1mm; }
.find { columns: 3 55mm; column-gap: 6mm; font-size: 10.5pt; }
.find li { break-inside: avoid; display: flex; justify-content: space-between; border-bottom: 0.2mm dotted #999; padding: 0.6mm 0; }
.cards { display: grid; grid-template-columns: 1fr 1fr; break-after: page; }
.cards:last-child { break-after: auto; }
.card { height: 90mm; box-sizing: border-box; border: 0.2mm dashed #bbb; display: grid; grid-template-rows: 1fr 1fr; text-align: center; break-inside: avoid; }
.card .fold { border-top: 0.3mm dashed #666; display: flex; flex-direction: column; justify-content: center; gap: 2mm; }
.card .back { transform: rotate(180deg); display: flex; align-items: center; justify-content: center; font-size: 16pt; }
.card .name { font-size: 20pt; }
.card .meta { font-size: 11pt; color: #333; }
@media print { .no-print { display: none !important; } html, body { background: #fff !important; } @page { margin: 8mm 0; } }
`;

/** Six cards an A4 sheet (two a row, three rows of 90 mm), each sheet its own page. */
function sheets<T>(cards: T[]) {
  const out: T[][] = [];
  for (let i = 0; i < cards.length; i += 6) out.push(cards.slice(i, i + 6));
  return out;
}

export default function SeatingPrint({ loaderData }: Route.ComponentProps) {
  const { eventId, view, heading, title, tables, list } = loaderData;
  return (
    <div className="seat-print mx-auto max-w-[210mm] bg-white p-4 print:p-0">
      <style>{CSS}</style>
      <nav className="no-print mb-4 flex flex-wrap items-center gap-3 text-sm">
        <Link
          to={`/admin/seating?event=${eventId}`}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          Back to Seating
        </Link>
        <a
          href={`/admin/seating.csv?event=${eventId}&view=${view}`}
          className="text-primary underline"
        >
          CSV
        </a>
        <span className="text-muted-foreground">
          Print with your browser's Print command (A4).
        </span>
      </nav>
      {view === "cards" ? null : (
        <h1 className="mb-3 text-xl font-semibold">
          {heading} · {title}
        </h1>
      )}
      {view === "plan" ? (
        <div className="plan">
          {tables.map((t) => (
            <section key={t.id}>
              <h2>
                Table {t.name}{" "}
                <small>
                  ({t.guests.length}/{t.seats})
                </small>
              </h2>
              {t.note ? <p className="text-xs italic">{t.note}</p> : null}
              <ol>
                {t.guests.map((g) => (
                  <li key={g.id}>{g.name}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : view === "list" ? (
        <ol className="find">
          {list.map((r, i) => (
            <li key={i}>
              <span>{r.name}</span> <span>Table {r.table}</span>
            </li>
          ))}
        </ol>
      ) : (
        <div aria-label={heading}>
          {sheets(list).map((sheet, n) => (
            <div key={n} className="cards">
              {sheet.map((r, i) => (
                <div key={i} className="card">
                  <div className="back" aria-hidden="true">
                    {r.name}
                  </div>
                  <div className="fold">
                    <span className="name">{r.name}</span>
                    <span className="meta">Table {r.table}</span>
                    {r.menu ? <span className="meta">{r.menu}</span> : null}
                  </div>
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
