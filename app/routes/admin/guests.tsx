import { SpriteIcon } from "~/components/ui/sprite-icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/guests";
import { useActionToast } from "~/components/admin/action-toast";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { DataTable } from "~/components/admin/data-table";
import { GuestForm } from "~/components/admin/guest-form";
import { PageHeader } from "~/components/admin/page-header";
import { CsvLinks } from "~/components/admin/csv-links";
import { pageWindow, Pagination } from "~/components/admin/pagination";
import { RsvpBadge } from "~/components/admin/status-badge";
import { UrlDialog } from "~/components/admin/url-dialog";
import { urlWithout, useHrefWith } from "~/components/admin/url-state";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { partyChoice, partyOptions } from "~/models/admin-views.server";
import { countGuests, createGuest, deleteGuest, getGuest, listGuests, regenerateGuestCode, updateGuest } from "~/models/guests.server";
import { RegenerateCodeForm } from "~/components/admin/regenerate-code";
import { SharedContactsNotice } from "~/components/admin/shared-contacts";
import { listSharedContacts } from "~/models/identity-owner.server";
import {
  AGE_CATEGORIES,
  AGE_LABELS,
  NO_PARTY,
  createGuestSchema,
  guestActionSchema,
  guestFiltersSchema,
  updateGuestSchema,
} from "~/schemas/admin-guest";
import { redirectWithToast, requireAdminPage, requireAdminPagePerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { isAppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Guest Management | Party Admin" }];

const DIALOG_PARAMS = ["new", "edit", "delete"];

export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  const url = new URL(request.url);
  const filters = guestFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const guestFilters = { search: filters.q, partyId: filters.party, ageCategory: filters.age, rsvpStatus: filters.rsvp };
  // Only the page shown is read: 50 rows, not the whole guest list (issue 8).
  const { offset, limit, pagination } = pageWindow(countGuests(guestFilters), url);
  // Only what the table shows (issue 16): the loader's data is sent twice, as HTML and as JSON.
  const guests = listGuests(guestFilters, { offset, limit }).map((g) => ({
    id: g.id,
    firstName: g.firstName,
    lastName: g.lastName,
    partyName: g.partyName,
    email: g.email,
    phone: g.phone,
    ageCategory: g.ageCategory,
    rsvpStatus: g.rsvpStatus,
    dietaryRestrictions: g.dietaryRestrictions,
  }));
  const dialogOpen = url.searchParams.has("new") || Boolean(editId);
  return {
    filters,
    guests,
    pagination,
    // Every party only for the Add/Edit dialog's select; the filter names just the chosen one.
    parties: dialogOpen ? partyOptions() : [],
    filterParty: filters.party && filters.party !== NO_PARTY ? partyChoice(filters.party) : null,
    // Issue 33: a viewer gets no guest's own invitation code.
    editing: editId ? guestCredentialsFor(person, getGuest({ id: editId })) : null,
    deleting: deleteId ? guestCredentialsFor(person, getGuest({ id: deleteId })) : null,
    // Issue 22: addresses two invitations hold (saved before the rule), for the host to resolve.
    shared: listSharedContacts(),
  };
}

const FAILURE = {
  create: "Failed to create guest. Please try again.",
  update: "Failed to update guest association. Please try again.",
  delete: "Failed to remove guest. Please try again.",
  "regenerate-code": "Failed to create a new invitation code. Please try again.",
} as const;

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: guestActionSchema });
  const intent = String(formData.get("intent") ?? "") as keyof typeof FAILURE;
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), toast: null }, { status: 400 });
  }
  const back = urlWithout(request.url, DIALOG_PARAMS);
  const value = submission.value;
  try {
    if (value.intent === "create") {
      const { intent: _, ...input } = value;
      const guest = createGuest(input, "admin");
      return redirectWithToast(request, back, { type: "success", title: "Guest added", description: `${guest.firstName} ${guest.lastName} was added.` });
    }
    if (value.intent === "update") {
      const { intent: _, id, ...changes } = value;
      const guest = updateGuest(id, changes, "admin");
      return redirectWithToast(request, back, { type: "success", title: "Guest updated", description: `${guest.firstName} ${guest.lastName} was saved.` });
    }
    if (value.intent === "regenerate-code") {
      const guest = regenerateGuestCode({ id: value.id });
      // Stay in the dialog: the host sees the new code at once.
      return redirectWithToast(request, request.url, {
        type: "success",
        title: "New invitation code",
        description: `${guest.firstName} ${guest.lastName}'s old code no longer signs in; sessions opened with it have ended.`,
      });
    }
    deleteGuest({ id: value.id, actor: "admin" });
    return redirectWithToast(request, back, { type: "success", title: "Guest removed" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }),
        toast: { type: "error" as const, title: "Error", description: FAILURE[value.intent] },
      },
      { status: error.status },
    );
  }
}

