import type { Route } from "./+types/caterer-list-csv";
import { listLang } from "~/components/admin/supplier-lists/list-lang";
import { catererEventId } from "~/models/supplier-views.server";
import { catererCsv } from "~/routes/shared/lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

/** The caterer's list of one event (`?event=main` or an event's id) as CSV (issue 14; the shared link's CSV is the same, issue 27); ?lang=pt (decision 071). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const { rows, filename } = catererCsv(catererEventId(url.searchParams.get("event")), listLang(url.searchParams.get("lang")));
  return csvDownload(request, rows, filename);
}
