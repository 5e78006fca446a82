import { SpriteIcon } from "~/components/ui/sprite-icon";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { formatDate } from "~/components/admin/format";
import { Button } from "~/components/ui/button";
import { PaidControl } from "./paid-control";
import { QuantityInline } from "./quantity-inline";
import { ConfirmationBadge, PaidBadge } from "./status-badge";
import type { AssignmentItem } from "./types";

const context = (a: AssignmentItem) => `${a.party.name}, ${a.roomType.name}`;

/** Each assignment as SPEC.md lists it; a table on desktop, stacked cards on phones. */
export function AssignmentTable({
  assignments,
  linkTo,
}: {
  assignments: AssignmentItem[];
  linkTo: (param: "edit" | "delete", id: string) => string;
}) {
  return (
    <DataTable
      caption="Room assignments"
      rows={assignments}
      rowKey={(a) => a.id}
      empty="No assignments found"
      columns={[
        { header: "Party", cell: (a) => <span className="font-medium">{a.party.name}</span> },
        {
          header: "Room",
          cell: (a) => (
            <div className="cell-stack">
              <span className="cell-line">
                <span>{a.roomType.name}</span>
                <span className="cell-line">
                  <span aria-hidden="true">×</span>
                  <QuantityInline
                    id={a.id}
                    quantity={a.quantity}
                    max={a.roomType.totalUnits}
                    label={`Quantity of ${a.roomType.name} for ${a.party.name}`}
                  />
                </span>
              </span>
              <span className="text-muted-foreground">{a.roomType.location}</span>
            </div>
          ),
        },
        {
          header: "Status",
          cell: (a) => (
            <div className="cell-stack">
              <span className="cell-line">
                <ConfirmationBadge status={a.confirmationStatus} />
                {a.confirmationStatus === "confirmed" ? <PaidBadge paid={a.isPaid} /> : null}
              </span>
              {a.paidAt ? <span className="text-muted-foreground">Paid on {formatDate(a.paidAt)}</span> : null}
              {a.confirmationStatus === "declined" && a.declineReason ? (
                <span className="max-w-72 text-muted-foreground">Decline reason: {a.declineReason}</span>
              ) : null}
              {a.paymentDeadline ? <span className="text-muted-foreground">Pay by {formatDate(a.paymentDeadline)}</span> : null}
            </div>
          ),
        },
        {
          header: "Payment",
          cell: (a) =>
            a.confirmationStatus === "confirmed" ? (
              <PaidControl id={a.id} isPaid={a.isPaid} label="Payment Received" context={context(a)} />
            ) : (
              <span className="text-muted-foreground">Awaiting confirmation</span>
            ),
        },
        {
          header: "Actions",
          srOnlyHeader: true,
          className: "md:text-right",
          cell: (a) => (
            <div className="cell-actions">
              <Button asChild variant="ghost" size="icon">
                <Link to={linkTo("edit", a.id)} preventScrollReset aria-label={`Edit assignment: ${context(a)}`}>
                  <SpriteIcon name="pencil" />
                </Link>
              </Button>
              <Button asChild variant="ghost-danger" size="icon">
                <Link to={linkTo("delete", a.id)} preventScrollReset aria-label={`Delete assignment: ${context(a)}`}>
                  <SpriteIcon name="trash" />
                </Link>
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
