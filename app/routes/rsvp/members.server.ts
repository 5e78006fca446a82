import type { RsvpActionData } from "~/components/guest/rsvp-form";
import { fmt, type Messages } from "~/i18n";
import { addPartyMember, getGuest, LAST_MEMBER_MESSAGE, removePartyMember, updateGuest } from "~/models/guests.server";
import type { RsvpFormValue } from "~/schemas/guest-rsvp-form";
import type { GuestIdentity } from "~/session.server";
import { NotFoundError, type AppError } from "~/utils/errors";
import { fail, ok, requireParty } from "./replies.server";

/** The member intents share a schema branch with other buttons, so the switch below narrows them. */
type MemberIntent = RsvpFormValue;

export const isMemberIntent = (value: RsvpFormValue) => value.intent.startsWith("member-");

/** A member's dialog on the RSVP form: stored at once; the answer keeps the draft and says what happened. */
export function memberStep({ identity, value, t }: { identity: GuestIdentity; value: MemberIntent; t: Messages }): Omit<RsvpActionData, "result"> {
  const g = t.guest;
  switch (value.intent) {
    case "member-open":
      requireParty(identity);
      return { open: { kind: "member", id: value.target ?? "new" } };
    case "member-save": {
      const partyId = requireParty(identity);
      const input = {
        firstName: value.memberFirstName,
        lastName: value.memberLastName,
        email: value.memberEmail || null,
        phone: value.memberPhone || null,
        ageCategory: value.memberAgeCategory,
      };
      const name = `${input.firstName} ${input.lastName}`;
      if (value.target === "new") {
        addPartyMember(partyId, input, "guest");
        return { notice: ok(g.memberAdded, fmt(g.memberAddedText, { name })), close: true };
      }
      assertOwnMember(partyId, value.target);
      updateGuest(value.target, input, "guest");
      return { notice: ok(g.memberUpdated, fmt(g.memberUpdatedText, { name })), close: true };
    }
    case "member-remove": {
      const partyId = requireParty(identity);
      const member = assertOwnMember(partyId, value.target ?? "");
      removePartyMember({ partyId, memberId: member.id, actor: "guest" });
      return { notice: ok(g.memberRemoved, fmt(g.memberRemovedText, { name: `${member.firstName} ${member.lastName}` })), close: true };
    }
    default:
      return { close: true };
  }
}

/** Another party's member is "not found": a guest learns nothing about other parties. */
function assertOwnMember(partyId: string, memberId: string) {
  const member = getGuest({ id: memberId });
  if (!member || member.partyId !== partyId) throw new NotFoundError("Member not found");
  return member;
}

/** What a refused member dialog says. */
export function memberFailure(value: MemberIntent, error: AppError, t: Messages) {
  const g = t.guest;
  switch (value.intent) {
    case "member-save": {
      const taken = takenContact(error, t);
      if (taken) return fail(g.error, taken.message);
      return fail(g.error, value.target === "new" ? g.addMemberFailed : g.updateMemberFailed);
    }
    case "member-remove":
      return fail(g.error, error.message === LAST_MEMBER_MESSAGE ? g.lastMember : g.removeMemberFailed);
    default:
      return fail(g.error, g.updateMemberFailed);
  }
}

/**
 * Issue 22: an e-mail or phone another invitation holds (409 naming the
 * field): which dialog field, and the guest's words for it.
 */
function takenContact(error: AppError, t: Messages) {
  if (error.status !== 409) return null;
  if (error.errors?.email) return { field: "memberEmail", message: t.guest.emailTaken };
  if (error.errors?.phone) return { field: "memberPhone", message: t.guest.phoneTaken };
  return null;
}

/** The dialog's field errors for a refused save: the taken e-mail or phone is marked under its input. */
export function memberFieldErrors(value: MemberIntent, error: AppError, t: Messages): Record<string, string[]> | undefined {
  if (value.intent !== "member-save") return undefined;
  const taken = takenContact(error, t);
  return taken ? { [taken.field]: [taken.message] } : undefined;
}
