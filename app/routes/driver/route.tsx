import { randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { fmt } from "~/i18n";
import { driverTexts } from "~/i18n/catalog/weekend";
import type { RunBoarding } from "~/models/boarding.server";
import { driverRuns, openDriverLink, recordDriverTick } from "~/models/driver-links.server";
import { boardedSchema, type BoardedInput } from "~/schemas/weekend";
import { parseWith } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import { isAppError } from "~/utils/errors";

/*
 * Issue 38: a shuttle run's list for its driver, or every run of one day, by
 * a link the host made (no sign-in). Names, people, flight or train and its time, phone, a "boarded"
 * tick per person: never an e-mail, a note or an answer. Without JavaScript
 * each tick is a form; with it, /driver.js keeps ticks made without signal on
 * the phone and sends them when it is back (each with its clientId, so a
 * resend counts once). Never indexed; revoked or expired: 404.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.t.title} · ${data.d.day ?? `${data.d.runs[0]?.run.date} ${data.d.runs[0]?.run.time}`}` : "Not found" },
  { name: "robots", content: "noindex" },
];

export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/manifest.webmanifest" }];

// same-origin, not no-referrer: the token never leaves the site, and the form posts keep their Origin (no-referrer sends "null", refused as cross-site).
export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" });

function open(token: string, note = true) {
  try {
    return openDriverLink(token, now(), { note });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data({ message: "Not found" }, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
    throw error;
  }
}

export function loader({ request, params }: Route.LoaderArgs) {
  const link = open(params.token);
  const lang = new URL(request.url).searchParams.get("lang") === "pt" ? "pt" : "en";
  return { lang, t: driverTexts[lang], d: driverRuns(link, lang), token: params.token, formId: randomBytes(9).toString("base64url"), renderedAt: now().toISOString() };
}

/** A tick without JavaScript: the form's clientId was made when the page was, so sending it twice counts once. */
export async function action({ request, params }: Route.ActionArgs) {
  const link = open(params.token, false);
  const form = await request.formData();
  let input: BoardedInput;
  try {
    input = parseWith(boardedSchema, {
      guestId: String(form.get("guestId") ?? ""),
      runId: String(form.get("runId") ?? "") || null,
      boarded: form.get("boarded") === "true",
      at: now().toISOString(),
      clientId: String(form.get("clientId") ?? ""),
    });
    recordDriverTick(link, input);
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  const lang = new URL(request.url).searchParams.get("lang") === "pt" ? "?lang=pt" : "";
  return redirect(`/driver/${params.token}${lang}#p-${input.guestId}`, 303);
}

type Texts = Route.ComponentProps["loaderData"]["t"];

/** A run's heading: arrival or departure, its time, its point and vehicle. */
function RunHeading({ b, t, day }: { b: RunBoarding; t: Texts; day: boolean }) {
  const Title = day ? "h2" : "h1";
  return (
    <div>
      <Title className={day ? "font-display text-2xl font-semibold text-wine" : "font-display text-3xl font-semibold text-wine"}>
        {b.run.direction === "arrival" ? t.arrival : t.departure}
        <span className="block whitespace-nowrap tabular-nums">{day ? b.run.time : `${b.run.date} · ${b.run.time}`}</span>
      </Title>
      <p className="text-lg">
        {b.run.point ? fmt(b.run.direction === "arrival" ? t.from : t.to, { point: b.run.point }) : null}
        {b.run.vehicle ? ` · ${b.run.vehicle}` : null}
      </p>
    </div>
  );
}

/** The run's parties and a "boarded" form per person (the form is the tick without JavaScript). */
function RunList({ b, t, day, self, formId }: { b: RunBoarding; t: Texts; day: boolean; self: string; formId: string }) {
  const Name = day ? "h3" : "h2";
  if (!b.parties.length) return <p className="mt-4 text-lg">{t.empty}</p>;
  return (
    <ul className="mt-4 space-y-4">
      {b.parties.map((p) => (
        <li key={p.travellerId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10">
          <Name className="text-xl font-semibold">{p.name}</Name>
          <p className="text-base text-muted-foreground">
            {[p.number ? fmt(t.flight, { number: p.number }) : null, p.time ? fmt(t.at, { time: p.time }) : null, p.point].filter(Boolean).join(" · ")}
          </p>
          {p.phone ? (
            <a href={`tel:${p.phone}`} className="mt-1 inline-flex min-h-11 items-center text-lg font-semibold text-wine underline underline-offset-4">
              {`${t.call} ${p.phone}`}
            </a>
          ) : null}
          <ul className="mt-2 divide-y divide-ink/10">
            {p.people.map((x, i) => (
              <li key={x.guestId} id={`p-${x.guestId}`} className="flex items-center justify-between gap-3 py-2" data-person={x.guestId} data-boarded={String(x.boarded)}>
                <span className="text-lg">{x.name}</span>
                <form method="post" action={self} data-tick="">
                  <input type="hidden" name="guestId" value={x.guestId} />
                  <input type="hidden" name="runId" value={b.run.id} />
                  <input type="hidden" name="boarded" value={String(!x.boarded)} />
                  <input type="hidden" name="clientId" value={`${formId}-${b.run.id.slice(0, 6)}-${x.guestId.slice(0, 12)}-${i}`} />
                  {/* The visible word is the name's start (WCAG label-in-name); the person follows for screen readers; aria-pressed is the state. */}
                  <button type="submit" aria-pressed={x.boarded} className="min-h-12 min-w-36 rounded-xl border-2 border-wine px-4 text-lg font-semibold aria-pressed:bg-wine aria-pressed:text-white">
                    <span data-label="">{x.boarded ? `✓ ${t.boarded}` : t.notBoarded}</span>
                    <span className="sr-only">{`: ${x.name}`}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export default function DriverPage({ loaderData }: Route.ComponentProps) {
  const { t, d, lang, token, formId, renderedAt } = loaderData;
  const self = `/driver/${token}${lang === "pt" ? "?lang=pt" : ""}`;
  const other = `/driver/${token}${lang === "pt" ? "" : "?lang=pt"}`;
  const day = d.day !== null;
  return (
    <main lang={lang} className="mx-auto min-h-svh max-w-2xl bg-cream px-4 py-5 text-ink" data-token={token}
      data-rendered-at={renderedAt}
      data-texts={JSON.stringify({ queued: t.queued, offline: t.offline, boarded: t.boarded, notBoarded: t.notBoarded, counts: t.counts })}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-widest text-olive uppercase">{t.title}</p>
          {day ? (
            <h1 className="font-display text-3xl font-semibold text-wine">
              {t.dayTitle}
              <span className="block whitespace-nowrap tabular-nums">{d.day}</span>
            </h1>
          ) : d.runs[0] ? <RunHeading b={d.runs[0]} t={t} day={false} /> : null}
        </div>
        <a href={other} className="inline-flex min-h-11 items-center text-sm font-semibold text-wine underline underline-offset-4">
          {t.language}
        </a>
      </div>
      <p id="driver-counts" role="status" className="mt-3 text-xl font-semibold">
        {fmt(t.counts, { boarded: d.boarded, missing: d.missing })}
      </p>
      <p id="driver-sync" aria-live="polite" className="min-h-6 text-base text-muted-foreground" />
      {day && !d.runs.length ? <p className="mt-6 text-lg">{t.noRuns}</p> : null}
      {d.runs.map((b) =>
        day ? (
          <section key={b.run.id} className="mt-8">
            <RunHeading b={b} t={t} day />
            <RunList b={b} t={t} day self={self} formId={formId} />
          </section>
        ) : (
          <RunList key={b.run.id} b={b} t={t} day={false} self={self} formId={formId} />
        ),
      )}
      <script src="/driver.js" defer />
    </main>
  );
}
