import type { RsvpActionData } from "~/components/guest/rsvp-form";
import { fmt, type Lang, type Messages } from "~/i18n";
import { pickText } from "~/models/host-texts";
import { decideRoomAssignment, listPartyRoomAssignments, PAID_ROOM_LOCKED } from "~/models/room-assignments.server";
import type { RsvpFormValue } from "~/schemas/guest-rsvp-form";
import type { GuestIdentity } from "~/session.server";
import type { AppError } from "~/utils/errors";
import { fail, ok, requireParty } from "./replies.server";

/** The room intents share schema branches with other buttons, so the switch below narrows them. */
type RoomIntent = RsvpFormValue;

export const isRoomIntent = (value: RsvpFormValue) => value.intent.startsWith("room-");

/** A room's button on the RSVP form: stored at once; the answer keeps the draft and says what happened. */
export function roomStep({ identity, value, t, lang }: { identity: GuestIdentity; value: RoomIntent; t: Messages; lang: Lang }): Omit<RsvpActionData, "result"> {
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
    default:
      return { close: true };
  }
}

/** What a refused room button says. */
export function roomFailure(value: RoomIntent, error: AppError, t: Messages) {
  const g = t.guest;
  switch (value.intent) {
    case "room-confirm":
    case "room-change":
      if (error.message === PAID_ROOM_LOCKED) return fail(g.error, g.roomPaidLocked);
      return fail(g.error, error.status === 409 ? g.roomUnavailable : g.confirmRoomFailed);
    case "room-decline":
      if (error.message === PAID_ROOM_LOCKED) return fail(g.error, g.roomPaidLocked);
      return fail(g.error, g.declineRoomFailed);
    default:
      return fail(g.error, g.confirmRoomFailed);
  }
}
