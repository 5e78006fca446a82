import type { Route } from "./+types/event-rsvps-export";
import { toAttendanceRow } from "~/components/admin/events/attendance-rows";
import { attendanceStats, listAllEventRsvps } from "~/models/event-rsvps.server";
import { listEvents } from "~/models/events.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

// The attendance report as the host filtered it, for a spreadsheet: one line
// per answer, then (for one event) the figures of the stat cards.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const id = new URL(request.url).searchParams.get("event");
  const event = listEvents().find((e) => e.id === id) ?? null;
  const filter = event ? { eventId: event.id } : {};
  const rows = listAllEventRsvps(filter).map(toAttendanceRow);
  const lines: Array<Array<string | number | null>> = [
    ["Event", "Event Date", "Guest/Party", "Type", "Status", "Date Responded", "Adults", "Kids (>2y)", "Babies (≤2y)"],
    ...rows.map((r) => [r.eventTitle, r.eventDate, r.name, r.type, r.status, r.respondedOn, r.adults, r.kids, r.babies]),
  ];
  if (event) {
    const s = attendanceStats(filter);
    lines.push(
      [],
      ["Attending", s.attending, `${s.attendingPercent}%`],
      ["Not Attending", s.notAttending, `${s.notAttendingPercent}%`],
      ["Total Responses", s.totalResponses],
      ["Total Guests", s.totalGuests],
      ["Adults", s.adults, `${s.adultsPercent}%`],
      ["Kids (>2y)", s.kids, `${s.kidsPercent}%`],
      ["Babies (≤2y)", s.babies, `${s.babiesPercent}%`],
    );
  }
  const slug = event ? event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "event" : "all-events";
  return csvDownload(request, lines, `event-attendance-${slug}.csv`);
}
