import { StatusBadge } from "~/components/admin/status-badge";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import type { ConfirmationStatus } from "~/models/room-assignments.server";

const LOOK = {
  pending: { label: "Pending", icon: "clock" },
  confirmed: { label: "Confirmed", icon: "check-circle" },
  declined: { label: "Declined", icon: "x-circle" },
} as const;

/** SPEC.md's "status badge with icon": the word, a colour and an icon (from the page's sprite: one per row). */
export function ConfirmationBadge({ status }: { status: ConfirmationStatus }) {
  const { label, icon } = LOOK[status];
  return (
    <StatusBadge state={status}>
      <SpriteIcon name={icon} />
      {label}
    </StatusBadge>
  );
}

export function PaidBadge({ paid }: { paid: boolean }) {
  return <StatusBadge state={paid ? "paid" : "unpaid"}>{paid ? "Paid" : "Unpaid"}</StatusBadge>;
}
