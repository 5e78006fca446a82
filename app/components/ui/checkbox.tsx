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
    <span data-slot="checkbox-wrapper" className={cn("checkbox-box", wrapperClassName)}>
      <input
        data-slot="checkbox"
        className={cn("peer checkbox", className)}
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
