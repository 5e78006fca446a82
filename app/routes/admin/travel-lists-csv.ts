import type { Route } from "./+types/travel-lists-csv";
import { travelLists } from "~/models/travel-board.server";
import { requireAdminPage } from "~/session.server";
import { csvDownload, type CsvValue } from "~/utils/csv.server";

/** Issue 26.5: the travel lists as CSV (same rules as every export): ?list=manifests | day&date= | all. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const list = url.searchParams.get("list") ?? "manifests";
  const { runs, movements } = travelLists();
  if (list === "all") {
    const rows: CsvValue[][] = [["Date", "Time", "Direction", "Party", "Names", "People", "Point", "Flight or train", "Transfer", "Phone"]];
    for (const m of movements) rows.push([m.date, m.time, m.direction, m.name, m.people.join("; "), m.seats, m.point, m.number, m.transfer ? "yes" : "no", m.phone]);
    return csvDownload(request, rows, "arrivals-and-departures.csv");
  }
  const date = url.searchParams.get("date");
  const chosen = list === "day" && date ? runs.filter((r) => r.date === date) : runs;
  const rows: CsvValue[][] = [["Run date", "Run time", "From", "To", "Seats", "Vehicle", "Driver phone", "Note", "Party", "Names", "People", "Flight or train", "Landing or departure", "Phone"]];
  for (const r of chosen) {
    for (const p of r.parties) rows.push([r.date, r.time, r.from, r.to, r.seats, r.vehicle, r.driverPhone, r.note, p.name, p.people.join("; "), p.seats, p.number, p.time, p.phone]);
  }
  return csvDownload(request, rows, list === "day" && date ? `day-sheet-${date}.csv` : "run-manifests.csv");
}
