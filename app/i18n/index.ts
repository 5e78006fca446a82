import { useRouteLoaderData } from "react-router";
import { messages, type Messages } from "./messages";

export { fmt } from "./define";
export type { Messages };

export const LANGS = ["en", "pt"] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (v: unknown): v is Lang => v === "en" || v === "pt";

export const LOCALES: Record<Lang, string> = { en: "en-US", pt: "pt-PT" };

export function messagesFor(lang: Lang): Messages {
  return messages[lang];
}

/** The page's language, from the root loader. */
export function useLang(): Lang {
  const data = useRouteLoaderData("root") as { lang?: Lang } | undefined;
  return data?.lang ?? "en";
}

export function useT(): Messages {
  return messagesFor(useLang());
}

/** "June 12, 2026" / "12 de junho de 2026" from a YYYY-MM-DD or ISO date. */
export function formatDate(value: string | null | undefined, lang: Lang) {
  if (!value) return "";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormats[lang].format(date);
}

/** "€1,250" / "1250 €". */
export function formatEuro(amount: number, lang: Lang) {
  return euroFormats[lang][amount % 1 ? 2 : 0].format(amount);
}

// Intl formatters are costly to build (tens of µs each; issue 8's profile of
// /my-rsvp): built once per language, not per call.
const dateFormats = Object.fromEntries(
  LANGS.map((l) => [l, new Intl.DateTimeFormat(LOCALES[l], { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })]),
) as Record<Lang, Intl.DateTimeFormat>;
const euroFormats = Object.fromEntries(
  LANGS.map((l) => [
    l,
    [0, 1, 2].map((digits) => new Intl.NumberFormat(LOCALES[l], { style: "currency", currency: "EUR", maximumFractionDigits: digits })),
  ]),
) as Record<Lang, Intl.NumberFormat[]>;
