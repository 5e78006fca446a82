import { DataTable, type Column } from "~/components/admin/data-table";
import { StatusBadge } from "~/components/admin/status-badge";
import type { AttendanceRow } from "./attendance-rows";

/** Event (only for "All Events"), Guest/Party, Type, Status, Date Responded. */
export function AttendanceTable({ rows, showEvent }: { rows: AttendanceRow[]; showEvent: boolean }) {
  const columns: Column<AttendanceRow>[] = [
    ...(showEvent ? [{ header: "Event", cell: (r: AttendanceRow) => <span className="font-medium">{r.eventTitle}</span> }] : []),
    { header: "Guest/Party", cell: (r) => <span className={showEvent ? undefined : "font-medium"}>{r.name}</span> },
    { header: "Type", cell: (r) => r.type },
    {
      header: "Status",
      cell: (r) => <StatusBadge state={r.status === "Attending" ? "attending" : "declined"}>{r.status}</StatusBadge>,
    },
    { header: "Date Responded", className: "tabular-nums", cell: (r) => r.respondedOn },
  ];
  return <DataTable caption="Event RSVPs" rows={rows} rowKey={(r) => r.id} columns={columns} empty="No event RSVPs yet" />;
}
