import type { Route } from "./+types/answers-csv";
import { answerRows } from "~/models/answers.server";
import { answersFilterFrom } from "~/routes/admin/answers-filter.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";

/**
 * /admin/answers as CSV (issue 24): every row the filters keep, not one page; the export's usual rules.
 * A question not asked of someone is an empty cell (issue 36.6); a retired question keeps its column.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { questions, rows } = answerRows(answersFilterFrom(new URL(request.url)));
  const table: CsvValue[][] = [
    ["Person", "Age", "Party", ...questions.map((q) => (q.retired ? `${q.text} (retired)` : q.text))],
    ...rows.map((r) => [r.name, r.ageCategory, r.partyName, ...questions.map((q) => r.cells[q.id])]),
  ];
  return csvDownload(request, table, "answers.csv");
}
