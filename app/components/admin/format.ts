import { formatCents as formatCentsIn, formatDate as formatDateIn, formatEuro as formatEuroIn } from "~/utils/format";

/** Money as DESIGN.md shows it in the (English) admin: "€1,250". */
export const formatEuro = (amount: number) => formatEuroIn(amount, "en", { whole: true });

/** Ledger money in cents (issue 25), with its cents: "€240.00", "-€50.00". */
export const formatCents = (cents: number) => formatCentsIn(cents, "en");

/** Dates as "June 12, 2026" (SPEC.md 9: MMMM d, yyyy), in UTC so server and browser agree; "-" for none. */
export function formatDate(value: string | null | undefined) {
  return formatDateIn(value, "en") || "-";
}
