/** Money as DESIGN.md shows it in English: "€1,250". */
const euro = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
export const formatEuro = (amount: number) => euro.format(amount);

/** Dates as "June 12, 2026" (SPEC.md 9: MMMM d, yyyy), in UTC so server and browser agree. */
const longDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
export function formatDate(value: string | null | undefined) {
  if (!value) return "-";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}
