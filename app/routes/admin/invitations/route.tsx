import { SpriteIcon } from "~/components/ui/sprite-icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { useRef } from "react";
import type { Route } from "./+types/route";
import { useActionToast } from "~/components/admin/action-toast";
import { DataTable } from "~/components/admin/data-table";
import { formatDate } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { countInvitations, pageOfInvitations } from "~/models/invitation-list.server";
import { markInvited, resolveInviteeIds, sendInvitationEmails, type Invitee } from "~/models/invitations.server";
import { mailSendingConfigured } from "~/models/outbox.server";
import { INVITATION_FILTER_LABELS, invitationFiltersSchema, invitationsActionSchema } from "~/schemas/invitations";
import { LANGUAGE_LABELS } from "~/schemas/fields";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { useHydrated } from "~/utils/hydrated";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";
import { describeSend } from "./describe.server";

export const meta: Route.MetaFunction = () => [{ title: "Invitations | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const filters = invitationFiltersSchema.parse(Object.fromEntries(url.searchParams));
  // SQLite counts the matches and picks the page's ids; only those 50 invitees are built whole (decision 068).
  const { offset, limit, pagination } = pageWindow(countInvitations(filters), url);
  const rows = pageOfInvitations({ ...filters, offset, limit });
  return { filters, pagination, rows: rows.map(toRow), smtp: mailSendingConfigured() };
}

/** What the page shows of an invitee (no code: the list never needs it). */
function toRow(i: Invitee) {
  return {
    type: i.type,
    id: i.id,
    name: i.name,
    memberCount: i.memberCount,
    emails: i.emails,
    phone: i.phone,
    language: i.language,
    status: i.status,
    invitedAt: i.invitedAt,
    invitedVia: i.invitedVia,
    firstOpenedAt: i.firstOpenedAt,
    remindedAt: i.remindedAt,
    attending: i.attending,
    roomsPending: i.roomsPending.length,
    roomsUnpaid: i.roomsUnpaid.length,
  };
}
type Row = ReturnType<typeof toRow>;

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: invitationsActionSchema });
  const back = new URL(request.url);
  const to = `${back.pathname}${back.search}`;
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Select at least one party or guest.";
    return data({ toast: { type: "error" as const, title: "Nothing done", description: message } }, { status: 400 });
  }
  const { intent, ids, force } = submission.value;
  try {
    const { partyIds, guestIds } = resolveInviteeIds(ids);
    if (intent === "mark") {
      const { marked } = markInvited({ partyIds, guestIds, via: "manual" });
      return redirectWithToast(request, to, { type: "success", title: "Marked as invited", description: `${marked.length} marked as invited by hand.` });
    }
    const result = sendInvitationEmails({ kind: intent, partyIds, guestIds, force: force === "on", origin: publicOrigin() });
    return redirectWithToast(request, to, describeSend(intent, result, mailSendingConfigured()));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ toast: { type: "error" as const, title: "Error", description: error.message } }, { status: error.status });
  }
}

const VIA = { email: "e-mail", whatsapp: "WhatsApp", print: "printed card", manual: "hand" } as const;

function StatusCell({ row }: { row: Row }) {
  const badge =
    row.status === "answered" ? (
      <Badge variant="success">Answered{row.attending === false ? " (declined)" : ""}</Badge>
    ) : row.status === "opened" ? (
      <Badge variant="info">Opened</Badge>
    ) : row.status === "invited" ? (
      <Badge variant="outline">Invited</Badge>
    ) : (
      <Badge variant="pending">Not invited</Badge>
    );
  return (
    <span className="cell-stack text-xs max-md:text-right">
      {badge}
      {row.invitedAt ? (
        <span className="text-muted-foreground">
          Invited by {VIA[row.invitedVia ?? "manual"]} on {formatDate(row.invitedAt)}
        </span>
      ) : null}
      {row.firstOpenedAt ? <span className="text-muted-foreground">Opened {formatDate(row.firstOpenedAt)}</span> : null}
      {row.remindedAt ? <span className="text-muted-foreground">Reminded {formatDate(row.remindedAt)}</span> : null}
      {row.roomsPending ? <span className="text-muted-foreground">{row.roomsPending} room(s) to decide</span> : null}
      {row.roomsUnpaid ? <span className="text-muted-foreground">{row.roomsUnpaid} room(s) unpaid</span> : null}
    </span>
  );
}

