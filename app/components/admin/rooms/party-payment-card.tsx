import { DataTable } from "~/components/admin/data-table";
import { formatDate, formatEuro } from "~/components/admin/format";
import { Panel } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import type { ConfirmationStatus } from "~/models/room-assignments.server";
import { PaidControl } from "./paid-control";
import { QuantityInline } from "./quantity-inline";
import { ConfirmationBadge } from "./status-badge";

export type PartyPaymentStatus = "Paid in Full" | "Partially Paid" | "Unpaid" | "Credit";

export type PartyPayment = {
  partyId: string;
  partyName: string;
  status: PartyPaymentStatus;
  total: number;
  paidTotal: number;
  rooms: Array<{
    assignmentId: string;
    roomTypeName: string;
    quantity: number;
    pricePerNight: number;
    lineTotal: number;
    status: ConfirmationStatus;
    isPaid: boolean;
    paidAt: string | null;
    totalUnits: number;
  }>;
};

/** SPEC.md 4: "Paid in Full" blue, "Partially Paid" amber, "Unpaid" gray; issue 25's "Credit" (paid more than due) green. */
export function PartyPaymentBadge({ status }: { status: PartyPaymentStatus }) {
  if (status === "Paid in Full") return <StatusBadge state="paid">{status}</StatusBadge>;
  if (status === "Credit") {
    return (
      <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
        {status}
      </Badge>
    );
  }
  if (status === "Partially Paid") {
    return (
      <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
        {status}
      </Badge>
    );
  }
  return <StatusBadge state="unpaid">{status}</StatusBadge>;
}

/** One party: its rooms with quantity, price and line total, a paid toggle per confirmed room. */
export function PartyPaymentCard({ party }: { party: PartyPayment }) {
  return (
    <Panel
      id={`party-${party.partyId}`}
      title={party.partyName}
      description={
        <>
          Due {formatEuro(party.total)} for confirmed rooms · received {formatEuro(party.paidTotal)}
        </>
      }
      actions={<PartyPaymentBadge status={party.status} />}
    >
      <DataTable
        caption={`Rooms of ${party.partyName}`}
        rows={party.rooms}
        rowKey={(r) => r.assignmentId}
        columns={[
          { header: "Room", className: "md:w-[24%]", cell: (r) => <span className="font-medium">{r.roomTypeName}</span> },
          { header: "Status", className: "md:w-[16%]", cell: (r) => <ConfirmationBadge status={r.status} /> },
          {
            header: "Quantity",
            className: "md:w-[14%]",
            cell: (r) => (
              <QuantityInline
                id={r.assignmentId}
                quantity={r.quantity}
                max={r.totalUnits}
                label={`Quantity of ${r.roomTypeName} for ${party.partyName}`}
              />
            ),
          },
          { header: "Price (2 nights)", className: "tabular-nums md:w-[14%]", cell: (r) => formatEuro(r.pricePerNight) },
          {
            header: "Line Total",
            className: "tabular-nums md:w-[14%]",
            cell: (r) => (
              <span className={r.status === "confirmed" ? "font-medium" : "text-muted-foreground"}>
                {formatEuro(r.lineTotal)}
                {r.status === "confirmed" ? null : <span className="sr-only"> (not due: room not confirmed)</span>}
              </span>
            ),
          },
          {
            header: "Paid",
            cell: (r) =>
              r.status === "confirmed" ? (
                <div className="flex flex-col gap-0.5 max-md:items-end">
                  <PaidControl
                    id={r.assignmentId}
                    isPaid={r.isPaid}
                    kind="switch"
                    label="Paid"
                    context={`${party.partyName}, ${r.roomTypeName}`}
                  />
                  {r.paidAt ? <span className="text-muted-foreground">Paid on {formatDate(r.paidAt)}</span> : null}
                </div>
              ) : (
                <span className="text-muted-foreground">Not confirmed</span>
              ),
          },
        ]}
      />
    </Panel>
  );
}
