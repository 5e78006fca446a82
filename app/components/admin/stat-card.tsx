import { cn } from "~/utils/cn";

/**
 * A big plain number with its label and, when given a share, a small bar.
 * The bar is decorative: the percentage is written out beside it.
 */
export function StatCard({
  label,
  value,
  hint,
  percent,
  tone = "primary",
  className,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  percent?: number;
  tone?: "primary" | "success" | "destructive" | "info" | "muted";
  className?: string;
}) {
  const bar = {
    primary: "bg-primary",
    success: "bg-success",
    destructive: "bg-destructive",
    info: "bg-info",
    muted: "bg-muted-foreground",
  }[tone];
  return (
    <div data-slot="stat-card" className={cn("flex flex-col rounded-lg border bg-background p-4 shadow-xs", className)}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex flex-1 flex-col">
        <span className="text-3xl font-semibold tracking-tight tabular-nums">{value}</span>
        {hint ? <span className="mt-1 text-sm text-muted-foreground">{hint}</span> : null}
        {percent !== undefined ? (
          <span aria-hidden="true" className="mt-3 block h-1.5 w-full overflow-hidden rounded-full bg-muted">
            <span className={cn("block h-full rounded-full", bar)} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/** Groups StatCards as a description list, so each number keeps its label for screen readers. */
export function StatGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <dl className={cn("stat-grid", className)}>{children}</dl>;
}
