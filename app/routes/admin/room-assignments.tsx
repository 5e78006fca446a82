import { SpriteIcon } from "~/components/ui/sprite-icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/room-assignments";
import { answerRowIntent, closeDialogUrl, refusal, rowInvalid } from "~/routes/admin/action-replies.server";
import { useActionToast } from "~/components/admin/action-toast";
import { AssignRoomForm } from "~/components/admin/rooms/assign-room-form";
import { AssignmentTable } from "~/components/admin/rooms/assignment-table";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { PageHeader } from "~/components/admin/page-header";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { EditAssignmentForm } from "~/components/admin/rooms/edit-assignment-form";
import { InventoryGrid } from "~/components/admin/rooms/inventory-grid";
import { useRevalidating } from "~/components/admin/rooms/pending";
import { SearchForm } from "~/components/admin/search-form";
import { StatusFilter, STATUS_FILTERS, type StatusFilterValue } from "~/components/admin/rooms/status-filter";
import { UrlDialog } from "~/components/admin/url-dialog";
import { useHrefWith } from "~/components/admin/url-state";
import { Button } from "~/components/ui/button";
import { partyOptions } from "~/models/admin-views.server";
import {
  createRoomAssignment,
  deleteRoomAssignment,
  listRoomAssignments,
  updateRoomAssignment,
} from "~/models/room-assignments.server";
import { roomTypesInventory } from "~/models/room-types.server";
import { roomAssignmentsActionSchema } from "~/schemas/admin-rooms-assignments";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { AppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Room Assignments | Party Admin" }];

/** The numbers every form of this page is checked against, read fresh for each request. */
function currentState() {
  const inventory = roomTypesInventory().map((r) => ({
    id: r.id,
    name: r.name,
    location: r.location,
    totalUnits: r.totalUnits,
    assignedUnits: r.assignedUnits,
    availableUnits: r.availableUnits,
  }));
  const assignments = listRoomAssignments().map((a) => ({
    id: a.id,
    quantity: a.quantity,
    confirmationStatus: a.confirmationStatus,
    isPaid: a.isPaid,
    paidAt: a.paidAt,
    declineReason: a.declineReason,
    paymentDeadline: a.paymentDeadline,
    party: { id: a.party.id, name: a.party.name },
    roomType: { id: a.roomType.id, name: a.roomType.name, location: a.roomType.location, totalUnits: a.roomType.totalUnits },
  }));
  return { inventory, assignments };
}

type State = ReturnType<typeof currentState>;

/** In edit, what is left plus what the assignment already holds (a declined one holds nothing). */
function editMaximum(state: State, assignmentId: string) {
  const a = state.assignments.find((x) => x.id === assignmentId);
  const room = a && state.inventory.find((r) => r.id === a.roomType.id);
  if (!a || !room) return undefined;
  return room.availableUnits + (a.confirmationStatus === "declined" ? 0 : a.quantity);
}

function limitsFor(state: State) {
  return {
    available: (roomTypeId: string) => state.inventory.find((r) => r.id === roomTypeId)?.availableUnits,
    editMaximum: (assignmentId: string) => editMaximum(state, assignmentId),
  };
}

const ASSIGNMENTS_PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const status = (STATUS_FILTERS as readonly string[]).includes(url.searchParams.get("status") ?? "")
    ? (url.searchParams.get("status") as StatusFilterValue)
    : "all";
  const state = currentState();
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const find = (id: string | null) => (id ? (state.assignments.find((a) => a.id === id) ?? null) : null);
  // 20 a page: each row carries its own quantity and payment forms (~3 KB),
  // and a page stays under issue 16's 100 KB of HTML at 300 parties.
  // The search (party or room name) and the status filter run over every assignment.
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const needle = q.toLocaleLowerCase("en");
  const { rows: assignments, pagination } = pageOf(
    state.assignments.filter(
      (a) =>
        (status === "all" || a.confirmationStatus === status) &&
        (!needle || [a.party.name, a.roomType.name].some((v) => v.toLocaleLowerCase("en").includes(needle))),
    ),
    url,
    ASSIGNMENTS_PAGE_SIZE,
  );
  return {
    status,
    q,
    inventory: state.inventory,
    assignments,
    pagination,
    parties: url.searchParams.has("assign") ? partyOptions() : [],
    assigning: url.searchParams.has("assign"),
    editing: find(editId),
    editMaximum: editId ? (editMaximum(state, editId) ?? 0) : 0,
    deleting: find(deleteId),
  };
}

