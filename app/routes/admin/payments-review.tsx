import { Form, Link } from "react-router";
import { ArrowLeftIcon } from "lucide-react";
import type { Route } from "./+types/payments-review";
import { DataTable } from "~/components/admin/data-table";
import { formatCents, formatDate } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { pageWindow, Pagination, type PageInfo } from "~/components/admin/pagination";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { countBankTransactions, findPartiesToBook, getBankTransaction, listBankTransactions, type BankTransactionStatus, type BankTransactionView } from "~/models/bank-statements.server";
import { requireAdminPage } from "~/session.server";
import { answerReview } from "./payments-review.server";

/**
 * Rows a section shows at a time: a proposal's row weighs about 1.7 KB of
 * HTML (three forms) and the loader data repeats it, so a statement of
 * hundreds of unmatched transfers would weigh megabytes; four full sections
 * of 10 stay near 80 KB (the admin HTML budget is 100 KB; 20 each was 137).
 * Each section pages by its own parameter (`?unmatchedPage=2`), so paging
 * one keeps the others' places.
 */
const REVIEW_PAGE_SIZE = 10;
/** A reversal's row carries its booking and two buttons: five of them keep the page under budget with every other section full (decision 072). */
const REVERSAL_PAGE_SIZE = 5;

/** What a section's row shows, no more: the loader data repeats each row, and five full sections must stay under 100 KB. */
function reviewRow(t: BankTransactionView) {
  const { id, date, amount, currency, payer, reference, status, ignoreReason, proposedParty, bookings, reversal } = t;
  return {
    sameAs: t.duplicateOf ? sameAsText(t.duplicateOf) : null,
    id,
    date,
    amount,
    currency,
    payer,
    reference,
    status,
    ignoreReason,
    proposedParty: proposedParty && { id: proposedParty.id, name: proposedParty.name },
    bookings: bookings.map((b) => ({ paymentId: b.paymentId, partyName: b.partyName, amount: b.amount })),
    reversal: reversal && { reason: reversal.reason, dismissedAt: reversal.dismissedAt },
  };
}
type Row = ReturnType<typeof reviewRow>;

/** Issue 35: the transaction a possible duplicate may be the same money as, shown beside it. */
function sameAsText(id: string) {
  const [o] = listBankTransactions({ id });
  if (!o) return "Possibly the same as a transaction no longer listed";
  const amount = o.currency === "EUR" ? formatCents(o.amount) : `${(o.amount / 100).toFixed(2)} ${o.currency}`;
  const where = o.status === "booked" ? `booked to ${o.bookings.map((b) => b.partyName).join(", ")}` : o.status;
  return `Possibly the same as ${amount} of ${formatDate(o.date)} from ${o.payer ?? "an unknown payer"}${o.reference ? ` "${o.reference}"` : ""} (${where})`;
}

/** One section's page of transactions, newest first. */
function section(status: BankTransactionStatus | "reversed", total: number, url: URL) {
  const { offset, limit, pagination } = pageWindow(total, url, status === "reversed" ? REVERSAL_PAGE_SIZE : REVIEW_PAGE_SIZE, `${status}Page`);
  return { rows: listBankTransactions({ status, limit, offset }).map(reviewRow), pagination };
}

