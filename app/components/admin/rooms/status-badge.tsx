import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { StatusBadge } from "~/components/admin/status-badge";
import type { ConfirmationStatus } from "~/models/room-assignments.server";

const LOOK = {
  pending: { label: "Pending", Icon: Clock },
  confirmed: { label: "Confirmed", Icon: CheckCircle2 },
  declined: { label: "Declined", Icon: XCircle },
} as const;

/** SPEC.md's "status badge with icon": the word, a colour and an icon. */
export function ConfirmationBadge({ status }: { status: ConfirmationStatus }) {
  const { label, Icon } = LOOK[status];
  return (
    <StatusBadge state={status}>
      <Icon aria-hidden="true" />
      {label}
    </StatusBadge>
  );
}

export function PaidBadge({ paid }: { paid: boolean }) {
  return <StatusBadge state={paid ? "paid" : "unpaid"}>{paid ? "Paid" : "Unpaid"}</StatusBadge>;
}
