import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/payments";
import { PageHeader } from "~/components/admin/page-header";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { answerRowIntent, rowInvalid } from "~/routes/admin/action-replies.server";
import { DataTable } from "~/components/admin/data-table";
import { PartyPaymentBadge, PartyPaymentCard } from "~/components/admin/rooms/party-payment-card";
import { useHrefWith } from "~/components/admin/url-state";
import { formatEuro } from "~/components/admin/format";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { countPartyPayments, getPartyPayment, listPartyPayments } from "~/models/payments.server";
import { dashboardStats } from "~/models/stats.server";
import { paymentsFiltersSchema } from "~/schemas/admin-lists";
import { paymentsActionSchema } from "~/schemas/admin-rooms-assignments";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Payment Status | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const filters = paymentsFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const query = { search: filters.q, status: filters.status };
  // A summary row per party, 50 a page, filtered and paged in SQL; the rooms
  // (paid switches, inline quantity) of one party at a time, `?party=ID`
  // (issue 16): at 300 parties every card on one page was about 1 MB of HTML.
  const counts = countPartyPayments(query);
  const { offset, limit, pagination } = pageWindow(counts.matching, url);
  const partyId = url.searchParams.get("party");
  return {
    filters,
    counts: { all: counts.all, ...counts.byStatus, withConfirmed: counts.withConfirmed },
    pagination,
    parties: listPartyPayments(query, { offset, limit }),
    open: partyId ? getPartyPayment(partyId) : null,
    revenue: dashboardStats().revenue,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: paymentsActionSchema });
  if (submission.status !== "success") return rowInvalid(request, formData, submission.error);
  return answerRowIntent(request, formData, submission.value);
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { parties, revenue, filters, counts, pagination, open } = loaderData;
  const hrefWith = useHrefWith();
  const outstanding = revenue.total - revenue.paid;
  const filtered = Boolean(filters.q || filters.status);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Payment Status"
        description="Room payments for the two-night stay (June 12-13, 2026). Prices cover both nights; only confirmed rooms are due."
      />
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals for the event
        </h2>
        <StatGrid>
          <StatCard label="Total Due" value={formatEuro(revenue.total)} hint={`${revenue.roomsConfirmed} confirmed rooms`} />
          <StatCard
            label="Received"
            value={formatEuro(revenue.paid)}
            hint={`${revenue.percentCollected}% collected`}
            percent={revenue.percentCollected}
            tone="info"
          />
          <StatCard label="Outstanding" value={formatEuro(outstanding)} hint={`${revenue.roomsConfirmed - revenue.roomsPaid} rooms unpaid`} tone="muted" />
          <StatCard
            label="Parties Paid in Full"
            value={revenue.partiesPaidInFull}
            hint={`of ${counts.withConfirmed} with confirmed rooms`}
            percent={counts.withConfirmed ? Math.round((revenue.partiesPaidInFull / counts.withConfirmed) * 100) : 0}
            tone="success"
          />
        </StatGrid>
      </section>
      <div className="flex flex-col gap-4">
        <h2 id="parties-heading" className="sr-only">
          Parties with rooms
        </h2>
        <PaymentFilters filters={filters} counts={counts} />
        {open ? (
          <div className="flex flex-col gap-2">
            <PartyPaymentCard party={open} />
            <Link to={hrefWith({ party: null })} preventScrollReset className={`${buttonVariants({ variant: "outline", size: "sm" })} self-start`}>
              Close {open.partyName}
            </Link>
          </div>
        ) : null}
        <DataTable
          caption="Parties with rooms"
          rows={parties}
          rowKey={(p) => p.partyId}
          empty={filtered ? "No parties match these filters." : "No rooms have been assigned yet."}
          rowClassName={(p) => (p.partyId === open?.partyId ? "bg-muted/60" : undefined)}
          columns={[
            {
              header: "Party",
              cell: (p) => (
                <Link to={hrefWith({ party: p.partyId })} preventScrollReset className="font-medium text-primary underline decoration-primary/30 underline-offset-4 hover:decoration-2" aria-current={p.partyId === open?.partyId ? "true" : undefined}>
                  {p.partyName}
                  <span className="sr-only">: rooms and payments</span>
                </Link>
              ),
            },
            { header: "Rooms", className: "tabular-nums", cell: (p) => `${p.rooms} (${p.confirmed} confirmed)` },
            { header: "Due", className: "tabular-nums", cell: (p) => formatEuro(p.total) },
            { header: "Received", className: "tabular-nums", cell: (p) => formatEuro(p.paidTotal) },
            { header: "Status", cell: (p) => <PartyPaymentBadge status={p.status} /> },
          ]}
        />
        <Pagination pagination={pagination} label="Parties" />
      </div>
    </div>
  );
}

/** Search by party name and a payment status: a GET form, so it works without JavaScript. */
function PaymentFilters({
  filters,
  counts,
}: {
  filters: Route.ComponentProps["loaderData"]["filters"];
  counts: Route.ComponentProps["loaderData"]["counts"];
}) {
  const submit = useSubmit();
  const onChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { replace: true, preventScrollReset: true });
  };
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter parties"
      onChange={onChange}
      className="grid grid-cols-2 gap-3 rounded-lg border bg-background p-3 lg:grid-cols-[1fr_auto_auto] lg:items-end"
    >
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <Label htmlFor="payments-search">Search</Label>
        <Input id="payments-search" name="q" type="search" defaultValue={filters.q ?? ""} placeholder="Party name" className="h-9" />
      </div>
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <Label htmlFor="payments-status">Payment status</Label>
        <Select id="payments-status" name="status" defaultValue={filters.status ?? "all"} className="h-9 py-1">
          <option value="all">All parties ({counts.all})</option>
          <option value="paid">Paid in Full ({counts.paid})</option>
          <option value="partial">Partially Paid ({counts.partial})</option>
          <option value="unpaid">Unpaid ({counts.unpaid})</option>
        </Select>
      </div>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit" size="sm" variant="secondary">
          Filter
        </Button>
        <Link to="/admin/payments" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Clear
        </Link>
      </div>
    </Form>
  );
}
