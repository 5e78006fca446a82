import { Link } from "react-router";
import type { Route } from "./+types/rooming-list";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import { PageHeader } from "~/components/admin/page-header";
import { RoomingGroups, roomingUnits } from "~/components/admin/supplier-lists/rooming-groups";
import { ShareLinksPanel } from "~/components/admin/supplier-lists/share-links-panel";
import { roomingView } from "~/models/supplier-views.server";
import { requireAdminPage } from "~/session.server";
import { shareLinkAction, shareLinksFor } from "./share-links.server";

export const meta: Route.MetaFunction = () => [{ title: "Rooming List | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { ...roomingView(), printedAt: new Date().toISOString(), shareLinks: shareLinksFor("rooming", null) };
}

/** Issue 27: "Share a live link" (make or revoke one). */
export const action = ({ request }: Route.ActionArgs) => shareLinkAction(request, "rooming", null, "/admin/rooming-list#share");

/** The hotel's rooming list (issue 14): per room type, each party holding rooms that are not declined. */
export default function RoomingList({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, nights } = loaderData;
  const units = roomingUnits(groups);
  return (
    <>
      <PageHeader
        title="Rooming List"
        description={`For the hotel: ${units} ${units === 1 ? "room" : "rooms"}, nights of ${nights}. Declined rooms are left out.`}
        actions={
          <>
            <Link to="/admin/room-assignments" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
              Back to Room Assignments
            </Link>
            <PrintButton />
            <CsvLinks href="/admin/rooming-list.csv" />
          </>
        }
      />
      <RoomingGroups groups={groups} />
      <ShareLinksPanel links={loaderData.shareLinks} listName="rooming list" lastResult={actionData?.result} shared={actionData?.shared} />
    </>
  );
}