export default function Invitations({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, pagination, filters, smtp } = loaderData;
  useActionToast(actionData);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/invitations") && navigation.formMethod === "POST";
  const toggleAll = (checked: boolean) => {
    formRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]').forEach((box) => (box.checked = checked));
  };

  return (
    <>
      <PageHeader
        title="Invitations"
        description={`${pagination.total} ${pagination.total === 1 ? "invitee" : "invitees"} (parties and individual guests)${filters.q || filters.filter ? " match" : ""}.`}
        actions={
          <>
            <Link to="/admin/messages" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <SpriteIcon name="mail" /> Messages
            </Link>
            <a href="/admin/invitations/print" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <SpriteIcon name="printer" /> Cards for all not invited
            </a>
          </>
        }
      />

      {!smtp ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <strong>E-mail is not set up</strong> (<code>SMTP_URL</code> is not set): invitations and reminders are stored in Messages, not sent.
          WhatsApp and printed cards work as usual.
        </p>
      ) : null}

      {actionData?.toast && !hydrated ? (
        <p role="alert" className="mb-4 rounded-lg border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          <strong>{actionData.toast.title}:</strong> {actionData.toast.description}
        </p>
      ) : null}

      <InvitationFilters filters={filters} />

      <Form method="post" ref={formRef} id="invitations-form" preventScrollReset aria-label="Invitees">
        <div className="mb-3 flex flex-col gap-3 rounded-lg border bg-background p-3 sm:flex-row sm:flex-wrap sm:items-center">
          <span className="text-sm font-medium">With the checked rows:</span>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button type="submit" name="intent" value="invitation" size="sm" className="h-auto min-h-8 whitespace-normal" disabled={busy}>
              <SpriteIcon name="mail" /> Send invitation
            </Button>
            <Button type="submit" name="intent" value="reminder" size="sm" className="h-auto min-h-8 whitespace-normal" variant="secondary" disabled={busy}>
              <SpriteIcon name="bell" /> Send reminder
            </Button>
            <Button type="submit" formMethod="get" formAction="/admin/invitations/print" size="sm" className="h-auto min-h-8 whitespace-normal" variant="outline">
              <SpriteIcon name="printer" /> Print cards
            </Button>
            <Button type="submit" name="intent" value="mark" size="sm" className="h-auto min-h-8 whitespace-normal" variant="outline" disabled={busy}>
              <SpriteIcon name="check" /> Mark invited by hand
            </Button>
          </div>
          <label className="flex items-center gap-2 text-sm sm:ml-auto">
            <Checkbox name="force" /> Send again even if sent in the last 10 minutes
          </label>
        </div>

        {hydrated && rows.length ? (
          <label className="mb-2 flex items-center gap-2 text-sm">
            <Checkbox onChange={(e) => toggleAll(e.currentTarget.checked)} /> Select all on this page
          </label>
        ) : null}

        <DataTable
          caption="Invitees"
          rows={rows}
          rowKey={(r) => r.id}
          empty={filters.q || filters.filter ? "No invitees match these filters." : "No parties or individual guests yet."}
          columns={[
            {
              header: "Select",
              srOnlyHeader: true,
              className: "md:w-8",
              cell: (r) => <Checkbox name="ids" value={r.id} aria-label={`Select ${r.name}`} />,
            },
            {
              header: "Name",
              cell: (r) => (
                <span className="flex flex-col">
                  <span className="font-medium [overflow-wrap:anywhere]">{r.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {r.type === "party" ? `Party of ${r.memberCount}` : "Individual guest"}
                  </span>
                </span>
              ),
            },
            {
              header: "Contact",
              cell: (r) =>
                r.emails.length || r.phone ? (
                  <span className="flex flex-col [overflow-wrap:anywhere]">
                    {r.emails.map((e) => (
                      <span key={e}>{e}</span>
                    ))}
                    {r.phone ? <span className="text-muted-foreground">{r.phone}</span> : null}
                  </span>
                ) : (
                  <span className="text-muted-foreground">No contact</span>
                ),
            },
            { header: "Language", cell: (r) => <span lang={r.language}>{LANGUAGE_LABELS[r.language]}</span> },
            { header: "Status", cell: (r) => <StatusCell row={r} /> },
            {
              header: "WhatsApp",
              className: "md:whitespace-nowrap",
              cell: (r) =>
                r.phone ? (
                  <Button
                    type="submit"
                    form={`whatsapp-${r.invitedAt ? "reminder" : "invitation"}`}
                    name={r.type === "party" ? "partyId" : "guestId"}
                    value={r.id}
                    size="sm"
                    variant="outline"
                  >
                    <SpriteIcon name="message-circle" />
                    {r.invitedAt ? "Remind" : "Invite"}
                    <span className="sr-only">{` ${r.name} on WhatsApp (opens WhatsApp)`}</span>
                  </Button>
                ) : (
                  <span className="text-xs text-muted-foreground">No phone</span>
                ),
            },
          ]}
        />
      </Form>
      {/* The rows' WhatsApp buttons submit one of these plain HTML forms (no client routing), by kind,
          each with its own invitee, so the 303 to wa.me opens WhatsApp in a new tab, JavaScript or not.
          A form per kind rather than a formAction per row: 2 KB less on a page near its 100 KB budget. */}
      {(["invitation", "reminder"] as const).map((kind) => (
        <form key={kind} id={`whatsapp-${kind}`} method="post" action={`/admin/invitations/whatsapp?kind=${kind}`} target="_blank" hidden />
      ))}
      <Pagination pagination={pagination} label="Invitees" />
    </>
  );
}

function InvitationFilters({ filters }: { filters: Route.ComponentProps["loaderData"]["filters"] }) {
  const submit = useSubmit();
  const onChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { replace: true, preventScrollReset: true });
  };
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter invitees"
      onChange={onChange}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border bg-background p-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="invitation-search">Search</Label>
        <Input id="invitation-search" name="q" type="search" defaultValue={filters.q ?? ""} placeholder="Name, email or phone" className="h-9" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="invitation-filter">Show</Label>
        <Select id="invitation-filter" name="filter" defaultValue={filters.filter ?? "all"} className="h-9 py-1">
          <option value="all">Everyone</option>
          {Object.entries(INVITATION_FILTER_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm" variant="secondary">
          Filter
        </Button>
        <Link to="/admin/invitations" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Clear
        </Link>
      </div>
    </Form>
  );
}