const success = (description: string) => ({ type: "success" as const, title: "Success", description });

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: roomAssignmentsActionSchema(limitsFor(currentState())) });
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    if (intent === "mark-paid" || intent === "quantity") return rowInvalid(request, formData, submission.error);
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "mark-paid" || value.intent === "quantity") return answerRowIntent(request, formData, value);
  const back = closeDialogUrl(request);
  try {
    switch (value.intent) {
      case "assign":
        createRoomAssignment({
          partyId: value.partyId,
          roomTypeId: value.roomTypeId,
          quantity: value.quantity,
          paymentDeadline: value.paymentDeadline,
        });
        return redirectWithToast(request, back, success("Room assigned successfully"));
      case "update":
        updateRoomAssignment(value.id, {
          quantity: value.quantity,
          confirmationStatus: value.confirmationStatus,
          // The edit form always sends the date: an emptied field clears it.
          paymentDeadline: value.paymentDeadline ?? null,
        });
        return redirectWithToast(request, back, success("Room assignment updated successfully"));
      case "delete":
        deleteRoomAssignment({ id: value.id });
        return redirectWithToast(request, back, success("Room assignment deleted successfully"));
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusal(submission, error);
  }
}

export default function RoomAssignments({ loaderData, actionData }: Route.ComponentProps) {
  const { status, q, inventory, assignments, pagination, parties, assigning, editing, editMaximum, deleting } = loaderData;
  const revalidating = useRevalidating();
  useActionToast(actionData);

  const hrefWith = useHrefWith();
  // Every link of the page drops the open dialog and keeps the filter.
  const withParams = (changes: Record<string, string | null>) => hrefWith({ assign: null, edit: null, delete: null, ...changes });
  const closeTo = withParams({});
  const lastResult = actionData?.result;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        className="mb-0"
        title="Room Assignments"
        description="Set rooms aside for parties and follow their answers and payments."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/rooming-list">
                <SpriteIcon name="list" />
                Rooming list
              </Link>
            </Button>
            <Button asChild>
              <Link to={withParams({ assign: "1" })} preventScrollReset>
                <SpriteIcon name="plus" />
                Assign Room
              </Link>
            </Button>
          </>
        }
      />

      <UrlDialog open={assigning} closeTo={closeTo} title="Assign Room to Party">
        <AssignRoomForm parties={parties} inventory={inventory} lastResult={lastResult} closeTo={closeTo} />
      </UrlDialog>
      {editing ? (
        <UrlDialog open closeTo={closeTo} title="Edit Room Assignment">
          <EditAssignmentForm key={editing.id} assignment={editing} maximum={editMaximum} lastResult={lastResult} closeTo={closeTo} />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <ConfirmDelete
          open
          closeTo={closeTo}
          title="Delete Room Assignment"
          message={
            <>
              Are you sure you want to delete this room assignment?
              <span className="mt-1 block text-muted-foreground">
                {deleting.party.name}: {deleting.roomType.name} × {deleting.quantity}
              </span>
            </>
          }
          fields={{ id: deleting.id }}
          error={lastResult?.error?.[""]?.[0]}
        />
      ) : null}

      <InventoryGrid inventory={inventory} loading={revalidating} />

      <section aria-labelledby="assignments-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-baseline gap-3">
            <h2 id="assignments-heading" className="text-lg font-semibold">
              Assignments
            </h2>
            <p role="status" className="text-sm text-muted-foreground">
              {revalidating ? "Loading assignments..." : ""}
            </p>
          </div>
          <StatusFilter current={status} hrefFor={(value) => withParams({ status: value === "all" ? null : value, page: null })} />
        </div>
        <SearchForm
          id="assignment-search"
          label="Search assignments"
          placeholder="Party or room"
          value={q}
          keep={{ status: status === "all" ? null : status }}
        />
        {assignments.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No assignments found</p>
        ) : (
          <AssignmentTable assignments={assignments} linkTo={(param, id) => withParams({ [param]: id })} />
        )}
        <Pagination pagination={pagination} label="Assignments" />
      </section>
    </div>
  );
}
