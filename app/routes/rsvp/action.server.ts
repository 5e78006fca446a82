import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { fmt, messagesFor, type Lang, type Messages } from "~/i18n";
import { guestSessionData } from "~/models/guest-auth.server";
import { addPartyMember, getGuest, LAST_MEMBER_MESSAGE, removePartyMember, updateGuest } from "~/models/guests.server";
import { decideRoomAssignment, listPartyRoomAssignments, PAID_ROOM_LOCKED } from "~/models/room-assignments.server";
import { answerRsvp } from "~/models/rsvp-answer.server";
import { NOBODY_COMING, ROOM_DECISION_REQUIRED, TOTAL_GUESTS_RANGE } from "~/models/rsvps.server";
import { rsvpFormSchema, splitIntent, type RsvpFormValue } from "~/schemas/guest-rsvp-form";
import { resolveMethod, signInSchema, verifyCodeFormSchema } from "~/schemas/guest-sign-in";
import { getAuthSettings } from "~/models/auth-settings.server";
import { maskEmail } from "~/models/email-sign-in.server";
import { getGuestIdentity, redirectWithToast, type GuestIdentity } from "~/session.server";
import { AppError, DeadlinePassedError, ForbiddenError, NotFoundError } from "~/utils/errors";
import type { Notice } from "~/components/guest/notice";
import type { RsvpActionData } from "~/components/guest/rsvp-form";
import { pickText } from "~/models/host-texts";
import { checkPageSignInCode, lookUpInvitation, sendPageSignInCode, startGuestSession } from "./sign-in.server";

type Submission = { reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]> };

const ok = (title: string, description?: string): Notice => ({ type: "success", title, description });
const fail = (title: string, description?: string): Notice => ({ type: "error", title, description });

/**
 * The sign-in of /rsvp and /my-rsvp. A guest who has answered already goes
 * to My RSVP: at once without JavaScript (with a flash message), after a
 * moment on the page with it (the page shows the message, then moves).
 */
