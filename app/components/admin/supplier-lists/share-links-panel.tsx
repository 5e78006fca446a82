import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { CopyOnce } from "~/components/admin/copy-once";
import { formatDate, formatDateTime } from "~/components/admin/format";
import { FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { Panel } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { LIST_LANG_NOTE } from "./list-lang-switch";
import type { ShareLinkView } from "~/models/share-links.server";
import { shareLinkSchema } from "~/schemas/share-link";

const STATUS = { active: ["Active", "success"], expired: ["Expired", "pending"], revoked: ["Revoked", "declined"] } as const;

/**
 * "Share a live link" (issue 27): a read-only address for a supplier, with a
 * label and an optional expiry; each link's last opening, and revoke in one
 * click. The address is shown once, when made (only its hash is kept).
 */
export function ShareLinksPanel({
  links,
  listName,
  note = LIST_LANG_NOTE,
  labelExample,
  lastResult,
  shared,
}: {
  links: ShareLinkView[];
  listName: string;
  /** A line under the description: by default, how the supplier reads the list in Portuguese (decision 071). */
  note?: string;
  /** The label's placeholder: who this list's link is typically for (each list its own, issue 36). */
  labelExample: string;
  lastResult?: SubmissionResult<string[]> | null;
  shared?: { label: string; url: string } | null;
}) {
  const busy = useSubmitting("share-link");
  const [form, fields] = useForm({
    id: "share-link",
    lastResult: lastResult ?? undefined,
    constraint: getZodConstraint(shareLinkSchema.pick({ label: true })),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shareLinkSchema.pick({ label: true }) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel id="share" title="Share a live link" description={`A read-only address for a supplier: it always shows the ${listName} as it is now, printable and as CSV, without signing in.`} className="mt-6 print:hidden">
      {note ? <p className="mb-3 text-sm text-muted-foreground">{note}</p> : null}
      {shared ? (
        <div className="mb-4">
          <CopyOnce id="share-url" label={`Live link for ${shared.label}`} url={shared.url} note="Shown this once: copy it now. Revoke it below when it is no longer needed." />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <input type="hidden" name="intent" value="share-link" />
        <Field labelProps={{ children: "Label" }} inputProps={{ ...getInputProps(fields.label, { type: "text" }), placeholder: labelExample, autoComplete: "off" }} errors={fields.label.errors} />
        <Field labelProps={{ children: "Expires (optional)" }} inputProps={{ name: "expiresAt", type: "date" }} />
        <div className="sm:pt-6">
          <Button type="submit" disabled={busy}>
            {busy ? "Making..." : "Share a live link"}
          </Button>
        </div>
        <div className="sm:col-span-3">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
      </Form>
      {links.length ? (
        <ul className="mt-4 divide-y" aria-label="Live links">
          {links.map((l) => (
            <li key={l.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {l.label} <Badge variant={STATUS[l.status][1]}>{STATUS[l.status][0]}</Badge>
                </p>
                <p className="text-xs text-muted-foreground">
                  Last opened: {l.lastOpenedAt ? formatDateTime(l.lastOpenedAt) : "never"}
                  {l.expiresAt ? ` · expires ${formatDate(l.expiresAt)}` : ""} · made by {l.createdBy ?? "Host"}
                </p>
              </div>
              {l.status === "revoked" ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-share-link" />
                  <input type="hidden" name="id" value={l.id} />
                  <Button type="submit" size="sm" variant="outline" aria-label={`Revoke ${l.label}`}>
                    Revoke
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
