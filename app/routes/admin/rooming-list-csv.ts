import type { Route } from "./+types/rooming-list-csv";
import { roomingCsvRows } from "~/routes/shared/lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

/** The rooming list for the hotel, one line per party and room type (issue 14; the shared link's CSV is the same, issue 27). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return csvDownload(request, roomingCsvRows(), "rooming-list.csv");
}
