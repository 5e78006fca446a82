import type { Route } from "./+types/travel-lists";
import { PageHeader } from "~/components/admin/page-header";
import { listLang } from "~/components/admin/supplier-lists/list-lang";
import { SupplierListActions } from "~/components/admin/supplier-lists/list-lang-switch";
import { ShareLinksPanel } from "~/components/admin/supplier-lists/share-links-panel";
import { TravelListBody, TravelListNav, travelListHeading, travelListKind, travelListQuery } from "~/components/admin/travel/travel-list-body";
import { travelListFor } from "~/models/travel-board.server";
import { requireAdminPage } from "~/session.server";
import { shareLinkAction, shareLinksFor } from "./share-links.server";

export const meta: Route.MetaFunction = () => [{ title: "Travel Lists | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  // Decision 071: ?lang=pt prints the list for a Portuguese transport company (the admin's own controls stay English).
  const lang = listLang(url.searchParams.get("lang"));
  const list = travelListKind(url.searchParams.get("list"));
  return { list, lang, ...travelListFor(list, url.searchParams.get("date"), lang), shareLinks: shareLinksFor("shuttles", null) };
}

/** Issue 27.5: "Share a live link" to the shuttle lists (make or revoke one). */
export const action = ({ request }: Route.ActionArgs) => shareLinkAction(request, "shuttles", null, "/admin/travel/lists#share");

/** Issue 26.5: a manifest per run (one printed page each), a day sheet for the transport company, every arrival and departure. */
export default function TravelLists({ loaderData, actionData }: Route.ComponentProps) {
  const { list, date, runs, movements, days, lang } = loaderData;
  return (
    <>
      {/* The printed list in its language; the host's own controls stay English. */}
      <div lang={lang}>
        <PageHeader
          {...travelListHeading(list, date, lang)}
          actions={<SupplierListActions back="/admin/travel" backLabel="Back to Travel" csvHref={`/admin/travel/lists.csv${travelListQuery(list, date, lang)}`} lang={lang} />}
        />
        <TravelListNav days={days} href={(q) => q} list={list} date={date} lang={lang} />
        <TravelListBody list={list} date={date} runs={runs} movements={movements} lang={lang} />
      </div>
      <ShareLinksPanel
        links={loaderData.shareLinks}
        listName="shuttle lists (run manifests, day sheets, all arrivals and departures)"
        labelExample="Transport company"
        lastResult={actionData?.result}
        shared={actionData?.shared}
      />
    </>
  );
}
