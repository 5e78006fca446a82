import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useHrefWith } from "./url-state";

/**
 * Admin lists show 50 rows a page (`?page=N`): a page is rendered on the
 * server for every request, and at 1,000 guests the whole list took a few
 * hundred milliseconds and megabytes of HTML (issue 8's budget is 50 ms).
 * Filters stay in the URL, so paging keeps them; a new filter starts at page 1.
 */
export const PAGE_SIZE = 50;

export type PageInfo = { page: number; pages: number; total: number; from: number; to: number };

/**
 * The slice of a list of `total` rows that `?page=N` asks for (clamped to the
 * pages there are). A page with several lists pages each by its own `param`.
 */
export function pageWindow(total: number, requestUrl: string | URL, size = PAGE_SIZE, param = "page") {
  const url = typeof requestUrl === "string" ? new URL(requestUrl) : requestUrl;
  const pages = Math.max(1, Math.ceil(total / size));
  const asked = Number.parseInt(url.searchParams.get(param) ?? "1", 10);
  const page = Math.min(pages, Math.max(1, Number.isFinite(asked) ? asked : 1));
  const offset = (page - 1) * size;
  const pagination: PageInfo = { page, pages, total, from: total === 0 ? 0 : offset + 1, to: Math.min(total, offset + size) };
  return { offset, limit: size, pagination };
}

/** The rows of the page `?page=N` asks for, from a list already in memory. */
export function pageOf<T>(rows: T[], requestUrl: string | URL, size = PAGE_SIZE): { rows: T[]; pagination: PageInfo } {
  const { offset, limit, pagination } = pageWindow(rows.length, requestUrl, size);
  return { rows: rows.slice(offset, offset + limit), pagination };
}

/** "Showing 51-100 of 1,000", with Previous and Next links; nothing when it all fits on one page. */
export function Pagination({ pagination, label, param = "page" }: { pagination: PageInfo; label: string; param?: string }) {
  const hrefWith = useHrefWith();
  const { page, pages, total, from, to } = pagination;
  if (pages <= 1) return null;
  // Another page closes any open dialog (the admin pages keep those in the URL too).
  const link = (target: number) => hrefWith({ [param]: target === 1 ? null : target, new: null, edit: null, delete: null, assign: null });
  const button = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Showing {from.toLocaleString("en-US")}-{to.toLocaleString("en-US")} of {total.toLocaleString("en-US")} (page {page} of {pages})
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={link(page - 1)} className={button} rel="prev">
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={`${button} pointer-events-none opacity-50`}>
            Previous
          </span>
        )}
        {page < pages ? (
          <Link to={link(page + 1)} className={button} rel="next">
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={`${button} pointer-events-none opacity-50`}>
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
