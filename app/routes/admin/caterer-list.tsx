import type { Route } from "./+types/caterer-list";
import { EventFilter } from "~/components/admin/events/event-filter";
import { PageHeader } from "~/components/admin/page-header";
import { CatererBody } from "~/components/admin/supplier-lists/caterer-body";
import { listLang, withListLang } from "~/components/admin/supplier-lists/list-lang";
import { ListLangSwitch, SupplierListActions } from "~/components/admin/supplier-lists/list-lang-switch";
import { ShareLinksPanel } from "~/components/admin/supplier-lists/share-links-panel";
import { fmt } from "~/i18n";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";
import { getEventConfig } from "~/models/event-config.server";
import { listEvents } from "~/models/events.server";
import { catererEventId, catererSharedView } from "~/models/supplier-views.server";
import { requireAdminPage } from "~/session.server";
import { shareLinkAction, shareLinksFor } from "./share-links.server";

export const meta: Route.MetaFunction = () => [{ title: "Caterer's List | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const eventId = catererEventId(url.searchParams.get("event"));
  // Decision 071: ?lang=pt prints the list for a Portuguese caterer (the admin's own controls, the event choice, stay English).
  const lang = listLang(url.searchParams.get("lang"));
  const config = getEventConfig();
  return {
    eventId,
    lang,
    list: catererSharedView(eventId, lang),
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
  const { list, events, mainTitle, eventId, lang } = loaderData;
  const t = supplierListTexts[lang];
  const query = `?event=${encodeURIComponent(eventId)}`;
  // The Share panel is the host's, in English: the event's own title there.
  const englishTitle = eventId === "main" ? mainTitle : (events.find((e) => e.id === eventId)?.title ?? list.event.title);
  return (
    <>
      {/* The printed list in its language; the host's own controls stay English. */}
      <div lang={lang}>
        <PageHeader
          title={t.caterer}
          description={fmt(t.eventLine, list.event)}
          actions={<SupplierListActions back="/admin/event-rsvps" backLabel="Back to Event Attendance" csvHref={withListLang(`/admin/caterer-list.csv${query}`, lang)} lang={lang} />}
        />
        <div lang="en" className="mb-6 print:hidden">
          <EventFilter events={events} current={eventId} allLabel={`Main event: ${mainTitle}`} allValue="main" answerFilters={false} keep={lang === "pt" ? { lang } : undefined} />
        </div>
        <ListLangSwitch lang={lang} href={(l) => withListLang(`/admin/caterer-list${query}`, l)} className="mb-4" />
        <CatererBody list={list} lang={lang} />
      </div>
      <ShareLinksPanel links={loaderData.shareLinks} listName={`caterer's list of ${englishTitle}`} labelExample="Caterer (kitchen)" lastResult={actionData?.result} shared={actionData?.shared} />
    </>
  );
}
