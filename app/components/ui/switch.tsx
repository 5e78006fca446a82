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
    <span className={cn("switch-box", wrapperClassName)}>
      <input
        className={cn("peer switch", className)}
        {...props}
        type="checkbox"
        role="switch"
      />
      <span
        aria-hidden="true"
        className="switch-thumb"
      />
    </span>
  );
}

export { Switch, type SwitchProps };
