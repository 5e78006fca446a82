import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";

export const STATUS_FILTERS = ["all", "pending", "confirmed", "declined"] as const;
export type StatusFilterValue = (typeof STATUS_FILTERS)[number];

const LABELS: Record<StatusFilterValue, string> = { all: "All", pending: "Pending", confirmed: "Confirmed", declined: "Declined" };

/** All / Pending / Confirmed / Declined as links (`?status=`), so the filter works without JavaScript. */
export function StatusFilter({ current, hrefFor }: { current: StatusFilterValue; hrefFor: (value: StatusFilterValue) => string }) {
  return (
    <nav aria-label="Filter assignments by status">
      <ul className="flex flex-wrap gap-1">
        {STATUS_FILTERS.map((value) => (
          <li key={value}>
            <Link
              to={hrefFor(value)}
              preventScrollReset
              aria-current={value === current ? "page" : undefined}
              className={cn(buttonVariants({ variant: value === current ? "default" : "outline", size: "sm" }))}
            >
              {LABELS[value]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
