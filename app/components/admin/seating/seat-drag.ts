import { useEffect, useState, type DragEvent } from "react";
import { useFetcher, useLocation } from "react-router";

/*
 * Issue 37: drag a party onto a table, with JavaScript and a mouse. Each drop
 * posts the list view's own "move" to the page's action (a fetcher), so the
 * server checks the hard rules as for the picker; its 409 is shown as said.
 * Touch screens and keyboards keep the picker (drag and drop is not offered).
 */

const TYPE = "application/x-convite-party";

export type SeatDrag = ReturnType<typeof useSeatDrag>;

export function useSeatDrag(canWrite: boolean) {
  const fetcher = useFetcher<{ error?: string }>({ key: "seat-drag" });
  const location = useLocation();
  const [enabled, setEnabled] = useState(false);
  const [over, setOver] = useState<string | null>(null);
  // Only after hydration and with a fine pointer: the server's HTML has no draggable cards.
  useEffect(() => setEnabled(canWrite && window.matchMedia("(pointer: fine)").matches), [canWrite]);

  const source = (partyId: string) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.setData(TYPE, partyId);
            e.dataTransfer.effectAllowed = "move";
          },
        }
      : {};

  const target = (tableId: string) =>
    enabled
      ? {
          "data-drop-over": over === tableId ? "" : undefined,
          onDragOver: (e: DragEvent) => {
            if (!e.dataTransfer.types.includes(TYPE)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
            setOver(tableId);
          },
          onDragLeave: () => setOver((t) => (t === tableId ? null : t)),
          onDrop: (e: DragEvent) => {
            const partyId = e.dataTransfer.getData(TYPE);
            setOver(null);
            if (!partyId) return;
            e.preventDefault();
            fetcher.submit({ intent: "move", partyId, tableId }, { method: "post", action: `${location.pathname}${location.search}` });
          },
        }
      : {};

  const error = fetcher.state === "idle" ? (fetcher.data?.error ?? null) : null;
  return { enabled, source, target, busy: fetcher.state !== "idle", error };
}
