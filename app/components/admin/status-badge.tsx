import { Badge } from "~/components/ui/badge";

/*
 * DESIGN.md's state colours: pending gray, confirmed green, declined red,
 * paid blue. The word is always shown, so colour is never the only cue.
 */
const VARIANT = {
  pending: "pending",
  attending: "success",
  confirmed: "success",
  declined: "declined",
  paid: "info",
  unpaid: "pending",
} as const;

export type BadgeState = keyof typeof VARIANT;

export function StatusBadge({ state, children }: { state: BadgeState; children: React.ReactNode }) {
  return <Badge variant={VARIANT[state]}>{children}</Badge>;
}

/** SPEC.md 4: Pending / Attending / Declined. */
export function RsvpBadge({ status }: { status: "Pending" | "Attending" | "Declined" | "pending" | "attending" | "declined" }) {
  const key = status.toLowerCase() as "pending" | "attending" | "declined";
  const label = key === "pending" ? "Pending" : key === "attending" ? "Attending" : "Declined";
  return <StatusBadge state={key}>{label}</StatusBadge>;
}
