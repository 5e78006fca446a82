/*
 * What the site prints itself, in the reader's language (issue 18): dates
 * ("May 1, 2026" / "1 de maio de 2026") and money ("€360.00" / "360,00 €"),
 * from Intl. Pages, e-mails and the admin all format through here. Dates the
 * host types (the event's date as displayed) are host texts, not formatted.
 */
import type { Lang } from "~/i18n";
import { centsToDecimal } from "./money";

const LOCALES: Record<Lang, string> = { en: "en-US", pt: "pt-PT" };
const LANGS: Lang[] = ["en", "pt"];

// Intl formatters are costly to build (tens of µs each; issue 8's profile of
// /my-rsvp): built once per language, not per call.
const dateFormats = Object.fromEntries(
  LANGS.map((l) => [l, new Intl.DateTimeFormat(LOCALES[l], { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })]),
) as Record<Lang, Intl.DateTimeFormat>;
const euroFormats = Object.fromEntries(
  LANGS.map((l) => [
    l,
    {
      cents: new Intl.NumberFormat(LOCALES[l], { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      whole: new Intl.NumberFormat(LOCALES[l], { style: "currency", currency: "EUR", maximumFractionDigits: 0 }),
    },
  ]),
) as Record<Lang, { cents: Intl.NumberFormat; whole: Intl.NumberFormat }>;

/** A calendar date (YYYY-MM-DD) or an ISO timestamp as "May 1, 2026" / "1 de maio de 2026"; "" for none. */
export function formatDate(value: string | null | undefined, lang: Lang) {
  if (!value) return "";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormats[lang].format(date);
}

/** "€360.00" / "360,00 €"; `whole` drops the cents ("€1,250", the admin's dense tables). */
export function formatEuro(amount: number, lang: Lang, { whole = false }: { whole?: boolean } = {}) {
  return euroFormats[lang][whole ? "whole" : "cents"].format(amount);
}

// "3 March" / "3 de março" (issue 25's receipt): the day first in both languages, as the issue writes it.
const dayMonthFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }),
  pt: new Intl.DateTimeFormat("pt-PT", { day: "numeric", month: "long", timeZone: "UTC" }),
};

/** A calendar date (YYYY-MM-DD) as "3 March" / "3 de março". */
export const formatDayMonth = (date: string, lang: Lang) => dayMonthFormats[lang].format(new Date(`${date}T12:00:00Z`));

/**
 * Ledger money (integer cents, issue 25): "€240.00" / "240,00 €". Intl reads
 * the exact decimal string, so no amount goes through a floating-point number.
 */
export function formatCents(cents: number, lang: Lang) {
  return euroFormats[lang].cents.format(centsToDecimal(cents) as `${number}` as unknown as number);
}

/** An IBAN printed in groups of four, as banks print it (stored without spaces). */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");

/*
 * Issue 36: the host types the celebration's and side events' dates and times
 * in English ("Saturday, June 13, 2026", "7:30 PM"), with an optional
 * Portuguese text of their own. Without one, a Portuguese reader gets the
 * English text read as a date or time and written as pt-PT does ("sábado, 13
 * de junho de 2026", "19:30"); a text that is not just a date or a time (a
 * "Friday evening") is shown as typed. English readers get the host's text.
 */
const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH = `(${MONTH_NAMES.join("|")}|${MONTH_NAMES.map((m) => m.slice(0, 3)).join("|")}|sept)\\.?`;
const WEEKDAY = "(?:(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\\.?,?\\s+)?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const RANGE = `${DAY}(?:\\s*(?:-|–|to|and|&)\\s*${DAY})?`;
const MONTH_FIRST = new RegExp(`^${WEEKDAY}${MONTH}\\s+${RANGE},?\\s+(\\d{4})$`, "i");
const DAY_FIRST = new RegExp(`^${WEEKDAY}${RANGE}\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})$`, "i");

export type HostDate = { year: number; month: number; day: number; lastDay: number; weekday: boolean };

