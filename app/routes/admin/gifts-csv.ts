import type { Route } from "./+types/gifts-csv";
import { listGiftFunds } from "~/models/gifts/gift-funds.server";
import { giftsOfFunds } from "~/models/gifts/gifts.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";
import { centsToDecimal } from "~/utils/money";

// Issue 40: every gift of every fund as a spreadsheet, money in euro with cents.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const funds = listGiftFunds();
  const title = new Map(funds.map((f) => [f.id, f.title]));
  const lines: CsvValue[][] = [
    ["Fund", "Giver", "Reference", "Promised", "Received", "Status", "Received on", "Thanked", "Message"],
    ...giftsOfFunds(funds).map((g) => [
      title.get(g.fundId),
      g.giverName,
      g.reference ?? "",
      g.reference ? centsToDecimal(g.amount) : "",
      g.receivedAmount != null ? centsToDecimal(g.receivedAmount) : "",
      g.status,
      g.receivedAt ?? "",
      g.thankedAt ? "yes" : "no",
      g.message ?? "",
    ]),
  ];
  return csvDownload(request, lines, "gifts.csv");
}
