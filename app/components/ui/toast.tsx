import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { Toast as ToastPrimitive } from "radix-ui";
import { XIcon } from "lucide-react";
import { cn } from "~/utils/cn";

/*
 * Radix toast parts. Use `<Toaster>` (toaster.tsx) rather than these directly;
 * it holds the provider settings (one toast at a time, 5 s, swipe right, F8).
 */

const ToastProvider = ToastPrimitive.Provider;

function ToastViewport({
  className,
  hotkey = ["F8"],
  label = "Notifications ({hotkey})",
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      hotkey={hotkey}
      label={label}
      className={cn(
        // pointer-events-none so the empty viewport never blocks the page; toasts opt back in.
        "pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-3 outline-none sm:p-4 md:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-12 shadow-lg",
    "transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none",
    "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
    "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-popover text-popover-foreground",
        destructive: "destructive border-destructive bg-destructive text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

function Toast({ className, variant, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant ?? "default"}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn("text-sm font-semibold", className)} {...props} />;
}

function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn("text-sm text-muted-foreground group-[.destructive]:text-white/90", className)}
      {...props}
    />
  );
}

function ToastClose({
  className,
  label = "Close",
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Close> & { label?: string }) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      className={cn(
        "absolute top-1.5 right-1.5 inline-flex size-10 items-center justify-center rounded-md text-foreground/70 transition-colors",
        "hover:bg-accent hover:text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "group-[.destructive]:text-white group-[.destructive]:hover:bg-white/15 group-[.destructive]:focus-visible:ring-white/60",
        "[&_svg]:pointer-events-none [&_svg]:size-4",
        className,
      )}
      aria-label={label}
      {...props}
    >
      <XIcon aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        "inline-flex h-9 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium transition-colors",
        "hover:bg-secondary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/15",
        className,
      )}
      {...props}
    />
  );
}

export {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  toastVariants,
  type ToastProps,
};
