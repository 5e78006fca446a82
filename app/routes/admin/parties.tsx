import { SpriteIcon } from "~/components/ui/sprite-icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/parties";
import { useActionToast } from "~/components/admin/action-toast";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { DataTable } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { PartyForm } from "~/components/admin/party-form";
import { SearchForm } from "~/components/admin/search-form";
import { RsvpBadge } from "~/components/admin/status-badge";
import { UrlDialog } from "~/components/admin/url-dialog";
import { urlWithout, useHrefWith } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import { createParty, deleteParty, listParties, partyRsvpStatus } from "~/models/parties.server";
import { createPartySchema, partiesActionSchema } from "~/schemas/admin-party";
import { redirectWithToast, requireAdminPage, requireAdminPagePerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { mayReadGuestCredentials } from "~/models/roles.server";
import { isAppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Parties | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const needle = q.toLocaleLowerCase("en");
  // Only what the table shows (issue 16): the loader's data is sent twice, as HTML and as JSON.
  const all = listParties().map((p) => ({
    id: p.id,
    name: p.name,
    primaryContactName: p.primaryContactName,
    primaryEmail: p.primaryEmail,
    primaryPhone: p.primaryPhone,
    memberCount: p.memberCount,
    rsvpStatus: partyRsvpStatus(p.rsvp),
    roomAssignmentCount: p.roomAssignmentCount,
    authCode: p.authCode,
  }));
  const found = needle
    ? all.filter((p) => [p.name, p.primaryContactName, p.primaryEmail, p.primaryPhone, mayReadGuestCredentials(person) ? p.authCode : null].some((v) => v?.toLocaleLowerCase("en").includes(needle)))
    : all;
  const deleteId = url.searchParams.get("delete");
  // The delete dialog may name a party that is not on this page.
  const deleting = deleteId ? (all.find((p) => p.id === deleteId) ?? null) : null;
  const { rows: parties, pagination } = pageOf(found, url);
  // Issue 33: a viewer gets no invitation codes (nor finds parties by them).
  return guestCredentialsFor(person, { parties, pagination, deleting, q, total: all.length, showCodes: mayReadGuestCredentials(person) });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: partiesActionSchema });
  const intent = formData.get("intent") === "delete" ? ("delete" as const) : ("create" as const);
  if (submission.status !== "success") return data({ intent, result: submission.reply(), toast: null }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "create") {
      const { intent: _, ...input } = value;
      const party = createParty(input);
      // Straight to the new party's page: members and the invite link are next.
      return redirectWithToast(request, `/admin/parties/${party.id}`, { type: "success", title: "Party created", description: `${party.name} was created.` });
    }
    deleteParty({ id: value.id });
    return redirectWithToast(request, urlWithout(request.url, ["new", "delete"]), { type: "success", title: "Party deleted" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = intent === "create" ? "Failed to create party. Please try again." : "Failed to delete party. Please try again.";
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }),
        toast: { type: "error" as const, title: "Error", description: failure },
      },
      { status: error.status },
    );
  }
}

export default function Parties({ loaderData, actionData }: Route.ComponentProps) {
  const { parties, pagination, deleting, q, total, showCodes } = loaderData;
  const [params] = useSearchParams();
  const hrefWith = useHrefWith();
  useActionToast(actionData);
  const closeTo = hrefWith({ new: null, delete: null });

  return (
    <>
      <PageHeader
        title="Parties"
        description={`${total} ${total === 1 ? "party" : "parties"}${q ? `, ${pagination.total} matching` : ""}. Open one to manage its members, invite link and rooms.`}
        actions={
          <Link to={hrefWith({ new: 1, delete: null })} preventScrollReset className={buttonVariants({ size: "sm" })}>
            <SpriteIcon name="plus" /> Add Party
          </Link>
        }
      />

      <UrlDialog open={params.has("new")} closeTo={closeTo} title="Add Party" wide>
        <PartyForm
          id="party-create"
          intent="create"
          schema={createPartySchema}
          lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          cancelTo={closeTo}
          submitLabel="Create Party"
          busyLabel="Saving..."
        />
      </UrlDialog>

      <ConfirmDelete
        open={Boolean(deleting)}
        closeTo={closeTo}
        title="Delete Party"
        message={
          deleting ? (
            <>
              Are you sure you want to delete <strong>{deleting.name}</strong>? Its RSVP, room assignments and event answers are deleted; its
              members stay as individual guests. This action cannot be undone.
            </>
          ) : null
        }
        fields={{ id: deleting?.id ?? "" }}
        error={actionData?.intent === "delete" ? actionData.result.error?.[""]?.[0] : undefined}
      />

      <SearchForm id="party-search" label="Search parties" placeholder={showCodes ? "Party, contact, email, phone or code" : "Party, contact, email or phone"} value={q} />

      <DataTable
        caption="Parties"
        rows={parties}
        rowKey={(p) => p.id}
        empty={q ? "No parties match this search." : 'No parties yet. Click "Add Party" to create one.'}
        columns={[
          {
            header: "Party",
            cell: (p) => (
              // Rows' links are found on click, not on render: 150 data-discover attributes
              // and a /__manifest request naming 50 paths of one route cost more than they save.
              <Link to={`/admin/parties/${p.id}`} discover="none" className="row-link">
                {p.name}
              </Link>
            ),
          },
          {
            header: "Contact",
            cell: (p) =>
              p.primaryContactName || p.primaryEmail || p.primaryPhone ? (
                <span className="flex flex-col break-all">
                  {p.primaryContactName ? <span>{p.primaryContactName}</span> : null}
                  <span className="text-muted-foreground">{p.primaryEmail ?? p.primaryPhone}</span>
                </span>
              ) : (
                <span className="text-muted-foreground">-</span>
              ),
          },
          { header: "Members", cell: (p) => p.memberCount, className: "tabular-nums" },
          { header: "RSVP", cell: (p) => <RsvpBadge status={p.rsvpStatus} /> },
          { header: "Rooms", cell: (p) => p.roomAssignmentCount, className: "tabular-nums" },
          ...(showCodes ? [{ header: "Invitation code", cell: (p: (typeof parties)[number]) => <code className="font-mono text-xs">{p.authCode}</code> }] : []),
          {
            header: "Actions",
            srOnlyHeader: true,
            className: "md:text-right md:whitespace-nowrap",
            cell: (p) => (
              <span className="cell-actions">
                <Link to={`/admin/parties/${p.id}`} discover="none" className={buttonVariants({ variant: "outline", size: "sm" })}>
                  Manage<span className="sr-only">{` ${p.name}`}</span>
                </Link>
                <Link
                  to={hrefWith({ delete: p.id, new: null })}
                  discover="none"
                  preventScrollReset
                  className={buttonVariants({ variant: "ghost-danger", size: "icon-sm" })}
                >
                  <SpriteIcon name="trash" />
                  <span className="sr-only">{`Delete ${p.name}`}</span>
                </Link>
              </span>
            ),
          },
        ]}
      />
      <Pagination pagination={pagination} label="Parties" />
    </>
  );
}
