import * as React from "react";
import { ChevronDownIcon } from "lucide-react";
import { cn } from "~/utils/cn";
import { controlClassName } from "./input";

type SelectProps = React.ComponentProps<"select"> & {
  /** Classes for the wrapper that positions the chevron (`className` goes on the `<select>`). */
  wrapperClassName?: string;
};

/**
 * A styled NATIVE `<select>` (works without JavaScript, uses the phone's own picker).
 * Children are plain `<option>` / `<optgroup>` elements.
 */
function Select({ className, wrapperClassName, multiple, ...props }: SelectProps) {
  return (
    <div data-slot="select-wrapper" className={cn("relative w-full", wrapperClassName)}>
      <select
        data-slot="select"
        multiple={multiple}
        className={cn(
          controlClassName,
          "cursor-pointer appearance-none",
          multiple ? "h-auto py-1" : "pr-10",
          "[&>option]:bg-popover [&>option]:text-popover-foreground",
          className,
        )}
        {...props}
      />
      {multiple ? null : (
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      )}
    </div>
  );
}

export { Select, type SelectProps };
