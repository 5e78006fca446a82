import type { Route } from "./+types/payments-csv";
import { exportPartyPayments } from "~/models/payments.server";
import { paymentsFiltersSchema } from "~/schemas/admin-lists";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";
import { centsToDecimal } from "~/utils/money";

// Payment Status as a spreadsheet (issue 25): every party the page's filters leave, money in euro with cents.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { q, status } = paymentsFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const lines: CsvValue[][] = [
    ["Party", "Reference", "Rooms", "Confirmed", "Due", "Paid", "Balance", "Last payment", "Status"],
    ...exportPartyPayments({ search: q, status }).map((p) => [
      p.partyName,
      p.reference,
      p.rooms,
      p.confirmed,
      centsToDecimal(p.due),
      centsToDecimal(p.paid),
      centsToDecimal(p.balance),
      p.lastPayment ?? "",
      p.status,
    ]),
  ];
  return csvDownload(request, lines, status ? `payments-${status}.csv` : "payments.csv");
}
