import * as React from "react";
import { cn } from "~/utils/cn";
import { controlClassName } from "./input";

type SelectProps = React.ComponentProps<"select"> & {
  /** Classes for the wrapper (`className` goes on the `<select>`). */
  wrapperClassName?: string;
};

/**
 * A styled NATIVE `<select>` (works without JavaScript, uses the phone's own picker).
 * Children are plain `<option>` / `<optgroup>` elements. The chevron is the
 * select's own background (app.css `.select-chevron`), not an icon per select.
 */
function Select({ className, wrapperClassName, multiple, ...props }: SelectProps) {
  return (
    <div className={cn("relative w-full", wrapperClassName)}>
      <select
        multiple={multiple}
        className={cn(
          controlClassName,
          "cursor-pointer appearance-none",
          multiple ? "h-auto py-1" : "select-chevron pr-10",
          "[&>option]:bg-popover [&>option]:text-popover-foreground",
          className,
        )}
        {...props}
      />
    </div>
  );
}

export { Select, type SelectProps };
