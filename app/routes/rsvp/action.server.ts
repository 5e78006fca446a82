import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { RsvpActionData } from "~/components/guest/rsvp-form";
import { type Lang, type Messages } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { guestSessionData } from "~/models/guest-auth.server";
import { MAX_IDENTIFIER_LENGTH } from "~/schemas/guest-auth";
import { rsvpFormSchema, splitIntent, type RsvpFormValue } from "~/schemas/guest-rsvp-form";
import { getGuestIdentity, type GuestIdentity } from "~/session.server";
import { AppError, DeadlinePassedError } from "~/utils/errors";
import { isMemberIntent, memberFailure, memberFieldErrors, memberStep } from "./members.server";
import { fail, oversizedFields, reopen, where } from "./replies.server";
import { isRoomIntent, roomFailure, roomStep } from "./rooms.server";
import { signInAction } from "./sign-in.server";
import { submitRsvpForm } from "./submit.server";
import { switchInvitationAction } from "./switch.server";

/**
 * /rsvp's one form, by intent: the sign-in (sign-in.server.ts), a room's
 * button (rooms.server.ts), a member's dialog (members.server.ts) or the
 * submit (submit.server.ts). Each stores through one model function.
 */
export async function rsvpAction({ request, context, lang }: { request: Request; context: unknown; lang: Lang }) {
  const t = messagesFor(lang);
  const formData = splitIntent(await request.formData());
  if (formData.get("intent") === "sign-in" || formData.get("intent") === "verify-code") return signInAction(request, context, formData, t, "rsvp");
  if (formData.get("intent") === "switch-invitation") return switchInvitationAction(request, context, formData, t);

  const identity = await getGuestIdentity(request);
  if (!identity || !guestSessionData(identity)) throw redirect("/rsvp");

  const submission = parseWithZod(formData, { schema: rsvpFormSchema(t.guest, t.rsvp) });
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    const notice = intent === "room-decline" ? fail(t.guest.reasonRequired, t.guest.reasonRequiredText) : null;
    const hideFields = oversizedFields(formData, { memberEmail: MAX_IDENTIFIER_LENGTH, memberPhone: 40 });
    return data({ result: submission.reply({ hideFields }), open: reopen(formData), notice, where: where(formData) } satisfies RsvpActionData, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "submit") return submitRsvpForm({ request, identity, value, submission, t, lang, formData });

  try {
    return data({ result: submission.reply(), where: where(formData), ...step({ identity, value, t, lang }) } satisfies RsvpActionData);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      {
        result: submission.reply({ fieldErrors: isMemberIntent(value) ? memberFieldErrors(value, error, t) : undefined }),
        open: reopen(formData),
        where: where(formData),
        notice: stepFailure(value, error, t),
      } satisfies RsvpActionData,
      { status: error.status },
    );
  }
}

/** Rooms and members are stored at once; the answer keeps the draft and says what happened. */
function step({ identity, value, t, lang }: { identity: GuestIdentity; value: RsvpFormValue; t: Messages; lang: Lang }): Omit<RsvpActionData, "result"> {
  if (isRoomIntent(value)) return roomStep({ identity, value, t, lang });
  if (isMemberIntent(value)) return memberStep({ identity, value, t });
  return { close: true };
}

function stepFailure(value: RsvpFormValue, error: AppError, t: Messages) {
  if (error instanceof DeadlinePassedError) return fail(t.guest.deadlinePassedTitle, t.guest.deadlinePassed);
  if (isRoomIntent(value)) return roomFailure(value, error, t);
  if (isMemberIntent(value)) return memberFailure(value, error, t);
  return fail(t.guest.error, t.rsvp.submitFailedText);
}
