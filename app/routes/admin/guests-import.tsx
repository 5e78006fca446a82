import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ArrowLeftIcon } from "lucide-react";
import type { Route } from "./+types/guests-import";
import { useActionToast } from "~/components/admin/action-toast";
import { DataTable } from "~/components/admin/data-table";
import { FormActions, FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Field, TextareaField } from "~/components/ui/field";
import { importGuests, previewGuestImport, type ImportPreview } from "~/models/guest-import.server";
import { AGE_LABELS } from "~/schemas/admin-guest";
import { importActionSchema, MAX_IMPORT_BYTES, previewImportSchema } from "~/schemas/admin-guest-import";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { decodeCsvBytes } from "~/utils/csv.server";
import { isAppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Import Guests | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

type ActionResult = {
  intent: "preview" | "import";
  result: SubmissionResult<string[]>;
  preview: ImportPreview | null;
  csv: string | null;
  toast?: { type: "error"; title: string; description: string };
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  // Refuse an oversized upload before reading it into memory.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES * 2) {
    const result: SubmissionResult<string[]> = { status: "error", error: { file: ["The file is larger than 1 MB."] } };
    return data<ActionResult>({ intent: "preview", result, preview: null, csv: null }, { status: 413 });
  }
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: importActionSchema });
  if (submission.status !== "success") {
    const intent = formData.get("intent") === "import" ? "import" : "preview";
    return data<ActionResult>({ intent, result: submission.reply(), preview: null, csv: null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "preview") {
    const csv = value.file && value.file.size > 0 ? decodeCsvBytes(await value.file.arrayBuffer()) : (value.csv ?? "");
    // Nothing is saved here: the host sees every row and its problems first.
    return data<ActionResult>({ intent: "preview", result: submission.reply(), preview: previewGuestImport(csv), csv });
  }
  try {
    const { created, partiesCreated, skipped } = importGuests(value.csv);
    const details = [
      `${created} ${created === 1 ? "guest" : "guests"} added`,
      partiesCreated ? `${partiesCreated} new ${partiesCreated === 1 ? "party" : "parties"}` : null,
      skipped ? `${skipped} ${skipped === 1 ? "row" : "rows"} with errors skipped` : null,
    ].filter(Boolean);
    return redirectWithToast(request, "/admin/guests", { type: "success", title: "Guests imported", description: `${details.join(", ")}.` });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionResult>(
      {
        intent: "import",
        result: submission.reply({ formErrors: [error.message] }),
        preview: previewGuestImport(value.csv),
        csv: value.csv,
        toast: { type: "error", title: "Error", description: "Failed to import guests. Please try again." },
      },
      { status: error.status },
    );
  }
}

export default function GuestsImport({ actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const preview = actionData?.preview ?? null;
  return (
    <>
      <Link to="/admin/guests" className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Guest Management
      </Link>
      <PageHeader title="Import Guests" description="Add many guests at once from a spreadsheet saved as CSV. You see every row before anything is saved." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <UploadForm lastResult={actionData?.intent === "preview" ? actionData.result : undefined} />
        <Panel title="Columns" headingLevel={2}>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>
              <strong>First Name</strong> and <strong>Last Name</strong> (required)
            </li>
            <li>Email, Phone (with country code, e.g. +351912345678)</li>
            <li>Age Category: adult, kid or baby (empty means adult)</li>
            <li>Party: an existing party&apos;s name, or a new one to create</li>
            <li>Language: en or pt (empty means en): invitations and reminders go out in it</li>
            <li>Invitation Code, Date of Birth, Notes</li>
          </ul>
          <p className="mt-3 text-sm text-muted-foreground">
            The first row names the columns. Commas or semicolons both work. The guest list&apos;s Export CSV reads back in as it is.
          </p>
        </Panel>
      </div>
      {preview ? <PreviewPanel preview={preview} csv={actionData?.csv ?? ""} importErrors={actionData?.intent === "import" ? actionData.result.error?.[""] : undefined} /> : null}
    </>
  );
}

function UploadForm({ lastResult }: { lastResult?: ActionResult["result"] }) {
  const busy = useSubmitting("preview");
  const [form, fields] = useForm({
    id: "guest-import-upload",
    lastResult,
    constraint: getZodConstraint(previewImportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: previewImportSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Panel title="1. Choose the file">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-1">
        <input type="hidden" name="intent" value="preview" />
        <Field
          labelProps={{ children: "CSV file" }}
          inputProps={{ ...getInputProps(fields.file, { type: "file" }), accept: ".csv,text/csv,text/plain", className: "h-auto py-2" }}
          errors={fields.file.errors}
        />
        <TextareaField
          labelProps={{ children: "Or paste the CSV text" }}
          textareaProps={{
            ...getTextareaProps(fields.csv),
            className: "min-h-32 font-mono text-sm",
            placeholder: "First Name,Last Name,Email,Phone,Age Category,Party",
          }}
          errors={fields.csv.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormActions submitLabel="Preview" busyLabel="Reading..." busy={busy} />
      </Form>
    </Panel>
  );
}

function PreviewPanel({ preview, csv, importErrors }: { preview: ImportPreview; csv: string; importErrors?: string[] | null }) {
  const busy = useSubmitting("import");
  const { validCount, errorCount } = preview;
  return (
    <Panel
      id="import-preview"
      className="mt-6"
      title="2. Check and import"
      description={
        preview.fileErrors.length
          ? "The file cannot be read."
          : `${validCount} ${validCount === 1 ? "row is" : "rows are"} ready${errorCount ? `, ${errorCount} ${errorCount === 1 ? "row has" : "rows have"} errors and will be skipped` : ""}. Nothing has been saved yet.`
      }
    >
      {preview.fileErrors.length ? (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {preview.fileErrors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : (
        <>
          {preview.ignoredColumns.length ? (
            <p className="mb-3 text-sm text-muted-foreground">Columns not imported: {preview.ignoredColumns.join(", ")}.</p>
          ) : null}
          <DataTable
            caption="Rows to import"
            rows={preview.rows}
            rowKey={(r) => String(r.line)}
            rowClassName={(r) => (r.errors.length ? "bg-destructive/5" : undefined)}
            columns={[
              { header: "Line", cell: (r) => r.line, className: "tabular-nums text-muted-foreground" },
              { header: "Name", cell: (r) => <span className="font-medium">{`${r.firstName} ${r.lastName}`.trim() || "-"}</span> },
              { header: "Email", cell: (r) => r.email ?? "-", className: "break-all" },
              { header: "Phone", cell: (r) => r.phone ?? "-" },
              { header: "Age", cell: (r) => AGE_LABELS[r.ageCategory] },
              {
                header: "Party",
                cell: (r) =>
                  r.partyName ? (
                    <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
                      {r.partyName}
                      {r.newParty ? <Badge variant="outline">New party</Badge> : null}
                    </span>
                  ) : (
                    "-"
                  ),
              },
              {
                header: "Check",
                cell: (r) =>
                  r.errors.length ? (
                    <ul className="flex flex-col gap-0.5 text-destructive">
                      {r.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  ) : (
                    <StatusBadge state="confirmed">OK</StatusBadge>
                  ),
              },
            ]}
          />
          <Form method="post" className="mt-4 flex flex-col gap-1">
            <input type="hidden" name="intent" value="import" />
            <textarea name="csv" defaultValue={csv} hidden readOnly />
            <FormErrors errors={importErrors} />
            {validCount > 0 ? (
              <FormActions
                cancelTo="/admin/guests"
                submitLabel={`Import ${validCount} ${validCount === 1 ? "guest" : "guests"}`}
                busyLabel="Importing..."
                busy={busy}
              />
            ) : (
              <p className="text-sm font-medium text-destructive">No row can be imported: fix the errors in the file and preview it again.</p>
            )}
          </Form>
        </>
      )}
    </Panel>
  );
}
