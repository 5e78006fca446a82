import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { GuestShell } from "~/components/guest/guest-shell";
import { DaysCard, LatestNews, MessagesCard, StayCard, VenueCard, clock } from "~/components/weekend/weekend-sections";
import { fmt } from "~/i18n";
import { weekend } from "~/i18n/catalog/weekend";
import { getLang } from "~/i18n/lang.server";
import { myWeekendView } from "~/models/my-weekend.server";
import { getGuestIdentity } from "~/session.server";
import { now } from "~/utils/clock.server";

/*
 * Issue 38: "My weekend", the guest's own days on one page (docs/decisions/081).
 * No React in the browser: the page is whole as HTML, works without
 * JavaScript, prints on one A4 sheet; /my-weekend.js only registers the
 * service worker that keeps it for the days without signal and says when
 * what is shown was saved.
 */
export const handle = { hydrate: false };

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.t.pageTitle} · ${data.w.eventTitle}` : "My weekend" },
  { name: "description", content: data?.t.intro ?? "" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const lang = await getLang(request);
  const identity = await getGuestIdentity(request);
  const w = identity ? myWeekendView(identity, lang, now()) : null;
  // Signed out: the sign-in is on /my-rsvp (a cached copy of someone's weekend is never the answer).
  if (!w) throw redirect("/my-rsvp");
  return { lang, t: weekend[lang], w };
}

export default function MyWeekendPage({ loaderData }: Route.ComponentProps) {
  const { t, w, lang } = loaderData;
  const time = clock(w.savedAt, lang);
  return (
    <GuestShell kicker={t.kicker} title={w.eventTitle} signedIn>
      <p className="mb-2 text-center font-display text-3xl font-semibold text-ink print:mb-0 print:text-xl">{w.name}</p>
      <p
        id="weekend-status"
        role="status"
        className="mb-6 text-center text-base text-muted-foreground print:mb-2 print:text-xs"
        data-offline={fmt(t.offline, { time })}
        data-online={t.backOnline}
      >
        {fmt(t.savedAt, { time })}
      </p>
      <div className="space-y-6 print:space-y-2">
        <MessagesCard messages={w.messages} t={t} lang={lang} />
        <DaysCard days={w.days} t={t} />
        <StayCard rooms={w.rooms} table={w.table} hotel={w.hotel} t={t} />
        <VenueCard venue={w.venue} host={w.host} hotel={w.hotel} t={t} />
        <LatestNews news={w.news} t={t} />
        <nav className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-lg print:hidden">
          <a className="font-semibold text-wine underline underline-offset-4" href="/my-rsvp/calendar.ics" download="celebration.ics">
            {t.calendar}
          </a>
          <a className="font-semibold text-wine underline underline-offset-4" href="/my-rsvp">
            {t.backToRsvp}
          </a>
        </nav>
      </div>
      <script src="/my-weekend.js" defer />
    </GuestShell>
  );
}
