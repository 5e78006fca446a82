import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useSearchParams } from "react-router";
import { ArrowLeftIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/party";
import { useActionToast } from "~/components/admin/action-toast";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { GuestForm } from "~/components/admin/guest-form";
import { inviteLink, inviteQrDataUri } from "./invite-link.server";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { CredentialsWithheld, InviteCard } from "~/components/admin/party/invite-card";
import { MembersPanel } from "~/components/admin/party/members-panel";
import { ActivityList } from "~/components/admin/activity/activity-list";
import { listActivity } from "~/models/activity.server";
import { RoomsPanel } from "~/components/admin/party/rooms-panel";
import { RsvpSummary } from "~/components/admin/party/rsvp-summary";
import { PartyForm } from "~/components/admin/party-form";
import { RegenerateCodeForm } from "~/components/admin/regenerate-code";
import { UrlDialog } from "~/components/admin/url-dialog";
import { useHrefWith } from "~/components/admin/url-state";
import { buttonVariants } from "~/components/ui/button";
import { addPartyMember, listPartyMembers, removePartyMember, updateGuest } from "~/models/guests.server";
import { deleteParty, getParty, regeneratePartyCode, updateParty } from "~/models/parties.server";
import { createRoomAssignment, listPartyRoomAssignments } from "~/models/room-assignments.server";
import { roomTypesInventory } from "~/models/room-types.server";
import { getRsvpFor } from "~/models/rsvps.server";
import { paymentReference } from "~/models/guest-views.server";
import { addMemberSchema, removeMemberSchema, updateMemberSchema } from "~/schemas/admin-guest";
import { regeneratePartyCodeSchema, updatePartySchema } from "~/schemas/admin-party";
import { assignRoomSchema } from "~/schemas/admin-rooms-assignments";
import { redirectWithToast, requireAdminPage, requireAdminPagePerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { isAppError } from "~/utils/errors";
import { AnswersPanel } from "~/components/admin/party/answers-panel";
import { hostQuestionsFor, saveHostAnswers } from "~/routes/admin/party-answers.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.party.name ?? "Party"} | Party Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const person = await requireAdminPagePerson(request);
  const party = getParty({ id: params.partyId });
  if (!party) throw new Response("Party not found", { status: 404 });
  const link = inviteLink(party.authCode ?? "");
  // Issue 33: a viewer gets no invitation code, link or QR code (the fields are absent).
  return guestCredentialsFor(person, {
    party,
    members: listPartyMembers({ partyId: party.id }),
    rsvp: getRsvpFor({ partyId: party.id }),
    assignments: listPartyRoomAssignments({ partyId: party.id }),
    inventory: roomTypesInventory().map(({ id, name, availableUnits, totalUnits }) => ({ id, name, availableUnits, totalUnits })),
    invite: { link, qr: await inviteQrDataUri(link) },
    /** What guests signed in by e-mail or phone put in a payment (issue 15): they never see the code. */
    paymentReference: party.paymentReference ?? paymentReference(party.id),
    activity: listActivity({ partyId: party.id }, { limit: 20 }),
    // Issue 24: the answers to the host's questions, host-only ones included.
    questions: hostQuestionsFor(party.id),
  });
}

function actionSchema() {
  const inventory = roomTypesInventory();
  return z.discriminatedUnion("intent", [
    updatePartySchema,
    z.object({ intent: z.literal("delete") }),
    regeneratePartyCodeSchema,
    addMemberSchema,
    updateMemberSchema,
    removeMemberSchema,
    assignRoomSchema({ available: (id) => inventory.find((r) => r.id === id)?.availableUnits }),
  ]);
}

const FAILURE: Record<string, string> = {
  update: "Failed to update party. Please try again.",
  delete: "Failed to delete party. Please try again.",
  "add-member": "Failed to add member. Please try again.",
  "update-member": "Failed to update member. Please try again.",
  "remove-member": "Failed to remove member. Please try again.",
  assign: "Failed to assign room. Please try again.",
  "regenerate-code": "Failed to create a new invitation code. Please try again.",
};

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminPage(request);
  const partyId = params.partyId;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "answers-save") return saveHostAnswers(request, partyId, formData);
  const submission = parseWithZod(formData, { schema: actionSchema() });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), toast: null }, { status: 400 });
  const here = `/admin/parties/${partyId}`;
  const value = submission.value;
  const done = (title: string, description?: string, to = here) => redirectWithToast(request, to, { type: "success", title, description });
  try {
    switch (value.intent) {
      case "update": {
        const { intent: _, ...changes } = value;
        const party = updateParty(partyId, changes);
        return done("Party updated", `${party.name} was saved.`);
      }
      case "regenerate-code":
        regeneratePartyCode({ id: partyId });
        return done("New invitation code", "The old link no longer signs in; sessions opened with it have ended.");
      case "delete":
        deleteParty({ id: partyId });
        return done("Party deleted", undefined, "/admin/parties");
      case "add-member": {
        const { intent: _, ...member } = value;
        const guest = addPartyMember(partyId, member, "admin");
        return done("Member added", `${guest.firstName} ${guest.lastName} joined the party.`);
      }
      case "update-member": {
        const { intent: _, memberId, ...changes } = value;
        const guest = updateGuest(memberId, changes, "admin");
        return done("Member updated", `${guest.firstName} ${guest.lastName} was saved.`);
      }
      case "remove-member":
        removePartyMember({ partyId, memberId: value.memberId, actor: "admin" });
        return done("Member removed");
      case "assign": {
        createRoomAssignment({ partyId, roomTypeId: value.roomTypeId, quantity: value.quantity, paymentDeadline: value.paymentDeadline ?? null });
        return done("Room assigned", "Room assigned successfully");
      }
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }),
        // The last member's refusal is worth reading as it is; the others get SPEC.md's wording.
        toast: { type: "error" as const, title: "Error", description: error.status === 409 ? error.message : (FAILURE[intent] ?? error.message) },
      },
      { status: error.status },
    );
  }
}

