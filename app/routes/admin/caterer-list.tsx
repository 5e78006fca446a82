import { Link } from "react-router";
import type { Route } from "./+types/caterer-list";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import { EventFilter } from "~/components/admin/events/event-filter";
import { PageHeader } from "~/components/admin/page-header";
import { CatererBody } from "~/components/admin/supplier-lists/caterer-body";
import { ShareLinksPanel } from "~/components/admin/supplier-lists/share-links-panel";
import { getEventConfig } from "~/models/event-config.server";
import { listEvents } from "~/models/events.server";
import { catererEventId, catererSharedView } from "~/models/supplier-views.server";
import { requireAdminPage } from "~/session.server";
import { shareLinkAction, shareLinksFor } from "./share-links.server";

export const meta: Route.MetaFunction = () => [{ title: "Caterer's List | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const eventId = catererEventId(new URL(request.url).searchParams.get("event"));
  const config = getEventConfig();
  return {
    eventId,
    list: catererSharedView(eventId),
    events: listEvents().map((e) => ({ id: e.id, title: e.title, date: e.date })),
    mainTitle: config.eventTitle,
    shareLinks: shareLinksFor("caterer", eventId),
  };
}

/** Issue 27: "Share a live link" to this event's list (make or revoke one). */
export async function action({ request }: Route.ActionArgs) {
  const eventId = catererEventId(new URL(request.url).searchParams.get("event"));
  return shareLinkAction(request, "caterer", eventId, `/admin/caterer-list?event=${encodeURIComponent(eventId)}#share`);
}

/** The caterer's figures for one event (issue 14): people by age group, then each dietary need and whose it is. */
export default function CatererList({ loaderData, actionData }: Route.ComponentProps) {
  const { list, events, mainTitle, eventId } = loaderData;
  return (
    <>
      <PageHeader
        title="Caterer's List"
        description={`${list.event.title}: ${list.event.date}, ${list.event.time}`}
        actions={
          <>
            <Link to="/admin/event-rsvps" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
              Back to Event Attendance
            </Link>
            <PrintButton />
            <CsvLinks href={`/admin/caterer-list.csv?event=${encodeURIComponent(eventId)}`} />
          </>
        }
      />
      <div className="mb-6 print:hidden">
        <EventFilter events={events} current={eventId} allLabel={`Main event: ${mainTitle}`} allValue="main" answerFilters={false} />
      </div>
      <CatererBody list={list} />
      <ShareLinksPanel links={loaderData.shareLinks} listName={`caterer's list of ${list.event.title}`} lastResult={actionData?.result} shared={actionData?.shared} />
    </>
  );
}
