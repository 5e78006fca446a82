import { Form, Link } from "react-router";
import type { Route } from "./+types/gifts";
import { useActionToast } from "~/components/admin/action-toast";
import { useCanWrite } from "~/components/admin/admin-role";
import { CsvLinks } from "~/components/admin/csv-links";
import { formatCents, formatDate } from "~/components/admin/format";
import { FundForm } from "~/components/admin/gifts/fund-form";
import { GiftsTable } from "~/components/admin/gifts/gifts-table";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { requireAdminPage } from "~/session.server";
import { giftsPageAction, giftsPageData } from "./gifts.server";

export const meta: Route.MetaFunction = () => [{ title: "Gifts | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return giftsPageData(new URL(request.url));
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  return giftsPageAction(request);
}

export default function Gifts({ loaderData, actionData }: Route.ComponentProps) {
  const { funds, chosen, gifts, editing } = loaderData;
  useActionToast(actionData);
  const canWrite = useCanWrite();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Gifts"
        description="Funds guests give to by bank transfer, without fees. Pledges are promised; the bank statement import marks them received."
        actions={<CsvLinks href="/admin/gifts.csv" />}
      />
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Funds">
        {funds.map((f) => (
          <li key={f.id} className={`rounded-lg border p-4 ${chosen?.id === f.id ? "border-primary" : ""}`}>
            <h2 className="font-semibold">
              <Link to={`?fund=${f.id}`} preventScrollReset>
                {f.title}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">
              Reference {f.reference} · {f.open ? "open" : "closed"}
              {f.closesAt ? ` · closes ${formatDate(f.closesAt)}` : ""}
            </p>
            <p className="text-sm">
              {formatCents(f.received)} received · {formatCents(f.promised)} promised · {f.count} {f.count === 1 ? "gift" : "gifts"}
            </p>
            {f.goal ? (
              <Progress
                className="mt-2"
                value={f.received}
                max={f.goal}
                aria-label={`${f.title}: received of the goal`}
                valueText={`${formatCents(f.received)} of ${formatCents(f.goal)}`}
              />
            ) : null}
            {canWrite ? (
              <div className="mt-2 flex gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link to={`?fund=${f.id}&edit=${f.id}`} preventScrollReset>
                    Edit
                  </Link>
                </Button>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-fund" />
                  <input type="hidden" name="id" value={f.id} />
                  <Button type="submit" size="sm" variant="outline">
                    {f.count > 0 ? "Close" : "Delete"}
                  </Button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {chosen ? (
        <section aria-labelledby="fund-gifts" className="flex flex-col gap-3">
          <h2 id="fund-gifts" className="text-lg font-semibold">
            Gifts to {chosen.title}
          </h2>
          <GiftsTable gifts={gifts} canWrite={canWrite} />
        </section>
      ) : null}
      {canWrite ? <FundForm fund={editing} errors={actionData?.errors} error={actionData?.error} /> : null}
    </div>
  );
}
