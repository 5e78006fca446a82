import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import displayFont from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url";
import stylesheet from "./app.css?url";
import { DeferredScripts } from "./components/deferred-scripts";
import { Toaster } from "./components/ui/toaster";
import { type Lang } from "./i18n";
import { common } from "./i18n/catalog/common";
import { clientMessages } from "./i18n/messages";
import { getLang, langCookieFromUrl } from "./i18n/lang.server";
import { takeToast } from "./session.server";
import { useNonce } from "./utils/nonce";
import { HydratedMarker } from "./utils/hydrated";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // precedence: React emits it with the stylesheets, before the route modules'
  // modulepreloads, so the one render-blocking file is asked for first (issue 8).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const lang = await getLang(request);
  const { toast, setCookie } = await takeToast(request);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const hostPage = /^\/(admin|shared)(\/|$)/.test(new URL(request.url).pathname);
  // ?lang=pt on any guest page: rendered in it now, and kept for the next pages (issue 18). On the
  // host's and a supplier's pages it only chooses a list's language (decision 071): nothing kept.
  const langCookie = hostPage ? null : await langCookieFromUrl(request);
  if (langCookie) headers.append("Set-Cookie", langCookie);
  // The active language's page texts (issue 28): read by useT, no catalogue in the browser bundle.
  // The host's pages (English, their own texts) take only the common ones: 20 KB less HTML each.
  const texts = clientMessages(lang, new URL(request.url).pathname);
  return data({ lang, toast, common: texts.common, messages: hostPage ? null : texts }, { headers });
}

// The root loader carries the flash toast, so it runs on every navigation
// (a loader redirect with a message must show it too). It is cheap.
export const shouldRevalidate = () => true;

/** Pages whose route sets `handle = { hydrate: false }` ship no JavaScript at all. */
function useHydrate() {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const lang: Lang = root?.lang ?? "en";
  const nonce = useNonce();
  const hydrate = useHydrate();
  const toast = root?.toast;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content="#6B1F2E" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {toast ? (
          // Without JavaScript the flash message is rendered by the server.
          <noscript>
            <div role="status" className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-lg border bg-card p-4 shadow-lg sm:right-4 sm:left-auto">
              <p className={`font-semibold ${toast.type === "error" ? "text-destructive" : ""}`}>{toast.title}</p>
              {toast.description ? <p className="text-sm text-muted-foreground">{toast.description}</p> : null}
            </div>
          </noscript>
        ) : null}
        {hydrate ? (
          <>
            {/* Zod without its eval-compiled parsers in the browser: its probe for eval breaks
                our CSP (script-src has no 'unsafe-eval') and Lighthouse flags it. Runs before
                the module scripts, which are deferred. */}
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} />
            <ScrollRestoration nonce={nonce} />
            <DeferredScripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <Toaster initial={loaderData.toast} closeLabel={loaderData.common.close} />
      <HydratedMarker />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  // The root loader may be what failed: its small common catalogue is bundled for this.
  const t = root?.common ?? common[root?.lang ?? "en"];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{notFound ? t.notFoundTitle : t.errorTitle}</title>
      <h1 className="font-display text-4xl font-semibold text-wine">{notFound ? t.notFoundTitle : t.errorTitle}</h1>
      <p className="text-muted-foreground">{notFound ? t.notFoundText : t.errorText}</p>
      <a href="/" className="text-wine underline underline-offset-4">
        {t.backToHome}
      </a>
    </main>
  );
}
