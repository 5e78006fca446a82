import { data, Link } from "react-router";
import type { Route } from "./+types/photo";
import { fmt, LOCALES, messagesOfMatches, useLang, useT } from "~/i18n";
import { dayHeading } from "~/components/album/photo-grid";
import { neighbours, readablePhoto } from "~/models/album.server";
import { isAppError } from "~/utils/errors";
import { albumViewerOrNull } from "./viewer.server";

/** No React in the browser: /scripts/album.js adds the keys and the swipe (decision 082). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesOfMatches(matches);
  return t ? [{ title: `${t.album.pageTitle}${t.common.titleSuffix}` }] : [];
};

/** /album/{id}: one photo full screen, who shared it, previous and next (plain links; keys and swipes with JavaScript). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await albumViewerOrNull(request);
  if (!viewer) throw data("Not found", { status: 404 });
  try {
    const photo = readablePhoto(params.id, viewer);
    const { id, takenDay, sharedBy, width, height, status, copies } = photo;
    return { photo: { id, takenDay, sharedBy, width, height, ready: copies === "ready" }, ...(status === "shown" ? neighbours(photo) : { previous: null, next: null }) };
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export default function PhotoPage({ loaderData }: Route.ComponentProps) {
  const { photo, previous, next } = loaderData;
  const t = useT();
  const lang = useLang();
  const src = `/album/photos/${photo.id}`;
  return (
    <main className="flex min-h-svh flex-col bg-black text-white" data-album-photo="">
      <h1 className="sr-only">{fmt(t.album.photoAlt, { name: photo.sharedBy })}</h1>
      <nav className="flex items-center justify-between gap-2 p-2 text-sm" aria-label={t.album.title}>
        <Link to="/album" className="inline-flex min-h-11 items-center px-3 underline" data-back="">
          {t.album.back}
        </Link>
        <a href={`${src}/original?download`} className="inline-flex min-h-11 items-center px-3 underline" download>
          {t.album.download}
        </a>
      </nav>
      <div className="flex flex-1 items-center justify-center">
        {photo.ready ? (
          <img
            src={`${src}/screen.webp`}
            srcSet={`${src}/thumb.webp 480w, ${src}/screen.webp 1600w`}
            sizes="100vw"
            width={photo.width}
            height={photo.height}
            alt={fmt(t.album.photoAlt, { name: photo.sharedBy })}
            className="max-h-[80svh] w-auto max-w-full object-contain"
          />
        ) : (
          <p>{t.album.preparing}</p>
        )}
      </div>
      <footer className="flex items-center justify-between gap-2 p-3 text-sm">
        {previous ? <Link to={`/album/${previous}`} className="inline-flex min-h-11 items-center px-3 underline" rel="prev">{t.album.previous}</Link> : <span />}
        <p className="text-center">
          {fmt(t.album.sharedBy, { name: photo.sharedBy })} · {dayHeading(photo.takenDay, LOCALES[lang])}
        </p>
        {next ? <Link to={`/album/${next}`} className="inline-flex min-h-11 items-center px-3 underline" rel="next">{t.album.next}</Link> : <span />}
      </footer>
      <script src="/scripts/album.js" type="module" />
    </main>
  );
}
