import { data } from "react-router";
import type { Route } from "./+types/list";
import { CatererBody } from "~/components/admin/supplier-lists/caterer-body";
import { withListLang } from "~/components/admin/supplier-lists/list-lang";
import { ListCsvLinks, ListLangSwitch } from "~/components/admin/supplier-lists/list-lang-switch";
import { RoomingGroups, roomingDescription } from "~/components/admin/supplier-lists/rooming-groups";
import { TravelListBody, TravelListNav, travelListHeading, travelListKind, travelListQuery } from "~/components/admin/travel/travel-list-body";
import { fmt } from "~/i18n";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";
import { openShareLink } from "~/models/share-links.server";
import { now } from "~/utils/clock.server";
import { isAppError } from "~/utils/errors";
import { SHARED_LISTS } from "./lists.server";

/*
 * Issue 27: a list shared with a supplier by a live link (no sign-in). It is
 * the list as the admin sees it now, printable, with its CSV; it links to
 * nothing else, ships no JavaScript (so no data beyond what is shown), and is
 * never indexed (the meta tag and X-Robots-Tag). Revoked or expired: 404.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data && "label" in data ? `${data.label} | Shared list` : "Not found" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const opened = openShareLink(params.token, now());
    const self = `/shared/${params.token}`;
    return { label: opened.label, printedAt: now().toISOString(), self, ...SHARED_LISTS[opened.list].page(opened.eventId, new URL(request.url).searchParams) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data({ message: "Not found" }, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
    throw error;
  }
}

export default function SharedList({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  // Every list in the language chosen on this page's own address (decision 071); the shuttle lists: the list and day too, as on the admin's.
  const lang = d.lang;
  const t = supplierListTexts[lang];
  const travel = d.kind === "shuttles" ? { ...d.shuttles, list: travelListKind(d.shuttles.list) } : null;
  const updated = new Date(d.printedAt).toLocaleString(lang === "pt" ? "pt-PT" : "en-GB", { timeZone: "Europe/Lisbon", dateStyle: "medium", timeStyle: "short" });
  const csv = travel ? `${d.self}.csv${travelListQuery(travel.list, travel.date, lang)}` : withListLang(`${d.self}.csv`, lang);
  const heading = travel ? travelListHeading(travel.list, travel.date, lang) : null;
  const title = d.kind === "rooming" ? t.rooming : d.kind === "caterer" ? t.caterer : heading!.title;
  const description =
    d.kind === "rooming"
      ? roomingDescription(d.rooming, lang, "shared")
      : d.kind === "caterer"
        ? fmt(t.eventLine, d.caterer.event)
        : heading!.description;
  return (
    <main lang={lang} className="mx-auto max-w-6xl bg-muted/40 px-4 py-6 md:px-8 print:bg-white print:p-0">
      <div className="page-header">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          <p className="mt-1 text-sm text-muted-foreground">{fmt(t.sharedWith, { label: d.label, updated })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ListCsvLinks href={csv} lang={lang} />
        </div>
      </div>
      {/* The shuttle lists' switch sits with their list choice (TravelListNav). */}
      {travel ? null : <ListLangSwitch lang={lang} href={(l) => withListLang(d.self, l)} className="mb-4" />}
      {d.kind === "rooming" ? <RoomingGroups groups={d.rooming.groups} lang={lang} /> : null}
      {d.kind === "caterer" ? <CatererBody list={d.caterer} lang={lang} /> : null}
      {travel ? (
        <>
          <TravelListNav days={travel.days} href={(q) => `${d.self}${q}`} list={travel.list} date={travel.date} lang={lang} />
          <TravelListBody list={travel.list} date={travel.date} runs={travel.runs} movements={travel.movements} lang={lang} />
        </>
      ) : null}
    </main>
  );
}
