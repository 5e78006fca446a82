import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/activity";
import { ActivityList, activityKindLabel } from "~/components/admin/activity/activity-list";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { partyOptions } from "~/models/admin-views.server";
import { countActivity, listActivity } from "~/models/activity.server";
import { ACTIVITY_KIND_VALUES, activityPageFilterSchema } from "~/schemas/activity";
import { requireAdminPage } from "~/session.server";
import { useHydrated } from "~/utils/hydrated";

const ACTIVITY_PAGE_SIZE = 25;

export const meta: Route.MetaFunction = () => [{ title: "Activity | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const { party, kind } = activityPageFilterSchema.parse(Object.fromEntries(url.searchParams));
  const filter = { partyId: party, kind };
  // Issue 36 logs every write and guest answer, so a page is always full: 25 rows, and only the fields the list shows,
  // keep it under the admin pages' 100 KB beside the 300 parties of the filter (tests/integration/perf-budgets.test.ts).
  const { offset, limit, pagination } = pageWindow(countActivity(filter), url, ACTIVITY_PAGE_SIZE);
  const items = listActivity(filter, { limit, offset }).map(({ id, at, kind, partyId, actor, actorName, who, summary }) => ({ id, at, kind, partyId, actor, actorName, who, summary }));
  return { party: party ?? "", kind: kind ?? "", parties: partyOptions(), items, pagination };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { party, kind, parties, items, pagination } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <>
      <PageHeader title="Activity" description="Every change, by your guests, by you and by your team, each naming its person: answers, members, rooms, payments, events, settings, questions, invitations, travel and shuttles. Newest first." />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
        aria-label="Filter the activity"
      >
        <div className="flex min-w-56 flex-col gap-1.5">
          <Label htmlFor="activity-party">Party</Label>
          <Select id="activity-party" name="party" defaultValue={party} key={`p-${party}`}>
            <option value="">All parties and guests</option>
            {parties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-40 flex-col gap-1.5">
          <Label htmlFor="activity-kind">Kind</Label>
          <Select id="activity-kind" name="kind" defaultValue={kind} key={`k-${kind}`}>
            <option value="">All kinds</option>
            {ACTIVITY_KIND_VALUES.map((k) => (
              <option key={k} value={k}>
                {activityKindLabel(k)}
              </option>
            ))}
          </Select>
        </div>
        {hydrated ? null : (
          <Button type="submit" variant="outline">
            Show
          </Button>
        )}
      </Form>
      <Panel>
        <ActivityList items={items} empty={party || kind ? "No changes match these filters." : "Nothing has changed yet."} />
      </Panel>
      <Pagination pagination={pagination} label="Activity" />
    </>
  );
}
