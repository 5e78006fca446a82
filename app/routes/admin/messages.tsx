import { data, Form, Link } from "react-router";
import { ExternalLinkIcon, RotateCwIcon } from "lucide-react";
import type { Route } from "./+types/messages";
import { useActionToast } from "~/components/admin/action-toast";
import { DataTable } from "~/components/admin/data-table";
import { Addresses } from "~/components/admin/addresses";
import { PageHeader } from "~/components/admin/page-header";
import { FilterForm, FilterSelect } from "~/components/admin/search-form";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { UrlDialog } from "~/components/admin/url-dialog";
import { useHrefWith } from "~/components/admin/url-state";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { countOutbox, getMail, listOutbox, mailSendingConfigured, outboxKinds, retryMail, type OutboxFilters } from "~/models/outbox.server";
import { redirectWithToast, requireAdminPage, requireAdminPagePerson } from "~/session.server";
import { mailsForPerson } from "~/models/guest-credentials.server";
import { isAppError } from "~/utils/errors";
import { kickMailer } from "~/utils/mailer.server";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  const url = new URL(request.url);
  // Issue 36: found by address or subject, status and kind (a GET form: works without JavaScript, and the filters stay in the URL).
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const statusParam = url.searchParams.get("status") ?? "";
  const status = statusParam in STATUS ? (statusParam as keyof typeof STATUS) : undefined;
  const kinds = outboxKinds();
  const kindParam = url.searchParams.get("kind") ?? "";
  const filters: OutboxFilters = { search: q, status, kind: kinds.includes(kindParam) ? kindParam : undefined };
  const { offset, limit, pagination } = pageWindow(countOutbox(filters), url);
  const openId = url.searchParams.get("open");
  return {
    messages: listOutbox({ offset, limit, ...filters }).map(({ text: _t, html: _h, ...m }) => m),
    filter: { q, status: status ?? "", kind: filters.kind ?? "" },
    kinds,
    pagination,
    // Issue 33: a viewer reads a mail without the guest's code in it.
    open: openId ? (mailsForPerson(person, [getMail({ id: openId })].filter((m) => m !== null))[0] ?? null) : null,
    smtp: mailSendingConfigured(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const back = new URL(request.url);
  try {
    const mail = retryMail({ id });
    kickMailer();
    return redirectWithToast(request, `${back.pathname}${back.search}`, {
      type: "success",
      title: "Retrying",
      description: mail.status === "pending" ? `The message to ${mail.to} is queued again.` : "Stored: SMTP_URL is not set.",
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ toast: { type: "error" as const, title: "Error", description: error.message } }, { status: error.status });
  }
}

const STATUS = {
  stored: { label: "Stored", variant: "pending" },
  pending: { label: "Pending", variant: "outline" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
} as const;

/** Issue 23: which sender lane (decision 058). */
const LANE = {
  priority: { label: "Priority", variant: "info", title: "Sent at once: a guest is waiting for it" },
  bulk: { label: "Bulk", variant: "secondary", title: "Sent at the paced rate (MAIL_RATE_PER_MINUTE)" },
} as const;

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Lisbon" });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : "-");

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, pagination, open, smtp, filter, kinds } = loaderData;
  useActionToast(actionData);
  const hrefWith = useHrefWith();
  const filtered = Boolean(filter.q || filter.status || filter.kind);
  return (
    <>
      <PageHeader title="Messages" description={filtered ? `The e-mails matching the filters, newest first (${pagination.total}).` : `Every e-mail the site wrote, newest first (${pagination.total}).`} />
      {!smtp ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <strong>E-mail is not set up</strong> (<code>SMTP_URL</code> is not set): messages are stored here, not sent. Set <code>SMTP_URL</code> and{" "}
          <code>MAIL_FROM</code> to send them (see the README).
        </p>
      ) : null}

      <UrlDialog open={Boolean(open)} closeTo={hrefWith({ open: null })} title={open?.subject ?? "Message"} wide>
        {open ? (
          <div className="flex flex-col gap-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">To</dt>
              <dd>{open.to ? <Addresses text={open.to} /> : "-"}</dd>
              {open.replyTo ? (
                <>
                  <dt className="text-muted-foreground">Reply-To</dt>
                  <dd>
                    <Addresses text={open.replyTo} />
                  </dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Lane</dt>
              <dd>{LANE[open.lane].label}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                {STATUS[open.status].label}
                {open.lastError ? ` (${open.lastError})` : ""}
              </dd>
            </dl>
            <pre className="max-h-[50vh] overflow-auto rounded-md border bg-muted/40 p-3 font-sans text-sm whitespace-pre-wrap">{open.text}</pre>
            {open.html ? (
              <a href={`/admin/messages/${open.id}/html`} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline", size: "sm", className: "self-start" })}>
                <ExternalLinkIcon aria-hidden="true" /> Open the HTML version<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        ) : null}
      </UrlDialog>

      <FilterForm label="Filter the messages" className="mb-4 grid grid-cols-2 gap-3 rounded-lg border bg-background p-3 md:grid-cols-[1fr_auto_auto_auto] md:items-end">
        <div className="col-span-2 flex flex-col gap-1.5 md:col-span-1">
          <Label htmlFor="messages-q">Search</Label>
          <Input id="messages-q" name="q" type="search" defaultValue={filter.q} placeholder="Address or subject" className="h-9" />
        </div>
        <FilterSelect id="messages-status" label="Status" name="status" value={filter.status} any="Any status" options={Object.entries(STATUS).map(([value, s]) => ({ value, label: s.label }))} />
        <FilterSelect id="messages-kind" label="Kind" name="kind" value={filter.kind} any="Any kind" options={kinds.map((k) => ({ value: k, label: k.charAt(0).toUpperCase() + k.slice(1) }))} />
        <div className="col-span-2 flex gap-2 md:col-span-1">
          <Button type="submit" size="sm" variant="secondary">
            Search
          </Button>
          {filtered ? (
            <Link to="/admin/messages" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Clear
            </Link>
          ) : null}
        </div>
      </FilterForm>

      <DataTable
        caption="Messages"
        rows={messages}
        rowKey={(m) => m.id}
        empty={filtered ? "No messages match these filters." : "No messages yet."}
        columns={[
          { header: "Date", className: "md:whitespace-nowrap", cell: (m) => at(m.createdAt) },
          // Wide enough on a desktop for most addresses on one line; a long one wraps before "@" or after a dot.
          { header: "To", className: "md:min-w-44", cell: (m) => (m.to ? <Addresses text={m.to} /> : "-") },
          {
            header: "Subject",
            cell: (m) => (
              <Link to={hrefWith({ open: m.id })} preventScrollReset className="row-link">
                {m.subject}
              </Link>
            ),
          },
          { header: "Kind", cell: (m) => <span className="capitalize">{m.kind}</span> },
          {
            header: "Lane",
            cell: (m) => (
              <Badge variant={LANE[m.lane].variant} title={LANE[m.lane].title} data-lane={m.lane}>
                {LANE[m.lane].label}
              </Badge>
            ),
          },
          { header: "Status", cell: (m) => <Badge variant={STATUS[m.status].variant}>{STATUS[m.status].label}</Badge> },
          { header: "Attempts", className: "tabular-nums", cell: (m) => m.attempts },
          {
            header: "Last error",
            className: "md:max-w-56",
            cell: (m) => (m.lastError ? <span className="text-xs [overflow-wrap:anywhere] text-destructive">{m.lastError}</span> : <span className="text-muted-foreground">-</span>),
          },
          {
            header: "Actions",
            srOnlyHeader: true,
            cell: (m) =>
              m.status === "failed" ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={m.id} />
                  <Button type="submit" size="sm" variant="outline">
                    <RotateCwIcon aria-hidden="true" /> Retry<span className="sr-only"> the message to {m.to}</span>
                  </Button>
                </Form>
              ) : null,
          },
        ]}
      />
      <Pagination pagination={pagination} label="Messages" />
    </>
  );
}
