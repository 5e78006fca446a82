import { data, Link } from "react-router";
import { messagesFor } from "~/i18n/messages";
import { getLang } from "~/i18n/lang.server";
import type { Route } from "./+types/not-found";

export const handle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const lang = await getLang(request);
  return data({ lang }, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  return data({ lang: await getLang(request) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: messagesFor(data?.lang ?? "en").common.notFoundTitle }];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const t = messagesFor(loaderData.lang).common;
  return (
    <main className="flex min-h-screen items-center justify-center bg-cream p-6">
      <div className="max-w-md text-center">
        <p className="font-display text-7xl font-semibold text-wine">404</p>
        <h1 className="mt-2 font-display text-4xl font-semibold text-ink">{t.notFoundTitle}</h1>
        <p className="mt-3 text-muted-foreground">{t.notFoundText}</p>
        {/* The spec keeps this leftover developer hint on the page. */}
        <p className="mt-2 text-sm text-muted-foreground">{t.notFoundHint}</p>
        <Link to="/" className="mt-6 inline-flex min-h-11 items-center rounded-md bg-wine px-5 font-medium text-white hover:bg-wine-dark focus-visible:ring-4 focus-visible:ring-wine/40 focus-visible:outline-none">
          {t.backToHome}
        </Link>
      </div>
    </main>
  );
}