export async function signInAction(request: Request, context: unknown, formData: FormData, t: Messages, page: "rsvp" | "my-rsvp") {
  if (formData.get("intent") === "verify-code") return verifyCodeAction(request, context, formData, t, page);
  const submission = parseWithZod(formData, { schema: signInSchema(t.guest) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { method, identifier = "" } = submission.value;
  const resolved = resolveMethod(method, identifier);
  if (resolved === "email" && getAuthSettings().emailCodeRequired) {
    // Issue 15: the same answer for any well-formed address; the code goes by mail.
    const codeStep = { identifier: identifier.trim(), masked: maskEmail(identifier), method };
    const sent = sendPageSignInCode({ request, context, identifier, t });
    if ("failure" in sent) {
      const { status, headers, ...failure } = sent.failure;
      return data({ result: submission.reply(), failure, codeStep: formData.get("resend") ? codeStep : undefined }, { status, headers });
    }
    const notice = formData.get("resend") ? ok(t.signInCode.newCodeSent, t.signInCode.newCodeSentText) : undefined;
    return data({ codeStep, notice }, { status: 202 });
  }
  const found = lookUpInvitation({ context, method: resolved, identifier, page, t });
  if ("failure" in found) {
    const { status, headers, ...failure } = found.failure;
    return data({ result: submission.reply(), failure }, { status, headers });
  }
  return finishSignIn(request, found.identity, formData, t, page);
}

/** The second step: the 6-digit code from the mail. A refusal shows the same step again. */
async function verifyCodeAction(request: Request, context: unknown, formData: FormData, t: Messages, page: "rsvp" | "my-rsvp") {
  const submission = parseWithZod(formData, { schema: verifyCodeFormSchema(t.signInCode) });
  const identifier = String(formData.get("identifier") ?? "").slice(0, 320);
  const method = String(formData.get("method") ?? "email");
  const codeStep = { identifier, masked: maskEmail(identifier), method: method === "whatsapp" ? ("whatsapp" as const) : ("email" as const) };
  if (submission.status !== "success") return data({ result: submission.reply(), codeStep }, { status: 400 });
  const checked = checkPageSignInCode({ context, identifier, code: submission.value.code, t });
  if ("failure" in checked) {
    const { status, headers, ...failure } = checked.failure;
    return data({ result: submission.reply({ resetForm: true }), failure, codeStep }, { status, headers });
  }
  return finishSignIn(request, checked.identity, formData, t, page);
}

/** Signed in: to the form, or (answered already) to My RSVP. */
async function finishSignIn(request: Request, identity: GuestIdentity, formData: FormData, t: Messages, page: "rsvp" | "my-rsvp") {
  const session = guestSessionData(identity);
  const answered = !!session?.data.rsvp;
  if (page === "my-rsvp" || !answered) {
    return redirect(page === "my-rsvp" ? "/my-rsvp" : "/rsvp", { headers: await startGuestSession(request, identity) });
  }
  const notice = ok(t.guest.alreadyAnswered, t.guest.alreadyAnsweredText);
  if (formData.get("js") === "1") {
    return data({ redirectTo: "/my-rsvp", notice }, { headers: await startGuestSession(request, identity) });
  }
  return redirect("/my-rsvp", { headers: await startGuestSession(request, identity, notice) });
}

function requireParty(identity: GuestIdentity) {
  if (identity.type !== "party") throw new ForbiddenError();
  return identity.id;
}

/** Which step a failed answer (no JavaScript) should show open again. */
function where(formData: FormData): RsvpActionData["where"] {
  const intent = String(formData.get("intent") ?? "");
  return intent.startsWith("room-") ? "rooms" : intent.startsWith("member-") ? "members" : undefined;
}

function reopen(formData: FormData): RsvpActionData["open"] {
  const intent = formData.get("intent");
  const target = String(formData.get("target") ?? "");
  if (intent === "room-decline") return { kind: "decline", id: target };
  if (intent === "member-save" || intent === "member-remove") return { kind: "member", id: target || "new" };
  return null;
}

export async function rsvpAction({ request, context, lang }: { request: Request; context: unknown; lang: Lang }) {
  const t = messagesFor(lang);
  const formData = splitIntent(await request.formData());
  if (formData.get("intent") === "sign-in" || formData.get("intent") === "verify-code") return signInAction(request, context, formData, t, "rsvp");

  const identity = await getGuestIdentity(request);
  if (!identity || !guestSessionData(identity)) throw redirect("/rsvp");

  const submission = parseWithZod(formData, { schema: rsvpFormSchema(t.guest, t.rsvp) });
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    const notice = intent === "room-decline" ? fail(t.guest.reasonRequired, t.guest.reasonRequiredText) : null;
    return data({ result: submission.reply(), open: reopen(formData), notice, where: where(formData) } satisfies RsvpActionData, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "submit") return submit({ request, identity, value, submission, t, lang });

  try {
    return data({ result: submission.reply(), where: where(formData), ...step({ identity, value, t, lang }) } satisfies RsvpActionData);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      { result: submission.reply(), open: reopen(formData), where: where(formData), notice: stepFailure(value, error, t) } satisfies RsvpActionData,
      { status: error.status },
    );
  }
}

/** Rooms and members: stored at once; the answer keeps the draft and says what happened. */
function step({ identity, value, t, lang }: { identity: GuestIdentity; value: RsvpFormValue; t: Messages; lang: Lang }): Omit<RsvpActionData, "result"> {
  const g = t.guest;
  switch (value.intent) {
    case "room-confirm":
    case "room-change":
    case "room-decline": {
      const partyId = requireParty(identity);
      const status = value.intent === "room-confirm" ? "confirmed" : value.intent === "room-change" ? "pending" : "declined";
      decideRoomAssignment({ id: value.target, partyId, status, reason: value.intent === "room-decline" ? value.reason : null, actor: "guest" });
      const roomType = listPartyRoomAssignments({ partyId }).find((r) => r.id === value.target)?.roomType;
      const name = roomType ? pickText(roomType.name, roomType.namePt, lang) : "";
      const notice =
        status === "confirmed"
          ? ok(g.roomConfirmed, fmt(g.roomConfirmedText, { name }))
          : status === "declined"
            ? ok(g.roomDeclined, fmt(g.roomDeclinedText, { name }))
            : ok(g.roomPendingAgain, fmt(g.roomPendingAgainText, { name }));
      return { notice, close: true };
    }
    case "room-decline-open":
      requireParty(identity);
      return { open: { kind: "decline", id: value.target } };
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

function stepFailure(value: RsvpFormValue, error: AppError, t: Messages): Notice {
  const g = t.guest;
  if (error instanceof DeadlinePassedError) return fail(g.deadlinePassedTitle, g.deadlinePassed);
  switch (value.intent) {
    case "room-confirm":
    case "room-change":
      if (error.message === PAID_ROOM_LOCKED) return fail(g.error, g.roomPaidLocked);
      return fail(g.error, error.status === 409 ? g.roomUnavailable : g.confirmRoomFailed);
    case "room-decline":
      if (error.message === PAID_ROOM_LOCKED) return fail(g.error, g.roomPaidLocked);
      return fail(g.error, g.declineRoomFailed);
    case "member-save":
      return fail(g.error, value.target === "new" ? g.addMemberFailed : g.updateMemberFailed);
    case "member-remove":
      return fail(g.error, error.message === LAST_MEMBER_MESSAGE ? g.lastMember : g.removeMemberFailed);
    default:
      return fail(g.error, t.rsvp.submitFailedText);
  }
}

/**
 * Submit: the model's answerRsvp does the act whole (the RSVP, the side
 * events, the confirmation e-mail); this turns its refusals into the form's
 * messages.
 */
async function submit({
  request,
  identity,
  value,
  submission,
  t,
  lang,
}: {
  request: Request;
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
      lang,
      origin: new URL(request.url).origin,
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
