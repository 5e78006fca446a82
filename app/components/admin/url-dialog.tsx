import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useHydrated } from "~/utils/hydrated";
import { cn } from "~/utils/cn";

/**
 * A dialog whose open state is in the URL. With JavaScript it is a Radix
 * dialog (focus trapped, Escape closes, closing goes to `closeTo`); without
 * it the same content renders in place as a section of the page.
 */
export function UrlDialog({
  open,
  closeTo,
  title,
  description,
  children,
  className,
  wide = false,
}: {
  open: boolean;
  closeTo: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  wide?: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!open) return null;
  if (!hydrated) {
    return (
      <section
        aria-labelledby="url-dialog-title"
        className={cn("mb-6 rounded-lg border-2 border-primary/30 bg-background p-4 shadow-sm sm:p-6", className)}
      >
        <h2 id="url-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-4">{children}</div>
      </section>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <DialogContent className={cn(wide ? "sm:max-w-2xl" : "sm:max-w-lg", className)}>
        <DialogHeader>
          <DialogTitle className="font-sans text-lg">{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : <DialogDescription className="sr-only">{title}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
