import type { Route } from "./+types/rooming-list-csv";
import { listLang } from "~/components/admin/supplier-lists/list-lang";
import { roomingCsv } from "~/routes/shared/lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload } from "~/utils/csv.server";

/** The rooming list for the hotel, one line per party and room type (issue 14; the shared link's CSV is the same, issue 27); ?lang=pt (decision 071). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { rows, filename } = roomingCsv(listLang(new URL(request.url).searchParams.get("lang")));
  return csvDownload(request, rows, filename);
}
