import { data, Link } from "react-router";
import type { Route } from "./+types/slideshow";
import { fmt, messagesOfMatches, useT } from "~/i18n";
import { albumState, listShownPhotos, sharedPhotoOrNull } from "~/models/album.server";
import { albumViewerOrNull } from "./viewer.server";

/** No React in the browser: /scripts/album.js moves on and listens for new photos (decision 082). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesOfMatches(matches);
  return t ? [{ title: `${t.album.slideshow}${t.common.titleSuffix}` }] : [];
};

/**
 * /album/slideshow: the screen at the party. Shows the approved photos one
 * after another, newest first; when a newer photo has been approved since the
 * loop began (`top`), it starts again from it. `?photo={id}` shows that one
 * photo first (the one the host has just approved, pushed to the screen by
 * GET /api/album/events), then the loop goes on from the newest.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await albumViewerOrNull(request);
  if (!viewer || (viewer.role === "guest" && !albumState().open)) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const newest = listShownPhotos(1).photos[0] ?? null;
  const { total } = listShownPhotos(1);
  const pushed = sharedPhotoOrNull(url.searchParams.get("photo"), viewer);
  if (pushed) return { photo: { id: pushed.id, sharedBy: pushed.sharedBy }, nextN: 0, top: newest?.id ?? null };
  let n = Math.max(0, Number.parseInt(url.searchParams.get("n") ?? "0", 10) || 0);
  if (!total || url.searchParams.get("top") !== (newest?.id ?? "") || n >= total) n = 0;
  const page = Math.floor(n / 48) + 1;
  const photo = listShownPhotos(page).photos[n % 48] ?? null;
  return { photo: photo && { id: photo.id, sharedBy: photo.sharedBy }, nextN: n + 1, top: newest?.id ?? null };
}

export default function Slideshow({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { photo, nextN, top } = loaderData;
  const next = `/album/slideshow?n=${nextN}&top=${top ?? ""}`;
  // With JavaScript it moves on by itself every 8 s (a meta refresh would fail WCAG 2.2.1); without, a link.
  return (
    <main className="flex h-svh flex-col items-center justify-center bg-black text-white" data-slideshow="" data-next={next} data-top={top ?? ""} data-photo={photo?.id ?? ""}>
      <h1 className="sr-only">{t.album.slideshow}</h1>
      {photo ? (
        <>
          <img src={`/album/photos/${photo.id}/screen.webp`} alt={fmt(t.album.photoAlt, { name: photo.sharedBy })} className="max-h-[90svh] max-w-full object-contain" />
          <p className="p-3 text-lg">{fmt(t.album.sharedBy, { name: photo.sharedBy })}</p>
          <Link to={next} className="inline-flex min-h-11 items-center px-3 underline">
            {t.album.next}
          </Link>
        </>
      ) : (
        <p>{t.album.empty}</p>
      )}
      <script src="/scripts/album.js" type="module" />
    </main>
  );
}
