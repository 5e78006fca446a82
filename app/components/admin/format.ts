import { formatCents as formatCentsIn, formatDate as formatDateIn, formatEuro as formatEuroIn } from "~/utils/format";

/** Money as DESIGN.md shows it in the (English) admin: "€1,250". */
export const formatEuro = (amount: number) => formatEuroIn(amount, "en", { whole: true });

/** Ledger money in cents (issue 25), with its cents: "€240.00", "-€50.00". */
export const formatCents = (cents: number) => formatCentsIn(cents, "en");

/** Dates as "June 12, 2026" (SPEC.md 9: MMMM d, yyyy), in UTC so server and browser agree; "-" for none. */
export function formatDate(value: string | null | undefined) {
  return formatDateIn(value, "en") || "-";
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Lisbon" });
/** A moment as "Jun 12, 2026, 4:30 PM" in Lisbon (issue 27: when a link was last opened, a session began). */
export function formatDateTime(value: string | null | undefined) {
  return value ? dateTime.format(new Date(value)) : "-";
}
