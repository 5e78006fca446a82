import type { Route } from "./+types/home";
import { heroImage, vineyardImage, villaPoolImage, type ResponsiveImage } from "~/assets/images";
import { LanguageSwitch } from "~/components/language-switch";
import { ResponsivePicture } from "~/components/responsive-picture";
import { fmt } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { getLang } from "~/i18n/lang.server";
import { getEventConfig, localizeEventConfig } from "~/models/event-config.server";
import { uploadSrcSet } from "~/utils/uploads";
import { formatDeadlineDate, rsvpDeadlineState } from "~/utils/rsvp-deadline";

// The invitation needs no JavaScript: it is pure HTML and CSS.
export const handle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const lang = await getLang(request);
  // The host's texts in the visitor's language (English where the Portuguese is empty); explicit fields.
  const config = getEventConfig();
  const c = localizeEventConfig(config, lang);
  return {
    lang,
    config: {
      eventTitle: c.eventTitle,
      eventDate: c.eventDate,
      eventTime: c.eventTime,
      venueName: c.venueName,
      venueAddress: c.venueAddress,
      venueDirections: c.venueDirections,
      venueLatitude: c.venueLatitude,
      venueLongitude: c.venueLongitude,
      dressCode: c.dressCode,
      welcomeMessage: c.welcomeMessage,
      schedule: c.schedule,
      gallery: c.gallery,
    },
    deadline: rsvpDeadlineState(config),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const t = messagesFor(data?.lang ?? "en");
  const title = data?.config.eventTitle || t.landing.defaultTitle;
  return [
    { title: `${title}${t.common.titleSuffix}` },
    { name: "description", content: t.landing.tagline },
  ];
};

const heroButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full bg-white px-7 text-base font-semibold text-wine shadow-md transition hover:bg-limestone focus-visible:ring-4 focus-visible:ring-white/60 focus-visible:outline-none sm:w-auto";

function SectionHeading({ id, children, kicker }: { id?: string; children: React.ReactNode; kicker?: string }) {
  return (
    <div className="mb-10 text-center">
      {kicker ? <p className="mb-2 text-sm font-semibold tracking-[0.2em] text-olive uppercase">{kicker}</p> : null}
      <h2 id={id} className="font-display text-4xl font-semibold text-ink sm:text-5xl">
        {children}
      </h2>
      <div aria-hidden="true" className="mx-auto mt-4 h-px w-16 bg-terracotta" />
    </div>
  );
}

