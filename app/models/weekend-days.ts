/*
 * Issue 38: the host writes dates and times as text ("Saturday, June 13,
 * 2026", "Day 2 (June 13th)", "7:30 PM", "19:30"); pickups are ISO. These
 * give each a key to put them on one day and in time order. A text with no
 * recognisable date gets no key (it is shown after the dated days, as given).
 */

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_DAY = new RegExp(`(${MONTHS.join("|")})\\s+(\\d{1,2})`, "i");

/** "06-13" from "2026-06-13", "Saturday, June 13, 2026" or "Day 2 (June 13th)"; null when none. */
export function dayKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const iso = /^\d{4}-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}`;
  const m = MONTH_DAY.exec(text);
  return m ? `${String(MONTHS.indexOf(m[1]!.toLowerCase()) + 1).padStart(2, "0")}-${m[2]!.padStart(2, "0")}` : null;
}

/** Minutes after midnight of the first time in "4:30-6:30 PM", "10:00 PM-2:00 AM", "19:30"; 24h when unknown. */
export function minutesOf(text: string | null | undefined): number {
  const m = /(\d{1,2})(?::(\d{2}))?\s*(AM|PM)?/i.exec(text ?? "");
  if (!m) return 24 * 60;
  let h = Number(m[1]) % 24;
  // "4:30-6:30 PM": the range's one AM/PM stands for both ends.
  const half = m[3] ?? /\b(AM|PM)\b/i.exec(text ?? "")?.[1];
  if (half?.toUpperCase() === "PM" && h < 12) h += 12;
  if (half?.toUpperCase() === "AM" && h === 12) h = 0;
  return h * 60 + Number(m[2] ?? 0);
}
