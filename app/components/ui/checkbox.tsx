import * as React from "react";
import { cn } from "~/utils/cn";

type CheckboxProps = Omit<React.ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper `<span>` (`className` goes on the `<input>`). */
  wrapperClassName?: string;
};

/**
 * A styled NATIVE `<input type="checkbox">`: it submits with the form and
 * works without JavaScript. The tick is the input's own background when
 * checked (app.css `.checkbox:checked`), so a long list carries no icon markup.
 */
function Checkbox({ className, wrapperClassName, ...props }: CheckboxProps) {
  return (
    <span className={cn("checkbox-box", wrapperClassName)}>
      <input
        className={cn("peer checkbox", className)}
        {...props}
        type="checkbox"
      />
    </span>
  );
}

export { Checkbox, type CheckboxProps };
