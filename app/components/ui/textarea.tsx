import * as React from "react";
import { cn } from "~/utils/cn";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn("control control-area", className)}
      {...props}
    />
  );
}

export { Textarea };
