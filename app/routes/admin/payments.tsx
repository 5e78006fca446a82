import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/payments";
import { PageHeader } from "~/components/admin/page-header";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { answerRowIntent, rowInvalid } from "~/routes/admin/action-replies.server";
import { DataTable } from "~/components/admin/data-table";
import { PartyPaymentBadge, PartyPaymentCard } from "~/components/admin/rooms/party-payment-card";
import { useHrefWith } from "~/components/admin/url-state";
import { formatCents, formatDate } from "~/components/admin/format";
import { LedgerPanel } from "~/components/admin/payments/ledger-panel";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { countBankReview } from "~/models/bank-statements.server";
import { findPartyLedger } from "~/models/ledger.server";
import { countPartyPayments, getPartyPayment, listPartyPayments } from "~/models/payments.server";
import { paymentsFiltersSchema } from "~/schemas/admin-lists";
import { LEDGER_PAGE_INTENTS } from "~/schemas/ledger";
import { answerLedgerIntent } from "./payments-ledger.server";
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
  // The ledger (issue 25) of the opened party: a party with only charges or payments opens too.
  const ledger = partyId ? findPartyLedger(partyId) : null;
  const rooms = partyId ? getPartyPayment(partyId) : null;
  // The rooms card says what the ledger says: its status, and what was received (whole euro, as the card prints money).
  const open = rooms && ledger ? { ...rooms, status: ledger.status, paidTotal: Math.trunc(ledger.paid / 100) } : rooms;
  return {
    filters,
    counts: { all: counts.all, ...counts.byStatus, withConfirmed: counts.withConfirmed },
    totals: counts.totals,
    pagination,
    parties: listPartyPayments(query, { offset, limit }),
    open,
    ledger,
    today: new Date().toISOString().slice(0, 10),
    review: countBankReview(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  if (LEDGER_PAGE_INTENTS.includes(String(formData.get("intent")))) return answerLedgerIntent(request, formData);
  const submission = parseWithZod(formData, { schema: paymentsActionSchema });
  if (submission.status !== "success") return rowInvalid(request, formData, submission.error);
  return answerRowIntent(request, formData, submission.value);
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { parties, totals, filters, counts, pagination, open, ledger, today, review } = loaderData;
  const hrefWith = useHrefWith();
  const collected = totals.due > 0 ? Math.round((totals.paid * 100) / totals.due) : 0;
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
          <StatCard label="Total Due" value={formatCents(totals.due)} hint="confirmed rooms and charges" />
          <StatCard label="Received" value={formatCents(totals.paid)} hint={`${collected}% collected`} percent={Math.min(100, collected)} tone="info" />
          <StatCard label="Outstanding" value={formatCents(totals.outstanding)} hint="open balances (credit not netted)" tone="muted" />
          <StatCard
            label="Parties Paid in Full"
            value={totals.partiesSettled}
            hint={`of ${counts.withConfirmed} with something due`}
            percent={counts.withConfirmed ? Math.round((totals.partiesSettled / counts.withConfirmed) * 100) : 0}
            tone="success"
          />
        </StatGrid>
      </section>
      <div className="flex flex-col gap-4">
        <h2 id="parties-heading" className="sr-only">
          Parties with rooms
        </h2>
        <PaymentFilters filters={filters} counts={counts} />
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/admin/payments/import" data-writes className={buttonVariants({ variant: "outline", size: "sm" })}>
            Import bank statement
          </Link>
          <Link to="/admin/payments/review" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Review bank transactions ({review.proposed + review.unmatched + review.duplicate + review.reversed})
          </Link>
          <a href={`/admin/payments.csv${filters.q || filters.status ? `?${new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.status ? { status: filters.status } : {}) })}` : ""}`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
            Export CSV
          </a>
        </div>
        {open || ledger ? (
          <div className="flex flex-col gap-2">
            {open ? <PartyPaymentCard party={open} /> : null}
            {ledger ? <LedgerPanel ledger={ledger} partyName={ledger.partyName} today={today} /> : null}
            <Link to={hrefWith({ party: null })} preventScrollReset className={`${buttonVariants({ variant: "outline", size: "sm" })} self-start`}>
              Close {open?.partyName ?? ledger?.partyName}
            </Link>
          </div>
        ) : null}
        <DataTable
          caption="Parties with rooms, charges or payments"
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
            { header: "Reference", className: "font-mono", cell: (p) => p.reference },
            { header: "Rooms", className: "tabular-nums", cell: (p) => `${p.rooms} (${p.confirmed} confirmed)` },
            { header: "Due", className: "tabular-nums", cell: (p) => formatCents(p.due) },
            { header: "Paid", className: "tabular-nums", cell: (p) => formatCents(p.paid) },
            { header: "Balance", className: "tabular-nums", cell: (p) => formatCents(p.balance) },
            { header: "Last payment", cell: (p) => (p.lastPayment ? formatDate(p.lastPayment) : "-") },
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
          <option value="credit">Credit ({counts.credit})</option>
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