function Card({ title, children, className = "" }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl bg-white p-7 shadow-[0_10px_30px_-12px_rgba(107,31,46,0.25)] ring-1 ring-ink/5 ${className}`}>
      <h3 className="font-display text-3xl font-semibold text-wine">{title}</h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const ARTWORK: Record<string, ResponsiveImage> = { "art:villa-pool": villaPoolImage, "art:vineyard": vineyardImage };
const GALLERY_SIZES = "(min-width: 640px) 50vw, 100vw";

/** The site's own artwork (AVIF and WebP) or an uploaded photo (its WebP copies); decorative, the caption says it. */
function GalleryPhoto({ url }: { url: string }) {
  const art = ARTWORK[url];
  const className = "aspect-[4/3] w-full object-cover";
  if (art) return <ResponsivePicture image={art} alt="" sizes={GALLERY_SIZES} loading="lazy" className={className} />;
  return <img src={url} srcSet={uploadSrcSet(url)} sizes={GALLERY_SIZES} width={960} height={720} alt="" loading="lazy" decoding="async" className={className} />;
}

/**
 * With coordinates, links that open the venue in the guest's maps app: plain
 * links, so nothing is fetched from another server while the page loads.
 */
function VenueMap({ latitude, longitude, venue, t }: { latitude: number | null; longitude: number | null; venue: string; t: ReturnType<typeof messagesFor>["landing"] }) {
  const box = "flex min-h-56 flex-col items-center justify-center gap-4 rounded-2xl border-2 border-dashed border-olive/40 bg-[repeating-linear-gradient(135deg,#f1e9dc_0_12px,#faf6ef_12px_24px)] p-6 text-center";
  if (latitude === null || longitude === null) {
    return (
      <div className={box}>
        <p className="font-display text-2xl font-semibold text-olive">{t.mapComingSoon}</p>
      </div>
    );
  }
  const at = `${latitude},${longitude}`;
  const links = [
    { href: `geo:${at}?q=${at}(${encodeURIComponent(venue)})`, label: t.openInMapsApp, external: false },
    { href: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`, label: t.openStreetMap, external: true },
    { href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(at)}`, label: t.googleMaps, external: true },
  ];
  const link =
    "inline-flex min-h-12 w-full items-center justify-center rounded-full bg-wine px-6 font-semibold text-white transition hover:bg-wine-dark focus-visible:ring-4 focus-visible:ring-wine/40 focus-visible:outline-none";
  return (
    <nav aria-label={t.findVenue} className={box} data-testid="venue-map-links">
      <p className="font-display text-2xl font-semibold text-olive">{t.findVenue}</p>
      <ul className="flex w-full max-w-xs flex-col gap-3">
        {links.map((l) => (
          <li key={l.label}>
            <a href={l.href} className={link} {...(l.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
              {l.label}
              {l.external ? <span className="sr-only"> {t.opensInNewTab}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { config, lang, deadline } = loaderData;
  const t = messagesFor(lang).landing;
  const title = config.eventTitle || t.defaultTitle;
  const schedule = config.schedule;

  return (
    <div className="bg-cream text-ink">
      <header className="relative isolate flex min-h-[86svh] flex-col overflow-hidden bg-wine-dark text-white">
        <ResponsivePicture
          image={heroImage}
          alt=""
          sizes="100vw"
          loading="eager"
          fetchPriority="high"
          className="absolute inset-0 -z-20 size-full object-cover object-[35%_50%] sm:object-center"
        />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/55 via-ink/45 to-wine-dark/80" />
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between px-5 py-4">
          <span className="font-display text-xl font-semibold tracking-wide">40</span>
          <LanguageSwitch />
        </div>
        <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-6 pb-16 text-center">
          <p className="text-sm font-semibold tracking-[0.3em] text-white/85 uppercase">{t.tagline}</p>
          <h1 className="mt-4 font-display text-5xl leading-[1.05] font-semibold text-balance sm:text-7xl">{title}</h1>
          <p className="mt-5 font-display text-2xl text-white/95 italic sm:text-3xl">{config.eventDate || t.dateTba}</p>
          {deadline.deadline ? (
            <p data-testid="deadline" className="mt-4 text-lg font-medium text-white/95">
              {deadline.passed ? messagesFor(lang).guest.deadlinePassedTitle : fmt(messagesFor(lang).guest.replyBy, { date: formatDeadlineDate(deadline.deadline, lang) })}
            </p>
          ) : null}
          <div className="mt-9 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
            <a href="/rsvp" className={heroButton}>
              {t.rsvpNow}
            </a>
            <a
              href="#details"
              className="inline-flex min-h-12 w-full items-center justify-center rounded-full px-7 font-semibold text-white ring-1 ring-white/70 transition hover:bg-white/10 focus-visible:ring-4 focus-visible:outline-none sm:w-auto"
            >
              {t.eventDetails}
            </a>
          </div>
        </div>
      </header>

      <main>
        {config.welcomeMessage ? (
          <section aria-labelledby="welcome" className="px-6 py-16 sm:py-20">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="welcome" className="font-display text-3xl font-semibold text-wine sm:text-4xl">
                {t.welcome}
              </h2>
              <p className="mt-6 font-display text-2xl leading-relaxed whitespace-pre-line text-ink/90">{config.welcomeMessage}</p>
            </div>
          </section>
        ) : null}

        {config.gallery.length ? (
          <section aria-labelledby="gallery" className="px-5 py-14 sm:py-20">
            <div className="mx-auto max-w-6xl">
              <SectionHeading id="gallery" kicker={config.venueName}>
                {t.galleryHeading}
              </SectionHeading>
              <div className="grid gap-6 sm:grid-cols-2">
                {config.gallery.map(({ url, caption }, index) => (
                  <figure key={`${url}-${index}`} className="overflow-hidden rounded-2xl bg-white shadow-[0_10px_30px_-12px_rgba(107,31,46,0.3)]">
                    <GalleryPhoto url={url} />
                    <figcaption className="px-5 py-4 font-display text-2xl font-semibold text-ink">{caption}</figcaption>
                  </figure>
                ))}
              </div>
            </div>
          </section>
        ) : null}

        <section id="details" aria-labelledby="details-heading" className="scroll-mt-4 bg-limestone px-5 py-16 sm:py-24">
          <div className="mx-auto max-w-6xl">
            <SectionHeading id="details-heading">{t.eventDetails}</SectionHeading>
            <div className="grid gap-6 lg:grid-cols-2">
              {schedule.length ? (
                <Card title={t.schedule} className="lg:row-span-2">
                  <div className="space-y-7">
                    {schedule.map(({ day, items }, dayIndex) => (
                      <div key={dayIndex}>
                        <h4 className="text-sm font-semibold tracking-[0.18em] text-olive uppercase">{day}</h4>
                        <dl className="mt-3 space-y-3">
                          {items.map(({ time, title: name }, itemIndex) => (
                            <div key={itemIndex} className="grid grid-cols-[6.5rem_1fr] sm:grid-cols-[8.5rem_1fr] items-baseline gap-3 border-b border-dashed border-ink/10 pb-3 last:border-0">
                              <dt className="text-sm font-medium text-muted-foreground tabular-nums">{time}</dt>
                              <dd className="font-display text-xl font-semibold text-ink">{name}</dd>
                            </div>
                          ))}
                        </dl>
                      </div>
                    ))}
                  </div>
                </Card>
              ) : null}
              <Card title={t.venue}>
                <p className="font-display text-2xl font-semibold">{config.venueName}</p>
                <p className="mt-1 text-muted-foreground">{config.venueAddress}</p>
              </Card>
              {config.dressCode ? (
                <Card title={t.dressCode}>
                  <p className="text-lg whitespace-pre-line">{config.dressCode}</p>
                </Card>
              ) : null}
              <section className="flex flex-col items-start justify-between gap-5 rounded-2xl bg-wine p-7 text-white shadow-lg">
                <div>
                  <h3 className="font-display text-3xl font-semibold">{t.readyToJoin}</h3>
                  <p className="mt-2 text-white/90">{t.confirmAttendance}</p>
                </div>
                <a href="/rsvp" className="inline-flex min-h-12 items-center rounded-full bg-white px-7 font-semibold text-wine transition hover:bg-limestone focus-visible:ring-4 focus-visible:ring-white/60 focus-visible:outline-none">
                  {t.rsvp}
                </a>
              </section>
            </div>
          </div>
        </section>

        <section aria-labelledby="directions" className="px-5 py-16 sm:py-24">
          <div className="mx-auto max-w-6xl">
            <SectionHeading id="directions">{t.venueDirections}</SectionHeading>
            <div className="grid gap-6 md:grid-cols-2">
              <VenueMap latitude={config.venueLatitude} longitude={config.venueLongitude} venue={config.venueName} t={t} />
              <Card title={t.gettingThere}>
                <p className="leading-relaxed whitespace-pre-line text-ink/90">{config.venueDirections || t.directionsFallback}</p>
              </Card>
            </div>
          </div>
        </section>

        <section aria-labelledby="closing" className="bg-wine-dark px-6 py-20 text-center text-white">
          <h2 id="closing" className="font-display text-4xl font-semibold sm:text-5xl">
            {t.hopeToSeeYou}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-white/90">{t.closingText}</p>
          <a href="/rsvp" className="mt-8 inline-flex min-h-12 items-center rounded-full bg-white px-8 font-semibold text-wine transition hover:bg-limestone focus-visible:ring-4 focus-visible:ring-white/60 focus-visible:outline-none">
            {t.submitYourRsvp}
          </a>
        </section>
      </main>

      <footer className="bg-ink px-6 py-8 text-sm text-white/80">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 sm:flex-row">
          <p>{t.copyright}</p>
          <a href="/admin" className="inline-flex min-h-11 items-center rounded px-2 text-white/90 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
            {messagesFor(lang).common.admin}
          </a>
        </div>
      </footer>
    </div>
  );
}
