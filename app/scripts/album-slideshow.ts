/** How long each photo stays on the screen. */
const SLIDE_MS = 8000;

/**
 * /album/slideshow with JavaScript: it moves on by itself every 8 s (a meta
 * refresh would fail WCAG 2.2.1; without JavaScript there is the "Next"
 * link). A photo the host approves shows at once (the page starts over from
 * the newest, which is that one); a photo the host hides while it is on the
 * screen leaves it at once. The events are the server's (GET /api/album/events);
 * where they cannot come, the 8 s loop still finds new photos.
 */
export function albumSlideshow(main: HTMLElement) {
  const next = main.dataset.next;
  const shown = main.dataset.photo ?? "";
  const top = main.dataset.top ?? "";
  const move = (to: string) => location.replace(to);
  if (next) setTimeout(() => move(next), SLIDE_MS);
  if (!("EventSource" in window)) return;
  const events = new EventSource("/api/album/events");
  const id = (e: Event) => {
    try {
      return (JSON.parse((e as MessageEvent<string>).data) as { id: string | null }).id ?? "";
    } catch {
      return "";
    }
  };
  // The first event names the newest photo (newer than the loop's start: start again);
  // each one after it, a photo that has just joined the album: shown now.
  let first = true;
  events.addEventListener("photo", (e) => {
    const photo = id(e);
    const to = first ? (photo && photo !== top ? `${location.pathname}?top=` : null) : photo ? `${location.pathname}?photo=${encodeURIComponent(photo)}` : null;
    first = false;
    if (!to) return;
    events.close();
    move(to);
  });
  events.addEventListener("removed", (e) => {
    if (shown && id(e) === shown && next) {
      events.close();
      move(next);
    }
  });
}