export const meta: Route.MetaFunction = () => [{ title: "Review Bank Transactions | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const txId = url.searchParams.get("tx");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  let open: BankTransactionView | null = null;
  try {
    open = txId ? getBankTransaction(txId) : null;
  } catch {
    open = null;
  }
  const counts = countBankTransactions();
  return {
    reversed: section("reversed", counts.reversed, url),
    duplicate: section("duplicate", counts.duplicate, url),
    proposed: section("proposed", counts.proposed, url),
    unmatched: section("unmatched", counts.unmatched, url),
    booked: section("booked", counts.booked, url),
    ignored: section("ignored", counts.ignored, url),
    open,
    q,
    found: open && q ? findPartiesToBook(q) : [],
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  return answerReview(request);
}

const money = (t: { amount: number; currency: string }) => (t.currency === "EUR" ? formatCents(t.amount) : `${(t.amount / 100).toFixed(2)} ${t.currency}`);

function Who({ t }: { t: Row }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{t.payer ?? "Unknown payer"}</span>
      {t.reference ? <span className="text-xs break-all text-muted-foreground">{t.reference}</span> : null}
      {t.sameAs ? <span className="text-xs font-medium">{t.sameAs}: book it only if it is another transfer</span> : null}
    </span>
  );
}

export default function PaymentsReview({ loaderData }: Route.ComponentProps) {
  const { reversed, duplicate, proposed, unmatched, booked, ignored, open, q, found } = loaderData;
  return (
    <>
      <Link to="/admin/payments" className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Payment Status
      </Link>
      <PageHeader
        title="Review Bank Transactions"
        description="Transfers the statement could not book by itself. Accept a proposal, book to a party, split between parties or ignore; any booking can be undone."
        actions={
          <Link to="/admin/payments/import" data-writes className={buttonVariants({ variant: "outline", size: "sm" })}>
            Import bank statement
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {open ? <BookPanel t={open} q={q} found={found} /> : null}
        {reversed.pagination.total ? <Reversed {...reversed} /> : null}
        {duplicate.pagination.total ? <Queue title="Possibly seen before" id="duplicate" {...duplicate} empty="" /> : null}
        <Queue title="Proposed" id="proposed" {...proposed} empty="No proposals waiting." />
        <Queue title="Unmatched" id="unmatched" {...unmatched} empty="Nothing unmatched." />
        <Done title="Booked" id="booked" {...booked} empty="Nothing booked from a statement yet." />
        <Done title="Ignored" id="ignored" {...ignored} empty="Nothing ignored." />
      </div>
    </>
  );
}

/** Which transaction a button acts on, for a screen reader. */
const Which = ({ t }: { t: Row }) => <span className="sr-only">{` ${money(t)} from ${t.payer ?? "unknown payer"}`}</span>;

/** "REVERTED" out of "Not completed at the bank: REVERTED" ("REVERSED" out of a CAMT reversal's "Reversed at the bank: REVERSED"). */
const bankState = (t: Row) => t.reversal?.reason.replace(/^(Not completed|Reversed) at the bank: /, "") ?? "";

function BookedTo({ t }: { t: Row }) {
  return (
    <span className="flex flex-col">
      {t.bookings.map((b) => (
        <span key={b.paymentId}>{`${b.partyName}: ${formatCents(b.amount)}`}</span>
      ))}
      {t.reversal?.dismissedAt ? <span className="text-xs text-muted-foreground">Bank reported {bankState(t)}; payment kept</span> : null}
    </span>
  );
}

/**
 * Decision 072: booked transfers a later statement reports reversed. Shown
 * only when there are some, first: the ledger counts money the bank says it
 * did not keep. The host undoes the booking (exactly its payments) or keeps it.
 */
function Reversed({ rows, pagination }: { rows: Row[]; pagination: PageInfo }) {
  return (
    <section aria-labelledby="reversed-heading" className="flex flex-col gap-2 rounded-lg border border-destructive/30 p-3">
      <h2 id="reversed-heading" className="text-lg font-semibold">
        Reversed after booking ({pagination.total})
      </h2>
      <p className="text-sm text-muted-foreground">
        A later statement says the bank reverted, cancelled or refunded these transfers after they were booked. Their payments still count until you undo
        them; keep a payment only if the money did reach you.
      </p>
      <DataTable
        caption="Transactions reversed after booking"
        rows={rows}
        rowKey={(t) => t.id}
        columns={[
          { header: "Date", cell: (t) => formatDate(t.date) },
          { header: "Amount", className: "tabular-nums", cell: money },
          { header: "Payer and reference", cell: (t) => <Who t={t} /> },
          {
            header: "Booked to, bank says",
            cell: (t) => (
              <span className="flex flex-col gap-1 max-md:items-end md:items-start">
                <BookedTo t={t} />
                <StatusBadge state="declined">{bankState(t)}</StatusBadge>
              </span>
            ),
          },
          {
            header: "Decide",
            cell: (t) => (
              // One form, the button pressed says which (as any form's submitter, with or without JavaScript).
              <Form method="post" className="flex flex-wrap justify-end gap-2">
                <input type="hidden" name="id" value={t.id} />
                <Button type="submit" name="intent" value="undo" size="sm" variant="destructive">
                  Undo booking
                  <Which t={t} />
                </Button>
                <Button type="submit" name="intent" value="dismiss-reversal" size="sm" variant="outline">
                  Keep payment
                  <Which t={t} />
                </Button>
              </Form>
            ),
          },
        ]}
      />
      <Pagination pagination={pagination} label="Reversed after booking" param="reversedPage" />
    </section>
  );
}

type SectionProps = { title: string; id: BankTransactionStatus; rows: Row[]; pagination: PageInfo; empty: string };

function Queue({ title, id, rows, pagination, empty }: SectionProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title} ({pagination.total})
      </h2>
      <DataTable
        caption={`${title} transactions`}
        rows={rows}
        rowKey={(t) => t.id}
        empty={empty}
        columns={[
          { header: "Date", cell: (t) => formatDate(t.date) },
          { header: "Amount", className: "tabular-nums", cell: money },
          { header: "Payer and reference", cell: (t) => <Who t={t} /> },
          {
            header: "Decide",
            cell: (t) => (
              <div className="flex flex-col items-stretch gap-2 md:items-end">
                {t.proposedParty ? (
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="book" />
                    <input type="hidden" name="id" value={t.id} />
                    <input type="hidden" name="partyId" value={t.proposedParty.id} />
                    <Button type="submit" size="sm">
                      Accept: {t.proposedParty.name}
                    </Button>
                  </Form>
                ) : null}
                <Link to={`?tx=${encodeURIComponent(t.id)}`} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
                  Book or split<span className="sr-only"> {money(t)} from {t.payer ?? "unknown payer"}</span>
                </Link>
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="ignore" />
                  <input type="hidden" name="id" value={t.id} />
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`reason-${t.id}`} className="text-xs">
                      Reason to ignore
                    </Label>
                    <Input id={`reason-${t.id}`} name="reason" required maxLength={200} className="h-8 w-40" placeholder="e.g. a refund" />
                  </div>
                  <Button type="submit" size="sm" variant="secondary">
                    Ignore
                  </Button>
                </Form>
              </div>
            ),
          },
        ]}
      />
      <Pagination pagination={pagination} label={title} param={`${id}Page`} />
    </section>
  );
}

