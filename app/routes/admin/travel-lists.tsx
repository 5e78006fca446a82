import { Link } from "react-router";
import type { Route } from "./+types/travel-lists";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import { PageHeader } from "~/components/admin/page-header";
import { ShareLinksPanel } from "~/components/admin/supplier-lists/share-links-panel";
import { TRAVEL_LISTS, TravelListBody, TravelListNav, travelListKind, travelListQuery } from "~/components/admin/travel/travel-list-body";
import { travelLists } from "~/models/travel-board.server";
import { requireAdminPage } from "~/session.server";
import { shareLinkAction, shareLinksFor } from "./share-links.server";

export const meta: Route.MetaFunction = () => [{ title: "Travel Lists | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const lists = travelLists();
  const date = url.searchParams.get("date") ?? lists.days[0] ?? null;
  return { list: travelListKind(url.searchParams.get("list")), date, ...lists, shareLinks: shareLinksFor("shuttles", null) };
}

/** Issue 27.5: "Share a live link" to the shuttle lists (make or revoke one). */
export const action = ({ request }: Route.ActionArgs) => shareLinkAction(request, "shuttles", null, "/admin/travel/lists#share");

/** Issue 26.5: a manifest per run (one printed page each), a day sheet for the transport company, every arrival and departure. */
export default function TravelLists({ loaderData, actionData }: Route.ComponentProps) {
  const { list, date, runs, movements, days } = loaderData;
  return (
    <>
      <PageHeader
        title={TRAVEL_LISTS[list]}
        description={list === "day" && date ? `Runs of ${date}` : "Printable; the CSV has the same rows."}
        actions={
          <>
            <Link to="/admin/travel" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
              Back to Travel
            </Link>
            <PrintButton />
            <CsvLinks href={`/admin/travel/lists.csv${travelListQuery(list, date)}`} />
          </>
        }
      />
      <TravelListNav days={days} href={(q) => q} />
      <TravelListBody list={list} date={date} runs={runs} movements={movements} />
      <ShareLinksPanel links={loaderData.shareLinks} listName="shuttle lists (run manifests, day sheets, all arrivals and departures)" labelExample="Transport company" lastResult={actionData?.result} shared={actionData?.shared} />
    </>
  );
}
