import type { Route } from "./+types/travel-lists-csv";
import { travelCsv } from "~/routes/shared/lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

/** Issue 26.5: the travel lists as CSV (same rules as every export): ?list=manifests | day&date= | all, ?lang=pt (decision 071); a shuttle link's CSV is the same (issue 27). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const { rows, filename } = travelCsv(url.searchParams.get("list"), url.searchParams.get("date"), url.searchParams.get("lang"));
  return csvDownload(request, rows, filename);
}