export default function Guests({ loaderData, actionData }: Route.ComponentProps) {
  const { guests, pagination, parties, filterParty, filters, editing, deleting, shared } = loaderData;
  const hrefWith = useHrefWith();
  const [params] = useSearchParams();
  useActionToast(actionData);
  const closeTo = hrefWith({ new: null, edit: null, delete: null });
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const exportQuery = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  ).toString();
  const deleteError = actionData?.intent === "delete" ? actionData.result.error?.[""]?.[0] : undefined;

  return (
    <>
      <PageHeader
        title="Guest Management"
        description={`${pagination.total} ${pagination.total === 1 ? "guest" : "guests"}${exportQuery ? " match the filters" : ""}.`}
        actions={
          <>
            <Link to="/admin/guests/import" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <SpriteIcon name="upload" /> Import CSV
            </Link>
            <CsvLinks href={`/admin/guests/export${exportQuery ? `?${exportQuery}` : ""}`} />
            <Link to={hrefWith({ new: 1, edit: null, delete: null })} preventScrollReset className={buttonVariants({ size: "sm" })}>
              <SpriteIcon name="plus" /> Add Guest
            </Link>
          </>
        }
      />

      <SharedContactsNotice contacts={shared.contacts} total={shared.total} />

      <UrlDialog open={params.has("new")} closeTo={closeTo} title="Add Guest" wide>
        <GuestForm
          id="guest-create"
          intent="create"
          schema={createGuestSchema}
          lastResult={resultFor("create")}
          parties={parties}
          cancelTo={closeTo}
          submitLabel="Add Guest"
          busyLabel="Saving..."
        />
      </UrlDialog>

      <UrlDialog open={Boolean(editing)} closeTo={closeTo} title="Edit Guest" wide>
        {editing ? (
          <GuestForm
            key={editing.id}
            id={`guest-edit-${editing.id}`}
            intent="update"
            schema={updateGuestSchema}
            defaultValue={editing}
            hidden={{ id: editing.id }}
            lastResult={resultFor("update")}
            parties={parties}
            cancelTo={closeTo}
            submitLabel="Update Guest"
            busyLabel="Saving..."
          />
        ) : null}
        {editing ? <RegenerateCodeForm what="guest" hidden={{ id: editing.id }} /> : null}
      </UrlDialog>

      <ConfirmDelete
        open={Boolean(deleting)}
        closeTo={closeTo}
        title="Delete Guest"
        message={
          deleting ? (
            <>
              Are you sure you want to delete <strong>{`${deleting.firstName} ${deleting.lastName}`}</strong>? Their own RSVP and event answers go
              with them. This action cannot be undone.
            </>
          ) : null
        }
        fields={{ id: deleting?.id ?? "" }}
        error={deleteError}
      />

      <GuestFilters filters={filters} filterParty={filterParty} />

      <DataTable
        caption="Guests"
        rows={guests}
        rowKey={(g) => g.id}
        empty={exportQuery ? "No guests match these filters." : 'No guests yet. Click "Add Guest" to add one.'}
        columns={[
          {
            header: "Name",
            className: "md:whitespace-nowrap",
            cell: (g) => (
              <span className="font-medium">
                {`${g.firstName} ${g.lastName}`}
              </span>
            ),
          },
          { header: "Party", cell: (g) => g.partyName ?? <span className="text-muted-foreground">Individual</span> },
          {
            header: "Contact",
            cell: (g) =>
              g.email || g.phone ? (
                <span className="flex flex-col [overflow-wrap:anywhere]">
                  {g.email ? <span>{g.email}</span> : null}
                  {g.phone ? <span className="text-muted-foreground">{g.phone}</span> : null}
                </span>
              ) : (
                <span className="text-muted-foreground">-</span>
              ),
          },
          { header: "Age", cell: (g) => AGE_LABELS[g.ageCategory] },
          { header: "RSVP", cell: (g) => <RsvpBadge status={g.rsvpStatus} /> },
          { header: "Dietary", cell: (g) => g.dietaryRestrictions || <span className="text-muted-foreground">-</span>, className: "md:max-w-48 md:truncate" },
          {
            header: "Actions",
            srOnlyHeader: true,
            className: "md:text-right md:whitespace-nowrap",
            cell: (g) => (
              <span className="cell-actions">
                <Link
                  to={hrefWith({ edit: g.id, new: null, delete: null })}
                  discover="none"
                  preventScrollReset
                  className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
                >
                  <SpriteIcon name="pencil" />
                  <span className="sr-only">{`Edit ${g.firstName} ${g.lastName}`}</span>
                </Link>
                <Link
                  to={hrefWith({ delete: g.id, new: null, edit: null })}
                  discover="none"
                  preventScrollReset
                  className={buttonVariants({ variant: "ghost-danger", size: "icon-sm" })}
                >
                  <SpriteIcon name="trash" />
                  <span className="sr-only">{`Delete ${g.firstName} ${g.lastName}`}</span>
                </Link>
              </span>
            ),
          },
        ]}
      />
      <Pagination pagination={pagination} label="Guests" />
    </>
  );
}

