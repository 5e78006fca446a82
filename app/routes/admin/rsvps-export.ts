import type { Route } from "./+types/rsvps-export";
import { rsvpTracking } from "~/models/admin-views.server";
import { rsvpFilterSchema } from "~/schemas/admin-rsvps";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";

// RSVP Tracking as a spreadsheet, with the same status filter and search as the page (every page of it).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { status, q } = rsvpFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const tracked = rsvpTracking({ status, search: q });
  const lines: CsvValue[][] = [
    ["Name", "Type", "Status", "Guests", "Adults", "Kids", "Babies", "Dietary Restrictions", "Message", "Answered", "Email", "Phone"],
    ...tracked.map((r) => [
      r.name,
      r.type,
      r.status,
      r.guestCount,
      r.adults,
      r.kids,
      r.babies,
      r.dietaryRestrictions,
      r.messageToHost,
      r.respondedAt ? r.respondedAt.slice(0, 10) : "",
      r.email,
      r.phone,
    ]),
  ];
  return csvDownload(request, lines, status ? `rsvps-${status.toLowerCase()}.csv` : "rsvps.csv");
}
