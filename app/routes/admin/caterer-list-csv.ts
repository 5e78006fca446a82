import type { Route } from "./+types/caterer-list-csv";
import { getEventConfig } from "~/models/event-config.server";
import { listEvents } from "~/models/events.server";
import { catererList } from "~/models/supplier-lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";

/** The caterer's list of one event (`?event=main` or an event's id) as CSV (issue 14). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const asked = new URL(request.url).searchParams.get("event") ?? "main";
  const eventId = asked !== "main" && listEvents().some((e) => e.id === asked) ? asked : "main";
  const config = getEventConfig();
  const list = catererList(eventId, { title: config.eventTitle, date: config.eventDate, time: config.eventTime });
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
  const slug = eventId === "main" ? "main-event" : list.event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "event";
  return csvDownload(request, rows, `caterer-list-${slug}.csv`);
}
