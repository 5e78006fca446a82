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
