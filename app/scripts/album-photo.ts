/** The smallest horizontal move taken as a swipe, in CSS pixels. */
const SWIPE = 50;

/**
 * /album/{id} with JavaScript: the arrow keys and a swipe follow the page's
 * own "Previous" and "Next" links, Escape its way back; without JavaScript the
 * links are the way.
 */
export function albumPhotoKeys(main: HTMLElement) {
  const go = (selector: string) => {
    const link = main.querySelector<HTMLAnchorElement>(selector);
    if (link) location.assign(link.href);
  };
  addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === "ArrowLeft") go("a[rel=prev]");
    else if (e.key === "ArrowRight") go("a[rel=next]");
    else if (e.key === "Escape") go("a[data-back]");
  });
  let startX: number | null = null;
  main.addEventListener("touchstart", (e) => (startX = e.touches[0]?.clientX ?? null), { passive: true });
  main.addEventListener(
    "touchend",
    (e) => {
      const end = e.changedTouches[0]?.clientX;
      if (startX == null || end == null || Math.abs(end - startX) < SWIPE) return;
      go(end < startX ? "a[rel=next]" : "a[rel=prev]");
    },
    { passive: true },
  );
}
