import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { GuestCard, GuestShell } from "~/components/guest/guest-shell";
import { NoticeBox } from "~/components/guest/notice";
import { dayHeading, PhotoGrid, PhotoThumb } from "~/components/album/photo-grid";
import { UploadProgress } from "~/components/album/upload-progress";
import { fmt, LOCALES, messagesOfMatches, useLang, useT } from "~/i18n";
import { getLang } from "~/i18n/lang.server";
import { getEventConfig, localizeEventConfig } from "~/models/event-config.server";
import { albumAction, albumPage } from "./page.server";

/*
 * No React in the browser (docs/decisions/082): the album is whole as HTML,
 * works without JavaScript, and /scripts/album.js adds resumable uploads.
 * A page of 48 photos then costs a phone no start-up of React's.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = messagesOfMatches(matches);
  if (!t) return [];
  return [{ title: `${t.album.pageTitle} · ${data?.eventTitle ?? t.landing.defaultTitle}${t.common.titleSuffix}` }, { name: "description", content: t.album.intro }];
};

/** /album (issue 39): share photos (a plain form; resumable with JavaScript), one's own, and everyone's by day. */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = await getLang(request);
  const config = localizeEventConfig(getEventConfig(), lang);
  return { eventTitle: config.eventTitle, lang, ...(await albumPage(request, lang)) };
}

export async function action({ request }: Route.ActionArgs) {
  return albumAction(request, await getLang(request));
}

export default function AlbumPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const notice = actionData?.notice ?? null;
  const d = loaderData;
  return (
    <GuestShell kicker={d.eventTitle} title={t.album.title} signedIn={d.stage === "view" && d.isGuest}>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 pb-16 sm:px-5">
        <NoticeBox notice={notice} />
        {d.stage === "auth" ? (
          <GuestCard title={t.album.title}>
            <p className="mb-4">{t.album.signIn}</p>
            <Link to="/my-rsvp" className="inline-flex min-h-11 items-center rounded-full bg-wine px-6 font-medium text-white">
              {t.album.signInLink}
            </Link>
          </GuestCard>
        ) : (
          <>
            {d.isGuest ? (
              <GuestCard id="share" title={t.album.shareTitle} description={d.canUpload ? t.album.shareHint : t.album.closed}>
                {d.canUpload ? (
                  <>
                    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" id="album-upload" data-album-upload="">
                      <label htmlFor="album-files" className="font-medium">
                        {t.album.chooseFiles}
                      </label>
                      <input id="album-files" name="file" type="file" multiple required accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif" className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-wine/10 file:px-4 file:text-wine" />
                      <button type="submit" className="inline-flex min-h-11 w-fit items-center rounded-full bg-wine px-6 font-medium text-white">
                        {t.album.send}
                      </button>
                    </Form>
                    <UploadProgress t={t.album} />
                  </>
                ) : null}
                <p id="share-quota" className="mt-3 text-sm text-ink/70">
                  {fmt(t.album.quota, d.quota)} {d.approval === "host" ? t.album.waitApproval : ""}
                </p>
              </GuestCard>
            ) : null}
            <GuestCard
              id="album"
              title={t.album.everyone}
              action={
                d.total ? (
                  <div className="flex flex-wrap gap-3 text-sm">
                    <a href="/api/album/download" className="underline" download>
                      {t.album.downloadAll}
                    </a>
                    <Link to="/album/slideshow" className="underline">
                      {t.album.slideshow}
                    </Link>
                  </div>
                ) : undefined
              }
            >
              {!d.open && d.opensAt ? <p>{fmt(t.album.notOpen, { date: d.opensAt })}</p> : null}
              {d.open && !d.total ? <p>{t.album.empty}</p> : null}
              {d.days.map((day) => (
                <section key={day.day} className="mb-6" aria-labelledby={`day-${day.day}`}>
                  <h3 id={`day-${day.day}`} className="mb-2 font-display text-xl text-wine">
                    {dayHeading(day.day, LOCALES[lang])}
                  </h3>
                  <PhotoGrid tiles={day.photos} label={dayHeading(day.day, LOCALES[lang])} altFor={(p) => fmt(t.album.photoAlt, { name: p.sharedBy })} />
                </section>
              ))}
              {d.pages > 1 ? (
                <nav aria-label={t.album.pages} className="flex items-center justify-between gap-3">
                  {d.page > 1 ? <Link to={`?page=${d.page - 1}`} className="min-h-11 underline">{t.album.previous}</Link> : <span />}
                  <span className="text-sm">{fmt(t.album.page, { page: d.page, pages: d.pages })}</span>
                  {d.page < d.pages ? <Link to={`?page=${d.page + 1}`} className="min-h-11 underline">{t.album.next}</Link> : <span />}
                </nav>
              ) : null}
            </GuestCard>
            {d.own.length ? (
              <GuestCard id="yours" title={t.album.yours} description={t.album.yoursHint}>
                <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t.album.yours}>
                  {d.own.map((p) => (
                    <li key={p.id} className="flex flex-col gap-1 text-xs">
                      <PhotoThumb tile={p} alt={fmt(t.album.photoAlt, { name: p.sharedBy })} pending={t.album.preparing} wide={false} />
                      <span>{p.ready ? t.album[`status_${p.status ?? "waiting"}`] : t.album.preparing}</span>
                      <Form method="post">
                        <input type="hidden" name="id" value={p.id} />
                        <button type="submit" className="min-h-11 text-left text-wine underline" aria-label={t.album.deleteLabel}>
                          {t.album.delete}
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
                {d.ownPages > 1 ? (
                  <nav aria-label={t.album.yours} className="mt-3 flex items-center justify-between gap-3 text-sm">
                    {d.ownPage > 1 ? <Link to={`?mine=${d.ownPage - 1}#yours`} className="min-h-11 underline">{t.album.previous}</Link> : <span />}
                    <span>{fmt(t.album.page, { page: d.ownPage, pages: d.ownPages })}</span>
                    {d.ownPage < d.ownPages ? <Link to={`?mine=${d.ownPage + 1}#yours`} className="min-h-11 underline">{t.album.next}</Link> : <span />}
                  </nav>
                ) : null}
              </GuestCard>
            ) : null}
          </>
        )}
      </div>
      <script src="/scripts/album.js" type="module" />
    </GuestShell>
  );
}
