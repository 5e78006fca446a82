import * as React from "react";
import { cn } from "~/utils/cn";

type ProgressProps = Omit<React.ComponentProps<"div">, "role" | "children"> & {
  /** Current value; clamped to [0, max]. `null` renders an indeterminate bar. */
  value?: number | null;
  /** Maximum value (default 100). */
  max?: number;
  /** Accessible name, e.g. "Replies received". Or pass `aria-labelledby`. */
  "aria-label"?: string;
  /** Human-readable value for screen readers, e.g. "32 of 80 guests". */
  valueText?: string;
  /** Classes for the filled part. */
  indicatorClassName?: string;
};

/** A pure-CSS progress bar (`role="progressbar"`); renders fully on the server. */
function Progress({ className, value = 0, max = 100, valueText, indicatorClassName, ...props }: ProgressProps) {
  const safeMax = max > 0 ? max : 100;
  const clamped = value == null || Number.isNaN(value) ? null : Math.min(Math.max(value, 0), safeMax);
  const percent = clamped == null ? 0 : (clamped / safeMax) * 100;
  return (
    <div
      role="progressbar"
      data-slot="progress"
      data-state={clamped == null ? "indeterminate" : clamped >= safeMax ? "complete" : "loading"}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped ?? undefined}
      aria-valuetext={valueText}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-primary/15", className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          "h-full rounded-full bg-primary transition-[width] duration-500 ease-out motion-reduce:transition-none",
          clamped == null && "w-1/3 animate-pulse",
          indicatorClassName,
        )}
        style={clamped == null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}

export { Progress, type ProgressProps };
