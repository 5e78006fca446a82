import { UtensilsIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/event-rsvps";
import { AttendanceStatCards } from "~/components/admin/events/attendance-stats";
import { toAttendanceRow } from "~/components/admin/events/attendance-rows";
import { AttendanceTable } from "~/components/admin/events/attendance-table";
import { EventFilter } from "~/components/admin/events/event-filter";
import { VisibilityBadge } from "~/components/admin/events/events-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { CsvLinks } from "~/components/admin/csv-links";
import { buttonVariants } from "~/components/ui/button";
import { attendanceStats, listAllEventRsvps } from "~/models/event-rsvps.server";
import { listEvents } from "~/models/events.server";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Event Attendance | Party Admin" }];

/** `?event=ID` picks one event; anything else (or "all") means every event. */
function chosenEvent<E extends { id: string }>(events: E[], request: Request) {
  const id = new URL(request.url).searchParams.get("event");
  return events.find((e) => e.id === id) ?? null;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const events = listEvents();
  const event = chosenEvent(events, request);
  const filter = event ? { eventId: event.id } : {};
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
    stats: event ? attendanceStats(filter) : null,
    rows: listAllEventRsvps(filter).map(toAttendanceRow),
  };
}

export default function EventAttendance({ loaderData }: Route.ComponentProps) {
  const { events, event, stats, rows } = loaderData;
  const exportHref = `/admin/event-rsvps/export${event ? `?event=${encodeURIComponent(event.id)}` : ""}`;
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
      <EventFilter events={events} current={event?.id ?? "all"} />
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
        <AttendanceTable rows={rows} showEvent={!event} />
      </section>
    </div>
  );
}