function GuestFilters({
  filters,
  filterParty,
}: {
  filters: Route.ComponentProps["loaderData"]["filters"];
  filterParty: { id: string; name: string } | null;
}) {
  const submit = useSubmit();
  // With JavaScript a changed select applies at once; the button is for typing and for no-JS.
  const onChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { replace: true, preventScrollReset: true });
  };
  return (
    <Form method="get" role="search" aria-label="Filter guests" onChange={onChange} className="mb-4 grid grid-cols-2 gap-3 rounded-lg border bg-background p-3 lg:grid-cols-[1fr_auto_auto_auto_auto] lg:items-end">
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <Label htmlFor="guest-search">Search</Label>
        <Input id="guest-search" name="q" type="search" defaultValue={filters.q ?? ""} placeholder="Name, party, email or phone" className="h-9" />
      </div>
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <Label htmlFor="guest-party">Party</Label>
        <Select id="guest-party" name="party" defaultValue={filters.party ?? "all"} className="h-9 py-1">
          <option value="all">All parties</option>
          <option value={NO_PARTY}>No party (individuals)</option>
          {/* One party is chosen from its page or by searching its name (every party would weigh ~40 KB at 300). */}
          {filterParty ? <option value={filterParty.id}>{filterParty.name}</option> : null}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="guest-age">Age category</Label>
        <Select id="guest-age" name="age" defaultValue={filters.age ?? "all"} className="h-9 py-1">
          <option value="all">All ages</option>
          {AGE_CATEGORIES.map((a) => (
            <option key={a} value={a}>
              {AGE_LABELS[a]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="guest-rsvp">RSVP status</Label>
        <Select id="guest-rsvp" name="rsvp" defaultValue={filters.rsvp ?? "all"} className="h-9 py-1">
          <option value="all">All statuses</option>
          <option value="pending">Pending</option>
          <option value="attending">Attending</option>
          <option value="declined">Declined</option>
        </Select>
      </div>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit" size="sm" variant="secondary">
          Filter
        </Button>
        <Link to="/admin/guests" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Clear
        </Link>
      </div>
    </Form>
  );
}
