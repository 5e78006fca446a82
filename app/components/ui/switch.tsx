import * as React from "react";
import { cn } from "~/utils/cn";

type SwitchProps = Omit<React.ComponentProps<"input">, "type" | "role"> & {
  /** Classes for the wrapper `<span>` (`className` goes on the `<input>`, the track). */
  wrapperClassName?: string;
};

/**
 * A NATIVE `<input type="checkbox" role="switch">` drawn as a switch: the input
 * is the track and a sibling `<span>` is the thumb (moved with `peer-checked:`).
 * It submits like a checkbox (value "on" when on) and works without JavaScript.
 */
function Switch({ className, wrapperClassName, ...props }: SwitchProps) {
  return (
    <span data-slot="switch-wrapper" className={cn("relative inline-flex h-6 w-11 shrink-0 items-center", wrapperClassName)}>
      <input
        data-slot="switch"
        className={cn(
          "peer h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-transparent bg-muted-foreground/70 shadow-xs",
          "transition-[background-color,box-shadow] outline-none motion-reduce:transition-none",
          "checked:bg-primary",
          "focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          "disabled:cursor-not-allowed disabled:opacity-50",
          "forced-colors:appearance-auto",
          className,
        )}
        {...props}
        type="checkbox"
        role="switch"
      />
      <span
        data-slot="switch-thumb"
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-1 left-1 size-4 rounded-full bg-background shadow-sm ring-0",
          "transition-transform motion-reduce:transition-none",
          "peer-checked:translate-x-5 peer-disabled:opacity-50 forced-colors:hidden",
        )}
      />
    </span>
  );
}

export { Switch, type SwitchProps };
