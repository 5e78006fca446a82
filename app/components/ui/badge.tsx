import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { Slot as SlotPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";

/* Looks in app.css (`.badge`, `.badge-success`...), overridable by a caller's utilities. */
const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "badge-default",
      secondary: "badge-secondary",
      outline: "badge-outline",
      destructive: "badge-destructive",
      /** Green, e.g. "Attending" / "Confirmed". */
      success: "badge-success",
      /** Blue, e.g. "Invited" / "Opened". */
      info: "badge-info",
      /** Gray, e.g. "Pending" / "No reply". */
      pending: "badge-pending",
      declined: "badge-declined",
    },
  },
  defaultVariants: {
    variant: "default",
  },
});

type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? SlotPrimitive.Slot : "span";
  return <Comp className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, badgeVariants, type BadgeProps };
