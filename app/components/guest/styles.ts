/*
 * The guest side's buttons, in the landing page's manner: pill shaped, at
 * least 44 px high, the primary action full width on phones.
 */
const svg = "[&_svg]:size-4 [&_svg]:shrink-0";

/*
 * Looks in app.css (`.gbtn`, `.gbtn-primary`...), in the components layer: a
 * caller's utilities (`cn(button.primary, "sm:w-full")`) override them with no
 * class-merging library.
 */
export const button = {
  primary: `gbtn gbtn-primary ${svg}`,
  secondary: `gbtn gbtn-secondary ${svg}`,
  smallPrimary: `gbtn gbtn-small-primary ${svg}`,
  smallOutline: `gbtn gbtn-small-outline ${svg}`,
  smallDanger: `gbtn gbtn-small-danger ${svg}`,
  quiet: `gbtn gbtn-quiet ${svg}`,
};

/** Native text controls on the guest side: a little larger and softer than the admin's. */
export const control =
  "w-full rounded-xl border border-input bg-white px-4 text-base text-ink shadow-xs outline-none transition-[box-shadow,border-color] placeholder:text-muted-foreground focus-visible:border-wine focus-visible:ring-4 focus-visible:ring-wine/20 aria-invalid:border-destructive aria-invalid:ring-destructive/15 motion-reduce:transition-none";
