import { DataTable, type Column } from "~/components/admin/data-table";
import { StatusBadge } from "~/components/admin/status-badge";
import type { AttendanceRow } from "./attendance-rows";

/** The columns the table shows (the CSV has more). */
export type AttendanceTableRow = Pick<AttendanceRow, "id" | "eventTitle" | "name" | "type" | "status" | "respondedOn">;

/** Event (only for "All Events"), Guest/Party, Type, Status, Date Responded. */
export function AttendanceTable({ rows, showEvent, empty = "No event RSVPs yet" }: { rows: AttendanceTableRow[]; showEvent: boolean; empty?: string }) {
  const columns: Column<AttendanceTableRow>[] = [
    ...(showEvent ? [{ header: "Event", cell: (r: AttendanceTableRow) => <span className="font-medium">{r.eventTitle}</span> }] : []),
    { header: "Guest/Party", cell: (r) => <span className={showEvent ? undefined : "font-medium"}>{r.name}</span> },
    { header: "Type", cell: (r) => r.type },
    {
      header: "Status",
      cell: (r) => <StatusBadge state={r.status === "Attending" ? "attending" : "declined"}>{r.status}</StatusBadge>,
    },
    { header: "Date Responded", className: "tabular-nums", cell: (r) => r.respondedOn },
  ];
  return <DataTable caption="Event RSVPs" rows={rows} rowKey={(r) => r.id} columns={columns} empty={empty} />;
}
