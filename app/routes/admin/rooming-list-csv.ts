import type { Route } from "./+types/rooming-list-csv";
import { roomingList } from "~/models/supplier-lists.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";

/** The rooming list for the hotel, one line per party and room type (issue 14). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const rows: CsvValue[][] = [["Room Type", "Location", "Party", "Guests", "Quantity", "Nights", "Status", "Paid", "Payment Deadline", "Phone", "Email"]];
  for (const g of roomingList()) {
    for (const r of g.rooms) {
      rows.push([g.roomTypeName, g.location, r.partyName, r.guests.join("; "), r.quantity, r.nights, r.status, r.isPaid ? "yes" : "no", r.paymentDeadline, r.phone, r.email]);
    }
  }
  return csvDownload(request, rows, "rooming-list.csv");
}
