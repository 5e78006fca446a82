import { Link } from "react-router";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import type { Lang } from "~/i18n";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";

/*
 * Decision 071: what every supplier list (shuttle lists, rooming list,
 * caterer's list) shows to choose its language and export it, on the admin's
 * page and on a live link alike.
 */

const LANG_NAMES: Record<Lang, string> = { en: "English", pt: "Português" };

/** What the Share panel tells the host (their own controls stay English). */
export const LIST_LANG_NOTE = "The supplier chooses English or Português on the page; add ?lang=pt to the address to open it in Portuguese.";

/** "Language: English Português": the same list in the other language, each name in its own language, as a language switch is. */
export function ListLangSwitch({ lang, href, className = "" }: { lang: Lang; href: (lang: Lang) => string; className?: string }) {
  const t = supplierListTexts[lang];
  return (
    <nav aria-label={t.language} className={`flex flex-wrap items-baseline gap-3 text-sm print:hidden ${className}`}>
      <span aria-hidden="true" className="text-muted-foreground">{t.language}:</span>
      {(["en", "pt"] as const).map((l) => (
        <Link key={l} to={href(l)} lang={l} hrefLang={l} aria-current={l === lang ? "true" : undefined} className={l === lang ? "font-semibold" : "text-primary underline"}>
          {LANG_NAMES[l]}
        </Link>
      ))}
    </nav>
  );
}

/** The list's CSV and its semicolon twin, named in the list's language. */
export function ListCsvLinks({ href, lang }: { href: string; lang: Lang }) {
  const t = supplierListTexts[lang];
  return <CsvLinks href={href} label={t.exportCsv} sameFileLabel={t.sameFile} semicolonLabel={t.semicolons} />;
}

/**
 * A supplier list's header actions on the admin's page: back to where the host
 * came from and Print (the host's own, in English), then the list's CSV in its language.
 */
export function SupplierListActions({ back, backLabel, csvHref, lang }: { back: string; backLabel: string; csvHref: string; lang: Lang }) {
  return (
    <>
      <Link to={back} lang="en" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
        {backLabel}
      </Link>
      <span lang="en" className="contents">
        <PrintButton />
      </span>
      <ListCsvLinks href={csvHref} lang={lang} />
    </>
  );
}