/** "Saturday, June 13, 2026", "June 12-13, 2026", "13 June 2026" or "2026-06-13" as a day (or days) of a month; null for anything else. */
export function readHostDate(text: string | null | undefined): HostDate | null {
  const t = text?.trim() ?? "";
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const m = iso ? null : MONTH_FIRST.exec(t);
  const n = iso || m ? null : DAY_FIRST.exec(t);
  const found = iso
    ? { weekday: false, year: iso[1]!, month: iso[2]!, day: iso[3]!, last: undefined }
    : m
      ? { weekday: !!m[1], month: m[2]!, day: m[3]!, last: m[4], year: m[5]! }
      : n
        ? { weekday: !!n[1], day: n[2]!, last: n[3], month: n[4]!, year: n[5]! }
        : null;
  if (!found) return null;
  const name = found.month.toLowerCase().replace(".", "");
  const month = /^\d+$/.test(name) ? Number(name) : MONTH_NAMES.findIndex((full) => full.startsWith(name.slice(0, 3))) + 1;
  const [year, day] = [Number(found.year), Number(found.day)];
  const lastDay = found.last ? Number(found.last) : day;
  const real = (d: number) => new Date(Date.UTC(year, month - 1, d)).getUTCDate() === d;
  if (month < 1 || month > 12 || !real(day) || !real(lastDay) || lastDay < day) return null;
  return { year, month, day, lastDay, weekday: found.weekday };
}

/** "7:30 PM", "7 pm", "19:30", "noon" as hours and minutes; null for anything else. */
export function readHostTime(text: string | null | undefined): { hour: number; minute: number } | null {
  const t = text?.trim().toLowerCase() ?? "";
  if (t === "noon" || t === "midday") return { hour: 12, minute: 0 };
  if (t === "midnight") return { hour: 0, minute: 0 };
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(t);
  if (!m || (!m[2] && !m[3])) return null;
  let hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  const meridiem = m[3]?.replace(/\./g, "");
  if (meridiem && (hour < 1 || hour > 12)) return null;
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  return hour > 23 || minute > 59 ? null : { hour, minute };
}

const longDateFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  pt: new Intl.DateTimeFormat("pt-PT", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
};
const clockFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
  pt: new Intl.DateTimeFormat("pt-PT", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }),
};

/** A day, or consecutive days, in `lang`: "sexta-feira, 12 de junho de 2026", "12 e 13 de junho de 2026", "12 a 14 de junho de 2026". */
export function formatHostDate(d: HostDate, lang: Lang) {
  const at = (day: number) => new Date(Date.UTC(d.year, d.month - 1, day, 12));
  if (d.day === d.lastDay) return d.weekday ? longDateFormats[lang].format(at(d.day)) : dateFormats[lang].format(at(d.day));
  const monthYear = dateFormats[lang].format(at(d.lastDay));
  if (lang === "en") return monthYear.replace(/ \d+,/, ` ${d.day}-${d.lastDay},`);
  return monthYear.replace(/^\d+/, `${d.day} ${d.lastDay === d.day + 1 ? "e" : "a"} ${d.lastDay}`);
}

/** A wall-clock time in `lang`: "7:30 PM" / "19:30". */
export const formatClock = ({ hour, minute }: { hour: number; minute: number }, lang: Lang) => clockFormats[lang].format(new Date(Date.UTC(2000, 0, 1, hour, minute)));

/** The host's date text as `lang` reads it (see above). */
export function hostDateText(text: string, lang: Lang) {
  const date = lang === "en" ? null : readHostDate(text);
  return date ? formatHostDate(date, lang) : text;
}

/** The host's time text as `lang` reads it (see above); a range ("4:30 PM-6:30 PM") too. */
export function hostTimeText(text: string, lang: Lang): string {
  if (lang === "en") return text;
  const time = readHostTime(text);
  if (time) return formatClock(time, lang);
  const [from, to, ...more] = text.split(/\s*[-–]\s*/);
  const range = !more.length && to !== undefined ? [readHostTime(from), readHostTime(to)] : [];
  return range[0] && range[1] ? formatTimeRange(formatClock(range[0], lang), formatClock(range[1], lang), lang) : text;
}

/** From-to times: "11:00 AM - 1:00 PM" / "11:00–13:00" (pt-PT's closed range, no spaces). */
export const formatTimeRange = (from: string, to: string, lang: Lang) => (lang === "pt" ? `${from}–${to}` : `${from} - ${to}`);
