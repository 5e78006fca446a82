import * as React from "react";
import { cn } from "~/utils/cn";

/*
 * Client-side toasts. A tiny module-level store (read with
 * useSyncExternalStore) holds AT MOST ONE toast: showing a new one replaces
 * the old. `<Toaster initial={...}>` also shows a server flash toast (set by
 * `redirectWithToast` and read by the root loader) once it arrives. Without
 * JavaScript the flash toast is rendered by the root layout instead.
 *
 * No toast library (issue 16: Radix's toast and its layers were ~15 KB of
 * every hydrated page): one live region (role="status") that is always in
 * the page, so a new message is announced; each toast closes after 5 s
 * (paused while pointed at or focused), by its X button, by Escape, or by a
 * swipe to the right; F8 moves focus to the notifications.
 */

export type ToastMessage = {
  id?: string;
  type?: "success" | "error" | "message";
  title: string;
  description?: string;
};

type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Alternative to `variant`, as used by flash toasts: "error" = destructive. */
  type?: ToastMessage["type"];
};

type ToastItem = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
};

const TOAST_LIMIT = 1;
const TOAST_DURATION = 5000;
const EMPTY: readonly ToastItem[] = [];

let items: readonly ToastItem[] = EMPTY;
let counter = 0;
const listeners = new Set<() => void>();

function setItems(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => items;
const getServerSnapshot = () => EMPTY;

function nextId() {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

/** Closes a toast (or the current one when no id is given). */
export function dismissToast(id?: string) {
  setItems(items.filter((t) => id !== undefined && t.id !== id));
}

/** Shows a toast, replacing any toast already on screen. Client-side only. */
export function toast({ title, description, variant, type }: ToastInput) {
  const id = nextId();
  const item: ToastItem = {
    id,
    title,
    description,
    variant: variant ?? (type === "error" ? "destructive" : "default"),
    open: true,
  };
  setItems([item, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The current toasts (at most one). */
export function useToasts() {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export function Toaster({
  initial,
  closeLabel = "Close",
}: {
  /** A flash toast from the server (root loader); shown once each time a new one arrives. */
  initial?: ToastMessage | null;
  /** Accessible name of each toast's close button. */
  closeLabel?: string;
}) {
  const toasts = useToasts();

  // Show each flash toast once. Loader data is a fresh object on every load,
  // so identity means "a new flash"; an explicit id de-duplicates further.
  const lastShown = React.useRef<ToastMessage | string | null>(null);
  React.useEffect(() => {
    if (!initial) return;
    const marker = initial.id ?? initial;
    if (lastShown.current === marker) return;
    lastShown.current = marker;
    toast({ title: initial.title, description: initial.description, type: initial.type });
  }, [initial]);

  const region = React.useRef<HTMLElement>(null);
  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8" && !event.altKey && !event.ctrlKey && !event.metaKey) region.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section ref={region} aria-label="Notifications (F8)" tabIndex={-1} data-slot="toast-viewport" className="pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex max-h-screen w-full flex-col gap-2 p-3 outline-none sm:p-4 md:max-w-[420px]">
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toasts.map((t) => (
          <ToastCard key={t.id} item={t} closeLabel={closeLabel} />
        ))}
      </div>
    </section>
  );
}

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const [paused, setPaused] = React.useState(false);
  const startX = React.useRef<number | null>(null);
  React.useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [item.id, paused]);
  const destructive = item.variant === "destructive";
  return (
    <div
      data-slot="toast"
      data-variant={item.variant}
      // Paused by a pointer that moves over it (as Radix did), not by one that was
      // already resting where the toast appeared, e.g. on the button just pressed.
      onPointerMove={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => event.key === "Escape" && dismissToast(item.id)}
      onPointerDown={(event) => (startX.current = event.clientX)}
      onPointerUp={(event) => {
        if (startX.current !== null && event.clientX - startX.current > 50) dismissToast(item.id);
        startX.current = null;
      }}
      className={cn(
        "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-12 shadow-lg",
        "transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none",
        destructive ? "destructive border-destructive bg-destructive text-white" : "border-border bg-popover text-popover-foreground",
      )}
    >
      <div className="grid gap-1">
        <p data-slot="toast-title" className="text-sm font-semibold">
          {item.title}
        </p>
        {item.description ? (
          <p data-slot="toast-description" className={cn("text-sm", destructive ? "text-white/90" : "text-muted-foreground")}>
            {item.description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        data-slot="toast-close"
        aria-label={closeLabel}
        onClick={() => dismissToast(item.id)}
        className={cn(
          "absolute top-1.5 right-1.5 inline-flex size-10 items-center justify-center rounded-md transition-colors outline-none focus-visible:ring-[3px]",
          destructive ? "text-white hover:bg-white/15 focus-visible:ring-white/60" : "text-foreground/70 hover:bg-accent hover:text-foreground focus-visible:ring-ring/50",
        )}
      >
        {/* lucide's "x", drawn here: the root layout loads no icon library. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="pointer-events-none size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </div>
  );
}