export default function PartyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { party, members, rsvp, assignments, inventory, invite, paymentReference, activity, questions } = loaderData;
  const [params] = useSearchParams();
  const hrefWith = useHrefWith();
  useActionToast(actionData);
  const here = `/admin/parties/${party.id}`;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const memberParam = params.get("member");
  const editingMember = memberParam && memberParam !== "new" ? members.find((m) => m.id === memberParam) : undefined;
  const removing = members.find((m) => m.id === params.get("remove"));

  return (
    <>
      <Link to="/admin/parties" className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground print:hidden">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Parties
      </Link>
      <PageHeader
        title={party.name}
        description={
          // Two lines (issue 36): the contact, then the reference; run together, the phone read as part of the reference.
          <>
            <span className="block">{[party.primaryContactName, party.primaryEmail, party.primaryPhone].filter(Boolean).join(" · ") || "No primary contact yet."}</span>
            <span className="block">Payment reference: the invitation code, or {paymentReference} for guests signed in by e-mail or phone.</span>
          </>
        }
        className="print:hidden"
        actions={
          <>
            <Link to={hrefWith({ edit: 1 })} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              <PencilIcon aria-hidden="true" /> Edit Party
            </Link>
            <Link
              to={hrefWith({ delete: 1 })}
              preventScrollReset
              className={buttonVariants({ variant: "outline", size: "sm", className: "text-destructive hover:text-destructive" })}
            >
              <Trash2Icon aria-hidden="true" /> Delete Party
            </Link>
          </>
        }
      />

      <UrlDialog open={params.has("edit")} closeTo={here} title="Edit Party" wide>
        <PartyForm
          id={`party-edit-${party.id}`}
          intent="update"
          schema={updatePartySchema}
          defaultValue={party}
          lastResult={resultFor("update")}
          cancelTo={here}
          submitLabel="Update Party"
          busyLabel="Saving..."
        />
      </UrlDialog>

      <ConfirmDelete
        open={params.has("delete")}
        closeTo={here}
        title="Delete Party"
        message={
          <>
            Are you sure you want to delete <strong>{party.name}</strong>? Its RSVP, room assignments and event answers are deleted; its members
            stay as individual guests. This action cannot be undone.
          </>
        }
        fields={{}}
        error={resultFor("delete")?.error?.[""]?.[0]}
      />

      <UrlDialog open={memberParam === "new"} closeTo={here} title="Add Member">
        <GuestForm
          id={`member-add-${party.id}`}
          intent="add-member"
          variant="member"
          schema={addMemberSchema}
          lastResult={resultFor("add-member")}
          cancelTo={here}
          submitLabel="Add Member"
          busyLabel="Saving..."
        />
      </UrlDialog>

      <UrlDialog open={Boolean(editingMember)} closeTo={here} title="Edit Member">
        {editingMember ? (
          <GuestForm
            key={editingMember.id}
            id={`member-edit-${editingMember.id}`}
            intent="update-member"
            variant="member"
            schema={updateMemberSchema}
            defaultValue={editingMember}
            hidden={{ memberId: editingMember.id }}
            lastResult={resultFor("update-member")}
            cancelTo={here}
            submitLabel="Update Member"
            busyLabel="Saving..."
          />
        ) : null}
      </UrlDialog>

      <ConfirmDelete
        open={Boolean(removing)}
        closeTo={here}
        title="Remove Member"
        intent="remove-member"
        confirmLabel="Remove"
        busyLabel="Removing..."
        message={
          removing ? (
            <>
              Remove <strong>{`${removing.firstName} ${removing.lastName}`}</strong> from {party.name}? Their guest record is deleted.
            </>
          ) : null
        }
        fields={{ memberId: removing?.id ?? "" }}
        error={resultFor("remove-member")?.error?.[""]?.[0]}
      />

      {invite ? (
        <InviteCard partyName={party.name} link={invite.link} qr={invite.qr}>
          <RegenerateCodeForm what="party" />
        </InviteCard>
      ) : (
        <CredentialsWithheld />
      )}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <MembersPanel members={members} />
          <Panel
            title="History"
            description="What changed for this party, newest first."
            actions={
              <Link to={`/admin/activity?party=${encodeURIComponent(party.id)}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                View all
              </Link>
            }
          >
            <ActivityList items={activity} showWho={false} />
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <RsvpSummary rsvp={rsvp} />
          <RoomsPanel partyId={party.id} assignments={assignments} inventory={inventory} lastResult={resultFor("assign")} />
          <AnswersPanel questions={questions} members={members} errors={resultFor("answers-save")?.error} />
          {party.notes ? (
            <section aria-labelledby="notes-heading" className="rounded-lg border bg-background p-4 text-sm shadow-xs print:hidden">
              <h2 id="notes-heading" className="mb-1 text-base font-semibold">
                Notes
              </h2>
              <p className="whitespace-pre-line">{party.notes}</p>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
