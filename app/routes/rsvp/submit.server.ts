import { data, redirect } from "react-router";
import type { RsvpActionData } from "~/components/guest/rsvp-form";
import type { Lang, Messages } from "~/i18n";
import { answerRsvp } from "~/models/rsvp-answer.server";
import { answersFromForm, guestQuestions } from "~/models/answers.server";
import { identityToResponder, listEventsFor } from "~/models/event-rsvps.server";
import { NOBODY_COMING, ROOM_DECISION_REQUIRED, TOTAL_GUESTS_RANGE } from "~/models/rsvps.server";
import type { RsvpFormValue } from "~/schemas/guest-rsvp-form";
import { redirectWithToast, type GuestIdentity } from "~/session.server";
import { AppError, DeadlinePassedError } from "~/utils/errors";
import { fail, type Submission } from "./replies.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * Submit: the model's answerRsvp does the act whole (the RSVP, the side
 * events, the confirmation e-mail); this turns its refusals into the form's
 * messages.
 */
export async function submitRsvpForm({
  request,
  identity,
  value,
  submission,
  t,
  lang,
  formData,
}: {
  request: Request;
  /** The whole form: the host's questions' fields (answer:<question>:<person>) are read from it. */
  formData: FormData;
  identity: GuestIdentity;
  value: Extract<RsvpFormValue, { intent: "submit" }>;
  submission: Submission;
  t: Messages;
  lang: Lang;
}) {
  const attending = value.attending === "yes";
  const common = {
    actor: "guest" as const,
    attending,
    ...(identity.type === "party" && value.memberIds.length
      ? { memberAttendance: value.memberIds.map((guestId) => ({ guestId, attending: value.coming.includes(guestId) })) }
      : {}),
    dietaryRestrictions: value.dietaryRestrictions ?? null,
    messageToHost: value.messageToHost ?? null,
    // Issue 24: every question the page showed; those that do not apply are dropped by the model.
    answers: answersFromForm(questionsShown(identity, lang), formData),
  };
  let eventsFailed: boolean;
  try {
    const answer = identity.type === "party"
      ? { partyId: identity.id, ...common }
      : {
          guestId: identity.id,
          ...common,
          adultsCount: value.adultsCount,
          kidsCount: value.kidsCount,
          babiesCount: value.babiesCount,
        };
    ({ eventsFailed } = await answerRsvp(answer, {
      events: value.events,
      // The page's language: the guest asked for this mail reading it (issue 23).
      lang,
      origin: publicOrigin(),
      answeredBy: { role: "guest", guest: identity },
    }));
  } catch (error) {
    const g = t.guest;
    if (error instanceof AppError && error.message === ROOM_DECISION_REQUIRED) {
      const message = `${g.roomDecisionRequired} - ${g.roomDecisionRequiredText}`;
      return data(
        { result: submission.reply({ formErrors: [message] }), notice: fail(g.roomDecisionRequired, g.roomDecisionRequiredText) } satisfies RsvpActionData,
        { status: 409 },
      );
    }
    if (error instanceof DeadlinePassedError) {
      return data(
        { result: submission.reply({ formErrors: [g.deadlinePassed] }), notice: fail(g.deadlinePassedTitle, g.deadlinePassed) } satisfies RsvpActionData,
        { status: 403 },
      );
    }
    if (error instanceof AppError && error.message === NOBODY_COMING) {
      return data({ result: submission.reply({ formErrors: [g.nobodyComing] }), notice: fail(g.error, g.nobodyComing) } satisfies RsvpActionData, { status: 400 });
    }
    if (error instanceof AppError && Object.keys(error.errors ?? {}).some((k) => k.startsWith("answer:"))) {
      // Each message next to its field ("Please choose a dinner menu for Ana"), nothing stored.
      return data({ result: submission.reply({ formErrors: [t.questions.checkAnswers], fieldErrors: error.errors }) } satisfies RsvpActionData, { status: 400 });
    }
    if (error instanceof AppError && error.message === TOTAL_GUESTS_RANGE) {
      return data({ result: submission.reply({ formErrors: [t.rsvp.totalRange] }) } satisfies RsvpActionData, { status: 400 });
    }
    console.error(JSON.stringify({ level: "error", msg: "rsvp submit failed", error: String((error as Error)?.stack ?? error) }));
    return data(
      {
        result: submission.reply({ formErrors: [`${t.rsvp.submitFailed} - ${t.rsvp.submitFailedText}`] }),
        notice: fail(t.rsvp.submitFailed, t.rsvp.submitFailedText),
      } satisfies RsvpActionData,
      { status: error instanceof AppError ? error.status : 500 },
    );
  }

  if (eventsFailed) {
    return redirectWithToast(request, "/rsvp?step=done#thanks", { type: "error", title: t.rsvp.eventsFailed, description: t.rsvp.eventsFailedText });
  }
  // An explicit anchor: without JavaScript the browser would keep the form's "#submit".
  return redirect("/rsvp?step=done#thanks");
}

/** The questions /rsvp shows this invitation (the same list the page rendered). */
function questionsShown(identity: GuestIdentity, lang: Lang) {
  const owner = identityToResponder(identity);
  return guestQuestions(owner, lang, new Set(listEventsFor(owner).map((e) => e.id)));
}
