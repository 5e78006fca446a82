import * as React from "react";
import { cn } from "~/utils/cn";

/** Shared look of single-line text controls (input, native select): `.control` in app.css. */
const controlClassName = "control control-line";

function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(controlClassName, className)}
      {...props}
    />
  );
}

export { Input, controlClassName };
