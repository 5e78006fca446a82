import { isLang, type Lang } from "~/i18n";

/*
 * Decision 071: the supplier lists (the shuttle lists, the hotel's rooming
 * list, the caterer's list) in the supplier's language. `?lang=pt` on the
 * list's address (the admin's, its CSV, a live link's), as on the guest
 * pages; English without it, and an unknown value falls back to English, as
 * the guest pages do. English dates stay as they always printed (2026-06-13);
 * Portuguese ones are written as a Portuguese company reads them.
 */

export const listLang = (v: string | null | undefined): Lang => (isLang(v) ? v : "en");

/** An address in the list's language: English needs no `lang` (its addresses stay as they were). */
export const withListLang = (href: string, lang: Lang) => (lang === "pt" ? `${href}${href.includes("?") ? "&" : "?"}lang=pt` : href);

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const ptNumeric = new Intl.DateTimeFormat("pt-PT", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
const ptLong = new Intl.DateTimeFormat("pt-PT", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A list's date in a table or the CSV: "2026-06-13" / "13/06/2026". */
export const listDate = (date: string, lang: Lang) => (lang === "pt" && isDate(date) ? ptNumeric.format(noon(date)) : date);

/** A day in a heading: "2026-06-13" / "sábado, 13 de junho de 2026". */
export const listDay = (date: string, lang: Lang) => (lang === "pt" && isDate(date) ? ptLong.format(noon(date)) : date);
