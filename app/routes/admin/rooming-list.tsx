import type { Route } from "./+types/rooming-list";
import { PageHeader } from "~/components/admin/page-header";
import { listLang, withListLang } from "~/components/admin/supplier-lists/list-lang";
import { ListLangSwitch, SupplierListActions } from "~/components/admin/supplier-lists/list-lang-switch";
import { RoomingGroups, roomingDescription } from "~/components/admin/supplier-lists/rooming-groups";
import { ShareLinksPanel } from "~/components/admin/supplier-lists/share-links-panel";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";
import { roomingView } from "~/models/supplier-views.server";
import { requireAdminPage } from "~/session.server";
import { shareLinkAction, shareLinksFor } from "./share-links.server";

export const meta: Route.MetaFunction = () => [{ title: "Rooming List | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  // Decision 071: ?lang=pt prints the list for a Portuguese hotel (the admin's own controls stay English).
  const lang = listLang(new URL(request.url).searchParams.get("lang"));
  return { ...roomingView(lang), lang, printedAt: new Date().toISOString(), shareLinks: shareLinksFor("rooming", null) };
}

/** Issue 27: "Share a live link" (make or revoke one). */
export const action = ({ request }: Route.ActionArgs) => shareLinkAction(request, "rooming", null, "/admin/rooming-list#share");

/** The hotel's rooming list (issue 14): per room type, each party holding rooms that are not declined. */
export default function RoomingList({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, lang } = loaderData;
  return (
    <>
      {/* The printed list in its language; the host's own controls stay English. */}
      <div lang={lang}>
        <PageHeader
          title={supplierListTexts[lang].rooming}
          description={roomingDescription(loaderData, lang, "admin")}
          actions={<SupplierListActions back="/admin/room-assignments" backLabel="Back to Room Assignments" csvHref={withListLang("/admin/rooming-list.csv", lang)} lang={lang} />}
        />
        <ListLangSwitch lang={lang} href={(l) => withListLang("/admin/rooming-list", l)} className="mb-4" />
        <RoomingGroups groups={groups} lang={lang} />
      </div>
      <ShareLinksPanel links={loaderData.shareLinks} listName="rooming list" labelExample="Hotel reception" lastResult={actionData?.result} shared={actionData?.shared} />
    </>
  );
}
