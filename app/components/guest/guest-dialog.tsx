import { useId, useLayoutEffect, useRef, useState } from "react";
import { ChevronDownIcon, XIcon } from "./icons";
import { useT } from "~/i18n";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";

// `.dialog` (app.css) places it; the native element's own margins and insets are undone.
const dialogLook = "dialog right-auto bottom-auto m-0 rounded-3xl border-0 bg-cream p-0 shadow-2xl backdrop:bg-black/50 sm:max-w-lg";
const titleLook = "font-display text-3xl font-semibold text-wine";

/**
 * A dialog that only shows things (room details, payment details). With
 * JavaScript a native modal <dialog>; without it a native <details> that
 * opens in place.
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
  const [open, setOpen] = useState(false);
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
    <>
      <button type="button" aria-haspopup="dialog" aria-expanded={open} className={triggerClassName} onClick={() => setOpen(true)}>
        {icon}
        {label}
      </button>
      {open ? (
        <ModalDialog title={title} description={description} onClose={() => setOpen(false)} className={wide ? "sm:max-w-2xl" : undefined}>
          {children}
        </ModalDialog>
      ) : null}
    </>
  );
}

/**
 * A native modal <dialog> (issue 16: no dialog library): the browser keeps
 * focus inside and the rest of the page inert, Escape closes it, and so do a
 * click on the backdrop and the X button. Focus returns where it was.
 * Rendered only while open.
 */
function ModalDialog({
  title,
  description,
  onClose,
  className,
  children,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  const closeLabel = useT().common.close;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cn(dialogLook, className)}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The dialog has no padding of its own: a click on it (not on its content) is on the backdrop.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="grid gap-4 p-6 sm:p-8">
        <div className="flex flex-col gap-2 pr-8 text-left">
          <h2 id={titleId} className={titleLook}>
            {title}
          </h2>
          <p id={descriptionId} className={description ? "text-base text-muted-foreground" : "sr-only"}>
            {description ?? title}
          </p>
        </div>
        {children}
      </div>
      <button
        type="button"
        onClick={onClose}
        className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-5"
      >
        <XIcon aria-hidden="true" />
        <span className="sr-only">{closeLabel}</span>
      </button>
    </dialog>
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
    <ModalDialog title={title} description={description} onClose={() => onOpenChange(false)} className={className}>
      {children}
    </ModalDialog>
  );
}
