import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { fmt, type Lang } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { identityToResponder, listEventsFor, setEventRsvp } from "~/models/event-rsvps.server";
import { confirmRoomAssignment, declineRoomAssignment, listPartyRoomAssignments, PAID_ROOM_LOCKED } from "~/models/room-assignments.server";
import { myRsvpSchema } from "~/schemas/guest-my-rsvp";
import { getGuestIdentity, redirectWithToast } from "~/session.server";
import { AppError, DeadlinePassedError, ForbiddenError } from "~/utils/errors";
import { NOBODY_COMING, setMemberAttendance } from "~/models/rsvps.server";
import { loadGuestView } from "~/models/guest-view.server";
import { pickText } from "~/models/host-texts";
import type { Notice } from "~/components/guest/notice";
import { signInAction } from "~/routes/rsvp/sign-in.server";
import { saveMyAnswers } from "./answers.server";
import { saveTravelForm } from "./travel.server";

const fail = (title: string, description: string): Notice => ({ type: "error", title, description });

/**
 * /my-rsvp's forms. A change is stored, then the page is shown again with a
 * message (a redirect: reloading never repeats it). A refusal comes back to
 * the same page with the message and what was typed.
 */
export async function myRsvpAction({ request, context, lang }: { request: Request; context: unknown; lang: Lang }) {
  const t = messagesFor(lang);
  const g = t.guest;
  const formData = await request.formData();
  if (formData.get("intent") === "sign-in" || formData.get("intent") === "verify-code") return signInAction(request, context, formData, t, "my-rsvp");

  const identity = await getGuestIdentity(request);
  if (!identity || !loadGuestView(identity, lang)) throw redirect("/my-rsvp");
  // Issue 24: the answers to the host's questions (fields named by question and person, not this schema's).
  if (formData.get("intent") === "answers-save") return saveMyAnswers({ request, identity, form: formData, t, lang });
  // Issue 26: the travel form (also posted from /rsvp's thank-you page).
  if (formData.get("intent") === "travel-save") return saveTravelForm({ request, identity, form: formData, t, lang });
  const submission = parseWithZod(formData, { schema: myRsvpSchema(g) });
  if (submission.status !== "success") {
    const decline = formData.get("intent") === "room-decline";
    return data(
      {
        intent: String(formData.get("intent") ?? ""),
        result: submission.reply(),
        notice: decline ? fail(g.reasonRequired, g.reasonRequiredText) : null,
      },
      { status: 400 },
    );
  }
  const value = submission.value;

  try {
    if (value.intent === "events-save") {
      const responder = identityToResponder(identity);
      const chosen = new Set(value.events);
      for (const event of listEventsFor(responder)) setEventRsvp({ ...responder, eventId: event.id, attending: chosen.has(event.id), actor: "guest" });
      return redirectWithToast(request, "/my-rsvp#events", { type: "success", title: t.myRsvp.eventsUpdated, description: t.myRsvp.eventsUpdatedText });
    }
    if (value.intent === "members-save") {
      if (identity.type !== "party") throw new ForbiddenError();
      const saved = setMemberAttendance({
        partyId: identity.id,
        memberAttendance: value.memberIds.map((guestId) => ({ guestId, attending: value.coming.includes(guestId) })),
        actor: "guest",
      });
      return redirectWithToast(request, "/my-rsvp#status", {
        type: "success",
        title: t.myRsvp.whoIsComingSaved,
        description: fmt(t.myRsvp.whoIsComingSavedText, { total: saved.guestCount }),
      });
    }
    if (value.intent === "room-confirm" || value.intent === "room-decline") {
      if (identity.type !== "party") throw new ForbiddenError();
      const partyId = identity.id;
      const room = listPartyRoomAssignments({ partyId }).find((r) => r.id === value.assignmentId);
      const name = room ? pickText(room.roomType.name, room.roomType.namePt, lang) : "";
      if (value.intent === "room-confirm") {
        confirmRoomAssignment({ id: value.assignmentId, partyId, actor: "guest" });
        return redirectWithToast(request, "/my-rsvp#rooms", { type: "success", title: g.roomConfirmed, description: fmt(g.roomConfirmedText, { name }) });
      }
      declineRoomAssignment({ id: value.assignmentId, partyId, reason: value.reason, actor: "guest" });
      return redirectWithToast(request, "/my-rsvp#rooms", { type: "success", title: g.roomDeclined, description: fmt(g.roomDeclinedText, { name }) });
    }
    throw redirect("/my-rsvp");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const notice =
      error instanceof DeadlinePassedError
        ? fail(g.deadlinePassedTitle, g.deadlinePassed)
        : error.message === NOBODY_COMING
          ? fail(g.error, g.nobodyComing)
          : value.intent === "members-save"
            ? fail(g.error, t.rsvp.submitFailedText)
            : error.message === PAID_ROOM_LOCKED
        ? fail(g.error, g.roomPaidLocked)
        : value.intent === "events-save"
          ? fail(g.error, t.myRsvp.eventsFailed)
          : value.intent === "room-confirm"
            ? fail(g.error, error.status === 409 ? g.roomUnavailable : g.confirmRoomFailed)
            : fail(g.error, g.declineRoomFailed);
    return data({ intent: value.intent, result: submission.reply(), notice }, { status: error.status });
  }
}
