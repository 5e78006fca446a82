import { cn } from "~/utils/cn";

/*
 * The guest side's buttons, in the landing page's manner: pill shaped, at
 * least 44 px high, the primary action full width on phones.
 */
const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition focus-visible:outline-none focus-visible:ring-4 disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55 motion-reduce:transition-none [&_svg]:size-4 [&_svg]:shrink-0";

export const button = {
  primary: cn(base, "min-h-12 w-full bg-wine px-7 text-base text-white shadow-md hover:bg-wine-dark focus-visible:ring-wine/35 sm:w-auto"),
  secondary: cn(
    base,
    "min-h-12 w-full bg-white px-6 text-base text-wine ring-1 ring-wine/45 hover:bg-limestone focus-visible:ring-wine/35 sm:w-auto",
  ),
  smallPrimary: cn(base, "min-h-11 bg-wine px-5 text-sm text-white hover:bg-wine-dark focus-visible:ring-wine/35"),
  smallOutline: cn(base, "min-h-11 bg-white px-5 text-sm text-wine ring-1 ring-wine/45 hover:bg-limestone focus-visible:ring-wine/35"),
  smallDanger: cn(
    base,
    "min-h-11 bg-white px-5 text-sm text-destructive ring-1 ring-destructive/50 hover:bg-destructive/5 focus-visible:ring-destructive/30",
  ),
  quiet: cn(base, "min-h-11 px-3 text-sm text-ink/80 underline-offset-4 hover:text-wine hover:underline focus-visible:ring-wine/35"),
};

/** Native text controls on the guest side: a little larger and softer than the admin's. */
export const control =
  "w-full rounded-xl border border-input bg-white px-4 text-base text-ink shadow-xs outline-none transition-[box-shadow,border-color] placeholder:text-muted-foreground focus-visible:border-wine focus-visible:ring-4 focus-visible:ring-wine/20 aria-invalid:border-destructive aria-invalid:ring-destructive/15 motion-reduce:transition-none";
