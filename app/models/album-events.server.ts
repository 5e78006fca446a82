/*
 * Issue 39, decision 082: the screen at the party shows a photo the moment it
 * joins the shared album, and drops one the host hides. The server is one
 * process, so the album's model functions tell the open streams directly,
 * after their write has committed. Only photos a guest of the open album may
 * see are ever named: `photo` when one becomes visible (shown, copies made),
 * `removed` when one that was visible leaves.
 */

export type AlbumEvent = { type: "photo" | "removed"; id: string };
type Listener = (event: AlbumEvent) => void;

const listeners = new Set<Listener>();

/** Listens until the returned function is called. */
export function onAlbumEvent(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** How many listen now (the cap on open streams; tests see it freed through that cap). */
export const albumListenerCount = () => listeners.size;

/** Tells every listener; one that throws (a stream closed meanwhile) keeps no other from hearing. */
export function announceAlbum(event: AlbumEvent) {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "album event listener failed", error: String((error as Error)?.message ?? error) }));
    }
  }
}

/** What a change of one photo means for the shared album: visible before and after (shown with its copies made). */
export function announceChange(id: string, before: Visibility | undefined, after: Visibility | undefined) {
  const was = visible(before);
  const is = visible(after);
  if (!was && is) announceAlbum({ type: "photo", id });
  else if (was && !is) announceAlbum({ type: "removed", id });
}

type Visibility = { status: string; copies: string };
const visible = (p: Visibility | undefined) => p?.status === "shown" && p.copies === "ready";
