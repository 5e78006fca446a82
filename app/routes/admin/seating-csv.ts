import type { Route } from "./+types/seating-csv";
import { chosenEventId } from "~/models/seating/board.server";
import { seatingCsvRows } from "~/models/seating/prints.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

/** /admin/seating.csv?event=&view=plan|list|cards (issue 37): the prints as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const eventId = chosenEventId(url.searchParams.get("event"));
  const view = url.searchParams.get("view") ?? "plan";
  // No event yet: the header row alone.
  return csvDownload(request, seatingCsvRows(eventId, view), `seating-${["list", "cards"].includes(view) ? view : "plan"}.csv`);
}
