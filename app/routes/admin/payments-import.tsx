import { Form, Link } from "react-router";
import { ArrowLeftIcon } from "lucide-react";
import type { Route } from "./+types/payments-import";
import { DataTable } from "~/components/admin/data-table";
import { useCanWrite } from "~/components/admin/admin-role";
import { FormActions, useSubmitting } from "~/components/admin/form-parts";
import { formatCents, formatDate } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { bankImportProgress, countBankReview, listBankImports, type ImportProgress, type ImportReport } from "~/models/bank-statements.server";
import { NotFoundError } from "~/utils/errors";
import type { CsvMapping, MappingField } from "~/models/bank-csv";
import { requireAdminPage } from "~/session.server";
import { answerImport, type ImportActionData } from "./payments-import.server";

/** While a long import is stored the page reloads itself (no JavaScript needed) to show how far it got. */
const REFRESH_SECONDS = 2;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: "Import Bank Statement | Party Admin" },
  ...(data?.progress?.state === "importing" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { imports: listBankImports(5), review: countBankReview(), progress: progressOf(new URL(request.url).searchParams.get("import")) };
}

/** The import the page was sent to after a long statement's upload (`?import=`); none for an unknown id. */
function progressOf(importId: string | null): ImportProgress | null {
  if (!importId) return null;
  try {
    return bankImportProgress(importId);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  return answerImport(request);
}

export default function PaymentsImport({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ImportActionData | undefined;
  const progress = result ? null : loaderData.progress;
  // Issue 27: a viewer may open the page by its address; the server refuses their upload, so they get the reason, not the form.
  const canWrite = useCanWrite();
  return (
    <>
      <Link to="/admin/payments" className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Payment Status
      </Link>
      <PageHeader
        title="Import Bank Statement"
        description="Read your bank's statement and book the transfers to the parties they are for. Importing the same statement twice adds nothing."
        actions={
          <Link to="/admin/payments/review" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Review ({loaderData.review.proposed + loaderData.review.unmatched + loaderData.review.duplicate + loaderData.review.reversed} waiting)
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {result?.kind === "report" ? <ReportPanel report={result.report} fileName={result.fileName} /> : null}
        {progress?.state === "done" ? <ReportPanel report={progress.report} fileName={progress.fileName} /> : null}
        {progress && progress.state !== "done" ? <ProgressPanel progress={progress} /> : null}
        {result?.kind === "mapping" ? <MappingPanel layout={result} /> : null}
        {result?.kind === "error" ? (
          <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
            {result.message}
          </div>
        ) : null}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
          {canWrite ? (
            <UploadPanel />
          ) : (
            <Panel title="Choose the statement">
              <p className="text-sm text-muted-foreground">Your role can&apos;t change this.</p>
            </Panel>
          )}
          <Panel title="What it reads" headingLevel={2}>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>A CSV export of any bank: the first time, you say which columns hold the date, amount, payer and reference</li>
              <li>CAMT.053 XML statements (ISO 20022)</li>
              <li>MT940 statements</li>
            </ul>
            <p className="mt-3 text-sm text-muted-foreground">
              A transfer naming a party&apos;s reference (C40-…) or invitation code is booked to it. One without, from a member of a party whose open balance is
              the amount, is proposed for you to accept. Money out and other currencies are listed but never booked.
            </p>
          </Panel>
        </div>
        <RecentImports imports={loaderData.imports} />
      </div>
    </>
  );
}

/** Decision 076: a 10 MB statement (80,000 lines) takes about a minute; the page shows how far it got, the site answers meanwhile. */
const LARGE_FILE_NOTE = "A large statement (tens of thousands of lines) can take a minute to import: this page shows how far it got, and the report when it is done.";
const BUSY_LABEL = "Importing... (a large file can take a minute)";

const lines = (n: number) => n.toLocaleString("en");

/** A long import under way (the page reloads itself) or stopped half way (a restart): what was stored, and what to do. */
function ProgressPanel({ progress }: { progress: Extract<ImportProgress, { state: "importing" | "stopped" }> }) {
  if (progress.state === "stopped") {
    return (
      <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
        This import stopped after {lines(progress.done)} of {lines(progress.total)} lines{progress.fileName ? ` of ${progress.fileName}` : ""}. Import the same file
        again: it stores the rest, and the lines already stored are not stored twice.
      </div>
    );
  }
  return (
    <Panel id="import-progress" title="Importing the statement" description={progress.fileName ?? undefined}>
      <p role="status" className="text-sm">
        Importing: {lines(progress.done)} of {lines(progress.total)} lines
      </p>
      <progress className="mt-2 w-full accent-primary" max={progress.total} value={progress.done} aria-label="Lines imported" />
      <p className="mt-2 text-sm text-muted-foreground">This page updates itself every {REFRESH_SECONDS} seconds; the report shows here when it is done.</p>
    </Panel>
  );
}

function UploadPanel() {
  const busy = useSubmitting("upload");
  return (
    <Panel title="Choose the statement">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="upload" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="statement-file">Statement file (CSV, XML or MT940, at most 10 MB)</Label>
          <Input
            id="statement-file"
            name="file"
            type="file"
            required
            accept=".csv,.txt,.xml,.sta,.mt940,.940,text/csv,text/plain,application/xml,text/xml"
            aria-describedby="statement-file-time"
            className="h-auto py-2"
          />
          <p id="statement-file-time" className="text-sm text-muted-foreground">
            {LARGE_FILE_NOTE}
          </p>
        </div>
        <FormActions submitLabel="Import" busyLabel={BUSY_LABEL} busy={busy} />
      </Form>
    </Panel>
  );
}

const FIELD_LABELS: [MappingField, string, string][] = [
  ["date", "Date", "The day the money arrived"],
  ["amount", "Amount", "Signed: money out has a minus"],
  ["credit", "Credit (money in)", "Instead of an amount: the money-in column"],
  ["debit", "Debit (money out)", "With the credit column"],
  ["direction", "Credit or debit", "Beside an unsigned amount: C/D, Af/Bij"],
  ["payer", "Payer", "Who sent it"],
  ["reference", "Reference or description", "Where the party's reference is"],
  ["currency", "Currency", "Euro when none"],
  ["id", "Bank's transaction id", "Optional"],
  ["state", "State or status", "Only completed rows are money in"],
];

function MappingPanel({ layout }: { layout: Extract<ImportActionData, { kind: "mapping" }> }) {
  const busy = useSubmitting("map");
  const rows = layout.sample.map((cells, i) => ({ i, cells }));
  return (
    <Panel
      id="column-mapping"
      title="Which column is which?"
      description="This bank's layout is new. Pick the columns once: the choice is remembered for its next statements."
    >
      {layout.error ? (
        <p role="alert" className="mb-3 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {layout.error}
        </p>
      ) : null}
      <DataTable
        caption="The first rows of the file"
        rows={rows}
        rowKey={(r) => String(r.i)}
        columns={layout.headers.map((h, c) => ({ header: h || `Column ${c + 1}`, cell: (r: (typeof rows)[number]) => r.cells[c] ?? "" }))}
      />
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="fileName" value={layout.fileName ?? ""} />
        <textarea name="content" defaultValue={layout.content} hidden readOnly aria-hidden="true" />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {FIELD_LABELS.map(([field, label, hint]) => (
            <div key={field} className="flex flex-col gap-1.5">
              <Label htmlFor={`map-${field}`}>{label}</Label>
              <Select id={`map-${field}`} name={`map.${field}`} defaultValue={(layout.suggested as CsvMapping)[field] ?? ""} aria-describedby={`map-${field}-hint`}>
                <option value="">(none)</option>
                {layout.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </Select>
              <p id={`map-${field}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            </div>
          ))}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="map-dayOrder">Dates such as 03/04/2026</Label>
            <Select id="map-dayOrder" name="map.dayOrder" defaultValue={(layout.suggested as CsvMapping).dayOrder ?? ""} aria-describedby="map-dayOrder-hint">
              <option value="">(the file tells)</option>
              <option value="day-month">Day first: 3 April</option>
              <option value="month-day">Month first: March 4</option>
            </Select>
            <p id="map-dayOrder-hint" className="text-xs text-muted-foreground">
              Asked when every date could be either
            </p>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{LARGE_FILE_NOTE}</p>
        <FormActions submitLabel="Import with these columns" busyLabel={BUSY_LABEL} busy={busy} />
      </Form>
    </Panel>
  );
}

const FIGURES = [
  ["read", "Read"],
  ["new", "New"],
  ["duplicates", "Duplicates"],
  ["booked", "Booked"],
  ["proposed", "Proposed"],
  ["unmatched", "Unmatched"],
  ["ignored", "Ignored"],
  ["possibleDuplicates", "Possibly seen before"],
  ["skipped", "Skipped rows"],
] as const;

function ReportPanel({ report, fileName }: { report: Extract<ImportActionData, { kind: "report" }>["report"]; fileName: string | null }) {
  const waiting = report.proposed + report.unmatched + report.possibleDuplicates + report.reversed;
  return (
    <Panel id="import-report" title="Statement imported" description={fileName ?? undefined}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-9">
        {FIGURES.map(([key, label]) => (
          <div key={key} className="rounded-md border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-figure={key}>
              {report[key]}
            </dd>
          </div>
        ))}
      </dl>
      {report.reversedAfterBooking.length ? <ReversedGroup items={report.reversedAfterBooking} /> : null}
      {report.errors.length ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Lines that could not be read ({report.errors.length})</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-destructive">
            {report.errors.map((e) => (
              <li key={`${e.line}-${e.message}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {waiting ? (
        <p className="mt-4 text-sm">
          <Link to="/admin/payments/review" className="font-medium text-primary underline underline-offset-4">
            Review {waiting} {waiting === 1 ? "transaction" : "transactions"}
          </Link>{" "}
          that need your decision.
        </p>
      ) : null}
    </Panel>
  );
}

/** Decision 072: booked transfers this statement reports reversed; nothing was removed, the host decides on review. */
function ReversedGroup({ items }: { items: ImportReport["reversedAfterBooking"] }) {
  return (
    <div className="mt-4 rounded-md border border-destructive/30 bg-destructive/5 p-3" data-group="reversed">
      <h3 className="text-sm font-semibold">Reversed after booking ({items.length})</h3>
      <p className="mt-1 text-sm">The bank now reports these booked transfers as not completed. Their payments still count: undo or keep each on review.</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {items.map((r) => (
          <li key={r.transactionId}>
            {r.bookings.map((b) => `${b.partyName}: ${formatCents(b.amount)}`).join(", ") || formatCents(r.amount)} ({r.payer ?? "unknown payer"}, {formatDate(r.date)}):{" "}
            {r.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RecentImports({ imports }: { imports: Route.ComponentProps["loaderData"]["imports"] }) {
  return (
    <section aria-labelledby="recent-imports" className="flex flex-col gap-2">
      <h2 id="recent-imports" className="text-lg font-semibold">
        Recent imports
      </h2>
      <DataTable
        caption="Recent imports"
        rows={imports}
        rowKey={(r) => r.id}
        empty="No statement has been imported yet."
        columns={[
          { header: "When", cell: (r) => formatDate(r.createdAt) },
          { header: "File", cell: (r) => r.fileName ?? "-", className: "break-all" },
          {
            header: "Read",
            className: "tabular-nums",
            cell: (r) => (r.linesDone === null ? r.readCount : `${lines(r.linesDone)} of ${lines(r.readCount)} stored, ${r.underWay ? "importing" : "stopped: import the file again"}`),
          },
          { header: "New", className: "tabular-nums", cell: (r) => r.newCount },
          { header: "Booked", className: "tabular-nums", cell: (r) => r.booked },
          { header: "Proposed", className: "tabular-nums", cell: (r) => r.proposed },
          { header: "Unmatched", className: "tabular-nums", cell: (r) => r.unmatched },
          { header: "Ignored", className: "tabular-nums", cell: (r) => r.ignored },
        ]}
      />
    </section>
  );
}
