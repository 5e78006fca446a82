import * as React from "react";
import { CheckIcon } from "lucide-react";
import { cn } from "~/utils/cn";

type CheckboxProps = Omit<React.ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper `<span>` (`className` goes on the `<input>`). */
  wrapperClassName?: string;
};

/**
 * A styled NATIVE `<input type="checkbox">`: it submits with the form and
 * works without JavaScript. The tick is a sibling icon shown via `peer-checked:`.
 */
function Checkbox({ className, wrapperClassName, ...props }: CheckboxProps) {
  return (
    <span data-slot="checkbox-wrapper" className={cn("relative inline-flex size-5 shrink-0", wrapperClassName)}>
      <input
        data-slot="checkbox"
        className={cn(
          "peer size-5 shrink-0 cursor-pointer appearance-none rounded-[5px] border-2 border-muted-foreground/70 bg-background shadow-xs",
          "transition-[background-color,border-color,box-shadow] outline-none motion-reduce:transition-none",
          "checked:border-primary checked:bg-primary",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          "disabled:cursor-not-allowed disabled:opacity-50",
          "forced-colors:appearance-auto",
          className,
        )}
        {...props}
        type="checkbox"
      />
      <CheckIcon
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100 forced-colors:hidden"
      />
    </span>
  );
}

export { Checkbox, type CheckboxProps };
