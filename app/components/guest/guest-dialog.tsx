import { ChevronDownIcon } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { useT } from "~/i18n";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";

const dialogLook = "rounded-3xl border-0 bg-cream p-6 shadow-2xl sm:max-w-lg sm:p-8";
const titleLook = "font-display text-3xl font-semibold text-wine";

/**
 * A dialog that only shows things (room details, payment details). With
 * JavaScript a Radix dialog; without it a native <details> that opens in place.
 */
export function InfoDialog({
  label,
  title,
  description,
  children,
  triggerClassName,
  icon,
  wide = false,
}: {
  label: string;
  title: string;
  description?: string;
  children: React.ReactNode;
  triggerClassName: string;
  icon?: React.ReactNode;
  wide?: boolean;
}) {
  const hydrated = useHydrated();
  const close = useT().common.close;
  if (!hydrated) {
    return (
      <details className="group/details w-full">
        <summary className={cn(triggerClassName, "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
          {icon}
          {label}
          <ChevronDownIcon aria-hidden="true" className="transition-transform group-open/details:rotate-180" />
        </summary>
        <div className="mt-4 rounded-2xl bg-cream p-5 text-left ring-1 ring-ink/10">
          <p className="mb-3 font-display text-2xl font-semibold text-wine">{title}</p>
          {children}
        </div>
      </details>
    );
  }
  return (
    <Dialog>
      <DialogTrigger className={triggerClassName}>
        {icon}
        {label}
      </DialogTrigger>
      <DialogContent closeLabel={close} className={cn(dialogLook, wide && "sm:max-w-2xl")}>
        <DialogHeader>
          <DialogTitle className={titleLook}>{title}</DialogTitle>
          <DialogDescription className={description ? "text-base" : "sr-only"}>{description ?? title}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog that holds a form step (decline a room, edit a member). Its open
 * state comes from the page: local state with JavaScript, the server's answer
 * (or the URL) without; then it renders in place as a highlighted section.
 */
export function StepDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  const close = useT().common.close;
  if (!open) return null;
  if (!hydrated) {
    return (
      <section
        aria-label={title}
        className={cn("mt-4 rounded-2xl bg-cream p-5 ring-2 ring-wine/30 sm:p-6", className)}
      >
        <h3 className={cn(titleLook, "text-2xl")}>{title}</h3>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
        <div className="mt-4">{children}</div>
      </section>
    );
  }
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent closeLabel={close} className={cn(dialogLook, className)}>
        <DialogHeader>
          <DialogTitle className={titleLook}>{title}</DialogTitle>
          <DialogDescription className={description ? "text-base" : "sr-only"}>{description ?? title}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
