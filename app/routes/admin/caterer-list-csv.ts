import type { Route } from "./+types/caterer-list-csv";
import { catererEventId } from "~/models/supplier-views.server";
import { catererCsvName, catererCsvRows } from "~/routes/shared/lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

/** The caterer's list of one event (`?event=main` or an event's id) as CSV (issue 14; the shared link's CSV is the same, issue 27). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const eventId = catererEventId(new URL(request.url).searchParams.get("event"));
  return csvDownload(request, catererCsvRows(eventId), catererCsvName(eventId));
}
