import * as React from "react";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, type ToastProps } from "./toast";

/*
 * Client-side toasts. A tiny module-level store (read with
 * useSyncExternalStore) holds AT MOST ONE toast: showing a new one replaces
 * the old. `<Toaster initial={...}>` also shows a server flash toast (set by
 * `redirectWithToast` and read by the root loader) once it arrives. Without
 * JavaScript the flash toast is rendered by the root layout instead.
 */

export type ToastMessage = {
  id?: string;
  type?: "success" | "error" | "message";
  title: string;
  description?: string;
};

type ToastVariant = NonNullable<ToastProps["variant"]>;

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

  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast
          key={t.id}
          variant={t.variant}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{t.title}</ToastTitle>
            {t.description ? <ToastDescription>{t.description}</ToastDescription> : null}
          </div>
          <ToastClose label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} label="Notifications ({hotkey})" />
    </ToastProvider>
  );
}
