import { groupCommit } from "../db.server";
import type { Lang } from "../i18n";
import { listEventsFor, setEventRsvp } from "./event-rsvps.server";
import { saveAnswers } from "./answers.server";
import type { AnswerInput } from "../schemas/question";
import { getGuest } from "./guests.server";
import type { GuestIdentity } from "./identity";
import { getParty } from "./parties.server";
import { queueRsvpConfirmation, sendQueuedMail } from "./rsvp-email.server";
import { getRsvpFor, submitRsvp, type RsvpSubmission } from "./rsvps.server";

export type RsvpAnswerOptions = {
  /** The side events ticked on the same form (the page); left out, event answers are untouched (the API). */
  events?: readonly string[];
  /** The language of the confirmation e-mail; by default the invitee's own. */
  lang?: Lang;
  /** Where links in the e-mail point when PUBLIC_URL is not set. */
  origin: string;
  /**
   * Who answers, as signed in: the e-mail carries the invitation code (link and
   * payment reference) only for a session that holds it (docs/decisions/052).
   * The host answering for a party holds it.
   */
  answeredBy: { role: "admin" } | { role: "guest"; guest: GuestIdentity };
};

/**
 * The RSVP submit, whole, for every door (the /rsvp page and POST /api/rsvps):
 * the answer, the side events chosen on the same form (one failing does not
 * undo the answer, SPEC.md 8) and the confirmation e-mail, stored together
 * and durable before this resolves (group commit, docs/decisions/041); the
 * mail is then sent in the background, never awaited.
 */
export async function answerRsvp(input: RsvpSubmission & { answers?: AnswerInput[] }, options: RsvpAnswerOptions) {
  const owner = input.partyId ? { partyId: input.partyId } : { guestId: input.guestId! };
  const owned: GuestIdentity = owner.partyId ? { type: "party", id: owner.partyId } : { type: "guest", id: owner.guestId! };
  const identity: GuestIdentity = options.answeredBy.role === "guest" ? options.answeredBy.guest : { ...owned, via: "code" };
  // One transaction, one fsync shared with the submits arriving together:
  // the answer, its events (each in its own savepoint) and its mail.
  const { existed, rsvp, eventsFailed, mail } = await groupCommit(() => {
    const existed = getRsvpFor(owner) !== null;
    const rsvp = submitRsvp(input);
    let eventsFailed = false;
    if (options.events) {
      const chosen = new Set(options.events);
      for (const event of listEventsFor(owner)) {
        try {
          setEventRsvp({ ...owner, eventId: event.id, attending: chosen.has(event.id), actor: input.actor });
        } catch (error) {
          eventsFailed = true;
          console.error(JSON.stringify({ level: "error", msg: "event rsvp failed", eventId: event.id, error: String(error) }));
        }
      }
    }
    // Issue 24: after the members and events they depend on; one bad answer undoes the whole submit.
    if (input.answers) saveAnswers({ owner, answers: input.answers, actor: input.actor, complete: input.attending, lang: options.lang });
    const mail = queueRsvpConfirmation({ identity, lang: options.lang ?? inviteeLanguage(owned), origin: options.origin });
    return { existed, rsvp, eventsFailed, mail };
  });
  sendQueuedMail(mail);
  return { existed, rsvp, eventsFailed };
}

function inviteeLanguage(identity: GuestIdentity): Lang {
  const row = identity.type === "party" ? getParty({ id: identity.id }) : getGuest({ id: identity.id });
  return row?.language === "pt" ? "pt" : "en";
}
