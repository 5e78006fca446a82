/** How long each photo stays on the screen. */
const SLIDE_MS = 8000;
/** A refused event stream (the server's cap) is asked for again after this long. */
const RECONNECT_MS = 60_000;

type Slide = { next: string; top: string; photo: string };
const slideOf = (el: HTMLElement): Slide => ({ next: el.dataset.next ?? "", top: el.dataset.top ?? "", photo: el.dataset.photo ?? "" });

/**
 * /album/slideshow with JavaScript: it moves on by itself every 8 s (a meta
 * refresh would fail WCAG 2.2.1; without JavaScript there is the "Next"
 * link). Each next slide is the server's own page for it, fetched, its
 * picture decoded, then put in place of this one: the screen never goes
 * blank between photos, and the event stream stays open all night. A photo
 * the host approves shows at once, and one the host hides leaves at once
 * (GET /api/album/events); where the events cannot come, the 8 s loop still
 * finds new photos.
 */
export function albumSlideshow(main: HTMLElement) {
  let slide = slideOf(main);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let showing: Promise<void> = Promise.resolve();
  const schedule = () => {
    clearTimeout(timer);
    if (slide.next) timer = setTimeout(() => show(slide.next), SLIDE_MS);
  };

  async function swapTo(url: string) {
    const res = await fetch(url, { headers: { accept: "text/html" } });
    if (!res.ok) throw new Error(`${res.status}`);
    const fresh = new DOMParser().parseFromString(await res.text(), "text/html").querySelector<HTMLElement>("[data-slideshow]");
    if (!fresh) throw new Error("no slide");
    fresh.querySelectorAll("script").forEach((s) => s.remove());
    const picture = fresh.querySelector("img")?.getAttribute("src");
    if (picture) {
      const next = new Image();
      next.src = picture;
      await next.decode().catch(() => undefined);
    }
    main.replaceChildren(...document.adoptNode(fresh).childNodes);
    for (const key of ["next", "top", "photo"] as const) main.dataset[key] = fresh.dataset[key] ?? "";
    history.replaceState(null, "", url);
    slide = slideOf(main);
  }

  // One change of slide at a time; a failed one (no signal) keeps this photo and tries again later.
  const show = (url: string) =>
    (showing = showing.then(() => swapTo(url).catch(() => undefined)).finally(schedule));

  schedule();
  if (!("EventSource" in window)) return;
  const id = (e: Event) => {
    try {
      return (JSON.parse((e as MessageEvent<string>).data) as { id: string | null }).id ?? "";
    } catch {
      return "";
    }
  };
  const connect = () => {
    const events = new EventSource("/api/album/events");
    // The first event names the newest photo (newer than the loop's start: start again);
    // each one after it, a photo that has just joined the album: shown now.
    let first = true;
    events.addEventListener("photo", (e) => {
      const photo = id(e);
      const url = first ? (photo && photo !== slide.top ? `${location.pathname}?top=` : null) : photo ? `${location.pathname}?photo=${encodeURIComponent(photo)}` : null;
      first = false;
      if (url) void show(url);
    });
    events.addEventListener("removed", (e) => {
      if (slide.photo && id(e) === slide.photo && slide.next) void show(slide.next);
    });
    // A refusal (too many screens, the album closed) ends the stream for good: ask again later.
    events.addEventListener("error", () => {
      if (events.readyState === EventSource.CLOSED) setTimeout(connect, RECONNECT_MS);
    });
  };
  connect();
}
