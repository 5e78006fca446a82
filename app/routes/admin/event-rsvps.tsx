import { UtensilsIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/event-rsvps";
import { AttendanceStatCards } from "~/components/admin/events/attendance-stats";
import { AttendanceTable } from "~/components/admin/events/attendance-table";
import { EventFilter } from "~/components/admin/events/event-filter";
import { VisibilityBadge } from "~/components/admin/events/events-table";
import { formatDate } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { CsvLinks } from "~/components/admin/csv-links";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { buttonVariants } from "~/components/ui/button";
import { countEventAttendance, listEventAttendance } from "~/models/event-attendance.server";
import { attendanceStats } from "~/models/event-rsvps.server";
import { listEvents } from "~/models/events.server";
import { attendanceFiltersSchema } from "~/schemas/admin-lists";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Event Attendance | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const filters = attendanceFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const events = listEvents();
  // `?event=ID` picks one event; anything else (or "all") means every event.
  const event = events.find((e) => e.id === filters.event) ?? null;
  const query = { eventId: event?.id, search: filters.q, status: filters.status };
  // 50 answers a page, filtered and paged in SQL (issue 16): at 1,000 guests
  // every answer on one page was about 900 KB of HTML.
  const counts = countEventAttendance(query);
  const { offset, limit, pagination } = pageWindow(counts.matching, url);
  return {
    events: events.map((e) => ({ id: e.id, title: e.title, date: e.date })),
    event: event && {
      id: event.id,
      title: event.title,
      date: event.date,
      timeFrom: event.timeFrom,
      timeTo: event.timeTo,
      description: event.description,
      hotelGuestsOnly: event.hotelGuestsOnly,
    },
    filters: { q: filters.q, status: filters.status },
    counts: { all: counts.all, attending: counts.attending, declined: counts.declined },
    pagination,
    stats: event ? attendanceStats({ eventId: event.id }) : null,
    rows: listEventAttendance(query, { offset, limit }).map(({ createdAt, ...r }) => ({ ...r, respondedOn: formatDate(createdAt) })),
  };
}

export default function EventAttendance({ loaderData }: Route.ComponentProps) {
  const { events, event, stats, rows, filters, counts, pagination } = loaderData;
  const exportHref = `/admin/event-rsvps/export${event ? `?event=${encodeURIComponent(event.id)}` : ""}`;
  const filtered = Boolean(filters.q || filters.status);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Event Attendance"
        description="Who is coming to each side event, from the guests' answers."
        actions={
          <>
            <Link
              to={`/admin/caterer-list?event=${encodeURIComponent(event?.id ?? "main")}`}
              className={buttonVariants({ variant: "outline" })}
            >
              <UtensilsIcon aria-hidden="true" />
              Caterer's list
            </Link>
            <CsvLinks href={exportHref} />
          </>
        }
      />
      <EventFilter events={events} current={event?.id ?? "all"} q={filters.q} status={filters.status} counts={counts} />
      {event && stats ? (
        <>
          <Panel title={event.title} actions={event.hotelGuestsOnly ? <VisibilityBadge hotelGuestsOnly /> : undefined}>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Date</dt>
              <dd>{event.date}</dd>
              <dt className="text-muted-foreground">Time</dt>
              <dd>
                {event.timeFrom} - {event.timeTo}
              </dd>
              {event.description ? (
                <>
                  <dt className="text-muted-foreground">Description</dt>
                  <dd className="whitespace-pre-line">{event.description}</dd>
                </>
              ) : null}
            </dl>
          </Panel>
          <section aria-labelledby="attendance-figures">
            <h2 id="attendance-figures" className="sr-only">
              Attendance figures
            </h2>
            <AttendanceStatCards stats={stats} />
          </section>
        </>
      ) : null}
      <section aria-labelledby="event-rsvps-heading" className="flex flex-col gap-3">
        <h2 id="event-rsvps-heading" className="text-lg font-semibold">
          Responses
        </h2>
        <AttendanceTable rows={rows} showEvent={!event} empty={filtered ? "No answers match these filters." : undefined} />
        <Pagination pagination={pagination} label="Responses" />
      </section>
    </div>
  );
}
