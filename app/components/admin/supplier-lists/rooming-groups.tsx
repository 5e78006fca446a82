import { DataTable } from "~/components/admin/data-table";
import { formatDate } from "~/components/admin/format";
import { Panel } from "~/components/admin/page-header";
import type { RoomingView } from "~/models/supplier-views.server";

const STATUS = { pending: "Pending", confirmed: "Confirmed", declined: "Declined" } as const;

/** The rooming list's tables (issue 14), on the admin page and on a shared link (issue 27). */
export function RoomingGroups({ groups }: { groups: RoomingView["groups"] }) {
  if (groups.length === 0) {
    return <p className="rounded-lg border border-dashed bg-background px-4 py-10 text-center text-sm text-muted-foreground">No rooms assigned yet.</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {groups.map((g) => (
        <Panel key={g.key} title={`${g.roomTypeName} (${g.location})`} description={`${g.units} ${g.units === 1 ? "unit" : "units"}`} className="break-inside-avoid">
          <DataTable
            caption={g.roomTypeName}
            rows={g.rooms}
            rowKey={(r) => r.key}
            columns={[
              { header: "Party", cell: (r) => <span className="font-medium">{r.partyName}</span> },
              { header: "Guests", cell: (r) => (r.guests.length ? r.guests.join(", ") : <span className="text-muted-foreground">nobody coming</span>) },
              { header: "Qty", cell: (r) => r.quantity, className: "tabular-nums" },
              { header: "Nights", cell: (r) => r.nights, className: "whitespace-nowrap" },
              { header: "Status", cell: (r) => STATUS[r.status] },
              { header: "Paid", cell: (r) => (r.isPaid ? "Paid" : "Unpaid") },
              { header: "Pay by", cell: (r) => (r.paymentDeadline ? formatDate(r.paymentDeadline) : "-"), className: "whitespace-nowrap" },
              {
                header: "Contact",
                cell: (r) => (r.phone || r.email ? [r.phone, r.email].filter(Boolean).join(" · ") : "-"),
                className: "break-all",
              },
            ]}
          />
        </Panel>
      ))}
    </div>
  );
}

export const roomingUnits = (groups: RoomingView["groups"]) => groups.reduce((n, g) => n + g.units, 0);
