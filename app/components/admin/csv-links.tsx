import { SpriteIcon } from "~/components/ui/sprite-icon";
import { buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/utils/hydrated";

/** The same export with semicolons (`?sep=semicolon`, read by the export routes). */
export function semicolonHref(href: string) {
  return `${href}${href.includes("?") ? "&" : "?"}sep=semicolon`;
}

/**
 * An export and, beside it, the same file with semicolons (what a Portuguese
 * spreadsheet opens as columns). Both are plain links: no JavaScript needed.
 */
export function CsvLinks({
  href,
  label = "Export CSV",
  sameFileLabel = "The same file ",
  semicolonLabel = "with semicolons (;)",
}: {
  href: string;
  label?: string;
  /** A list printed in Portuguese (decision 071) names its links in Portuguese too. */
  sameFileLabel?: string;
  semicolonLabel?: string;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2 print:hidden">
      <a href={href} download className={buttonVariants({ variant: "outline", size: "sm" })}>
        <SpriteIcon name="download" /> {label}
      </a>
      <a href={semicolonHref(href)} download className="text-sm text-primary underline-offset-4 hover:underline">
        <span className="sr-only">{sameFileLabel}</span>
        {semicolonLabel}
      </a>
    </span>
  );
}

/** Printing needs the browser's print(); without JavaScript the browser's own menu does it. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" onClick={() => window.print()} className={`${buttonVariants({ variant: "outline", size: "sm" })} print:hidden`}>
      <SpriteIcon name="printer" /> Print
    </button>
  );
}
