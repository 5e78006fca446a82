import * as React from "react";
import { cn } from "~/utils/cn";

/** A plain `<label>`: clicking it focuses/toggles its control, with or without JavaScript. */
function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      className={cn("label", className)}
      {...props}
    />
  );
}

export { Label };