function Done({ title, id, rows, pagination, empty }: SectionProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title} ({pagination.total})
      </h2>
      <DataTable
        caption={`${title} transactions`}
        rows={rows}
        rowKey={(t) => t.id}
        empty={empty}
        columns={[
          { header: "Date", cell: (t) => formatDate(t.date) },
          { header: "Amount", className: "tabular-nums", cell: money },
          { header: "Payer and reference", cell: (t) => <Who t={t} /> },
          {
            header: title === "Booked" ? "Booked to" : "Reason",
            cell: (t) =>
              t.status === "booked" ? (
                <BookedTo t={t} />
              ) : (
                <StatusBadge state="pending">{t.ignoreReason ?? "ignored"}</StatusBadge>
              ),
          },
          {
            header: "Undo",
            srOnlyHeader: true,
            cell: (t) =>
              t.status === "booked" || (t.ignoreReason !== "outgoing" && t.ignoreReason !== "not euro") ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="undo" />
                  <input type="hidden" name="id" value={t.id} />
                  <Button type="submit" size="sm" variant="outline">
                    Undo<span className="sr-only"> {money(t)} from {t.payer ?? "unknown payer"}</span>
                  </Button>
                </Form>
              ) : null,
          },
        ]}
      />
      <Pagination pagination={pagination} label={title} param={`${id}Page`} />
    </section>
  );
}

function BookPanel({ t, q, found }: { t: BankTransactionView; q: string; found: { id: string; name: string; reference: string | null; balance: number }[] }) {
  return (
    <Panel id="book-panel" title={`Book ${money(t)} of ${formatDate(t.date)}`} description={`${t.payer ?? "Unknown payer"}${t.reference ? `: ${t.reference}` : ""}`}>
      <Form method="get" role="search" aria-label="Find a party" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tx" value={t.id} />
        <div className="flex min-w-60 flex-1 flex-col gap-1.5">
          <Label htmlFor="party-search">Find the party by name, invitation code, reference or e-mail</Label>
          <Input id="party-search" name="q" type="search" defaultValue={q} />
        </div>
        <Button type="submit" size="sm" variant="secondary">
          Find
        </Button>
        <Link to="/admin/payments/review" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Close
        </Link>
      </Form>
      {q ? (
        found.length ? (
          <ul className="mt-3 flex flex-col gap-2" aria-label="Parties found">
            {found.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2">
                <span>
                  <span className="font-medium">{p.name}</span> <span className="font-mono text-sm">{p.reference}</span>{" "}
                  <span className="text-sm text-muted-foreground">balance {formatCents(p.balance)}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="book" />
                  <input type="hidden" name="id" value={t.id} />
                  <input type="hidden" name="partyId" value={p.id} />
                  <Button type="submit" size="sm">
                    Book {money(t)} to {p.name}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">No party matches &quot;{q}&quot;.</p>
        )
      ) : null}
      <Form method="post" className="mt-5 flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Split between parties</h3>
        <p className="text-sm text-muted-foreground">Name each party by its reference (C40-…), invitation code or name; the amounts must add up to {money(t)}.</p>
        <input type="hidden" name="intent" value="split" />
        <input type="hidden" name="id" value={t.id} />
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid grid-cols-1 gap-2 sm:grid-cols-[2fr_1fr]">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`split-party-${i}`}>Party {i + 1}</Label>
              <Input id={`split-party-${i}`} name={`party.${i}`} required={i < 2} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`split-amount-${i}`}>Amount {i + 1} (€)</Label>
              <Input id={`split-amount-${i}`} name={`amount.${i}`} inputMode="decimal" required={i < 2} />
            </div>
          </div>
        ))}
        <Button type="submit" size="sm" className="self-start">
          Split
        </Button>
      </Form>
    </Panel>
  );
}
