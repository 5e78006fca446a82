import { Link } from "react-router";
import type { Route } from "./+types/caterer-list";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import { EventFilter } from "~/components/admin/events/event-filter";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { getEventConfig } from "~/models/event-config.server";
import { listEvents } from "~/models/events.server";
import { catererList } from "~/models/supplier-lists.server";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Caterer's List | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const asked = new URL(request.url).searchParams.get("event") ?? "main";
  const events = listEvents();
  const eventId = asked !== "main" && events.some((e) => e.id === asked) ? asked : "main";
  const config = getEventConfig();
  const list = catererList(eventId, { title: config.eventTitle, date: config.eventDate, time: config.eventTime });
  return { list, events: events.map((e) => ({ id: e.id, title: e.title, date: e.date })), mainTitle: config.eventTitle };
}

/** The caterer's figures for one event (issue 14): people by age group, then each dietary need and whose it is. */
export default function CatererList({ loaderData }: Route.ComponentProps) {
  const { list, events, mainTitle } = loaderData;
  const { counts } = list;
  return (
    <>
      <PageHeader
        title="Caterer's List"
        description={`${list.event.title}: ${list.event.date}, ${list.event.time}`}
        actions={
          <>
            <Link to="/admin/event-rsvps" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
              Back to Event Attendance
            </Link>
            <PrintButton />
            <CsvLinks href={`/admin/caterer-list.csv?event=${encodeURIComponent(list.event.id)}`} />
          </>
        }
      />
      <div className="mb-6 print:hidden">
        <EventFilter events={events} current={list.event.id} allLabel={`Main event: ${mainTitle}`} allValue="main" answerFilters={false} />
      </div>
      <StatGrid className="mb-6">
        <StatCard label="People coming" value={counts.total} />
        <StatCard label="Adults" value={counts.adults} />
        <StatCard label="Kids (>2y)" value={counts.kids} />
        <StatCard label="Babies (≤2y)" value={counts.babies} />
      </StatGrid>
      <Panel title="Dietary needs" description={list.dietary.length ? undefined : "Nobody coming has told us of one."}>
        {list.dietary.length ? (
          <ul className="divide-y" data-testid="dietary-list">
            {list.dietary.map((d, i) => (
              <li key={i} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                <span className="w-56 shrink-0 font-medium">{d.name}</span>
                <span className="whitespace-pre-line">{d.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>
      {/* Issue 24: each menu question's totals by age group, then who eats what. */}
      {list.menus.map((m) => (
        <Panel key={m.questionId} title={m.text} className="mt-6">
          <table className="w-full text-sm" data-testid="menu-totals">
            <caption className="sr-only">{m.text}: totals by age group</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1">Choice</th>
                <th scope="col">Adults</th>
                <th scope="col">Kids (&gt;2y)</th>
                <th scope="col">Babies (≤2y)</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {m.totals.map((c) => (
                <tr key={c.id} className="border-t">
                  <th scope="row" className="py-1 text-left font-medium">{c.label}</th>
                  <td>{c.adults}</td>
                  <td>{c.kids}</td>
                  <td>{c.babies}</td>
                  <td>{c.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {m.people.length ? (
            <ul className="mt-4 columns-1 text-sm sm:columns-2" data-testid="menu-people">
              {m.people.map((p, i) => (
                <li key={i}>
                  {p.name}: {p.choice}
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
      ))}
    </>
  );
}
