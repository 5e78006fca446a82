import { Form, Link, useLocation } from "react-router";
import { LogOutIcon } from "./icons";
import { heroImage } from "~/assets/images";
import { LanguageSwitch } from "~/components/language-switch";
import { ResponsivePicture } from "~/components/responsive-picture";
import { useT } from "~/i18n";
import { cn } from "~/utils/cn";

/** A sprig of vine leaves: the guest pages' small ornament. */
export function Sprig({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 24" aria-hidden="true" className={cn("h-5 w-24 text-terracotta", className)} fill="none">
      <path d="M4 12h112" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" opacity=".7" />
      <path d="M60 12c-5-9-14-9-17-6 4 1 9 4 17 6Zm0 0c5-9 14-9 17-6-4 1-9 4-17 6Z" fill="currentColor" opacity=".85" />
      <circle cx="60" cy="16" r="2.2" fill="#6b1f2e" />
      <circle cx="56" cy="18" r="2" fill="#6b1f2e" opacity=".85" />
      <circle cx="64" cy="18" r="2" fill="#6b1f2e" opacity=".85" />
    </svg>
  );
}

function SignOut() {
  const t = useT().guest;
  const location = useLocation();
  return (
    <Form method="post" action="/sign-out">
      <input type="hidden" name="redirectTo" value={location.pathname === "/my-rsvp" ? "/my-rsvp" : "/rsvp"} />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2.5 text-sm font-semibold text-ink/80 transition-colors hover:bg-ink/5 hover:text-wine focus-visible:ring-4 focus-visible:ring-wine/35 focus-visible:outline-none"
      >
        <LogOutIcon aria-hidden="true" className="size-4" />
        {t.signOut}
      </button>
    </Form>
  );
}

/**
 * The frame of /rsvp and /my-rsvp: the landing page's palette and type on a
 * light ground, the event's title as the page heading, one reading column.
 */
export function GuestShell({
  kicker,
  title,
  date,
  signedIn = false,
  children,
}: {
  kicker: string;
  title: string;
  date?: string;
  signedIn?: boolean;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="min-h-svh bg-cream bg-[radial-gradient(ellipse_at_top,#f1e9dc_0%,#faf6ef_55%)] text-ink">
      <header className="relative z-10 mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-3 py-3 sm:px-5 print:hidden">
        <Link
          to="/"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full font-display text-2xl font-semibold text-wine focus-visible:ring-4 focus-visible:ring-wine/35 focus-visible:outline-none"
        >
          <span aria-hidden="true">40</span>
          <span className="sr-only">{t.guest.home}</span>
        </Link>
        <div className="flex items-center gap-1">
          {signedIn ? <SignOut /> : null}
          <LanguageSwitch tone="dark" />
        </div>
      </header>
      <div className="relative isolate px-5 pt-4 pb-8 text-center sm:pt-8 sm:pb-12 print:p-0">
        {/* The landing page's vineyard, as a faint wash behind the title. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 -top-20 bottom-0 -z-10 overflow-hidden [mask-image:linear-gradient(to_bottom,black_20%,transparent)] print:hidden">
          {/* At 14% opacity under a mask the smallest rendition is plenty (sizes), and it is
              the page's largest paint, so it is fetched early (issue 8, Lighthouse LCP). */}
          <ResponsivePicture image={heroImage} alt="" sizes="320px" loading="eager" fetchPriority="high" className="size-full object-cover opacity-[0.14]" />
        </div>
        <p className="text-xs font-semibold tracking-[0.28em] text-olive uppercase sm:text-sm">{kicker}</p>
        <h1 className="mx-auto mt-3 max-w-2xl font-display text-4xl leading-[1.08] font-semibold text-balance text-wine lining-nums sm:text-6xl print:mt-0 print:text-2xl">
          {title}
        </h1>
        {date ? <p className="mt-3 font-display text-xl text-ink/85 italic sm:text-2xl">{date}</p> : null}
        <Sprig className="mx-auto mt-5 print:hidden" />
      </div>
      <main className="mx-auto w-full max-w-[42rem] px-4 pb-20 sm:px-6 print:max-w-none print:p-0">{children}</main>
    </div>
  );
}

/** A section of the invitation: white, rounded, a soft wine-tinted shadow. */
export function GuestCard({
  title,
  description,
  children,
  className,
  id,
  as: Heading = "h2",
  action,
}: {
  title?: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  id?: string;
  as?: "h2" | "h3";
  action?: React.ReactNode;
}) {
  const headingId = id && title ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-6 rounded-3xl bg-white px-5 py-7 shadow-[0_14px_40px_-18px_rgba(107,31,46,0.35)] ring-1 ring-ink/5 sm:px-9 sm:py-9",
        className,
      )}
    >
      {title ? (
        <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
          <div>
            <Heading id={headingId} className="font-display text-3xl leading-tight font-semibold text-wine">
              {title}
            </Heading>
            {description ? <p className="mt-1.5 text-base text-muted-foreground">{description}</p> : null}
          </div>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A sub-section inside a card, with a hairline above it. */
export function CardSection({ title, children, className }: { title: React.ReactNode; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("mt-8 border-t border-dashed border-ink/15 pt-7", className)}>
      <h3 className="mb-4 font-display text-2xl font-semibold text-ink">{title}</h3>
      {children}
    </div>
  );
}
