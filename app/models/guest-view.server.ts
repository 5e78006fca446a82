import { guestQuestions, type Owner } from "~/models/answers.server";
import { getEventConfig } from "~/models/event-config.server";
import { identityToResponder, listEventRsvpsFor, listEventsFor } from "~/models/event-rsvps.server";
import { guestSessionData } from "~/models/guest-auth.server";
import { listPartyRoomAssignments } from "~/models/room-assignments.server";
import type { Lang } from "~/i18n";
import { localizeEvent, localizeEventConfig, localizePayment, localizeRoomType } from "./host-texts";
import type { GuestIdentity } from "./identity";
import { paymentSummary } from "./payment-summary";
import { epcPayload } from "./epc-qr";
import { guestLedger } from "./ledger.server";
import { rsvpDeadlineState } from "~/utils/rsvp-deadline";

/**
 * Everything a signed-in guest's pages show, gathered in a handful of queries
 * and trimmed to what a guest may see (no host notes, no other codes), with
 * the host's texts in `lang` (English when the Portuguese value is empty).
 * Null when the party or guest no longer exists.
 */
export function loadGuestView(identity: GuestIdentity, lang: Lang) {
  const session = guestSessionData(identity);
  if (!session) return null;
  const responder = identityToResponder(identity);
  const isParty = session.type === "party";
  const rsvp = session.data.rsvp;
  const members = isParty ? session.data.guests : [];
  const rooms = isParty ? listPartyRoomAssignments({ partyId: identity.id }) : [];
  const events = listEventsFor(responder);
  const answers = listEventRsvpsFor(responder);
  const config = getEventConfig();
  const guestRooms = rooms.map((r) => ({
    id: r.id,
    quantity: r.quantity,
    confirmationStatus: r.confirmationStatus,
    declineReason: r.declineReason,
    paymentDeadline: r.paymentDeadline,
    isPaid: r.isPaid,
    roomType: localizeRoomType(r.roomType, lang),
  }));

  return {
    kind: session.type,
    id: identity.id,
    /** The welcome line: the party's name or the guest's first name. */
    name: isParty ? session.data.name : session.data.firstName,
    /**
     * What the guest puts in a payment reference: the invitation code for a
     * session that signed in with it, otherwise a reference that is not a
     * sign-in secret (issue 15).
     */
    code: codeOf(session.data),
    reference: session.data.paymentReference,
    /** Where the confirmation e-mail goes: the party's primary e-mail, else its members'; the guest's own. */
    recipients: isParty
      ? session.data.primaryEmail
        ? [session.data.primaryEmail]
        : members.map((m) => m.email).filter((e): e is string => !!e)
      : session.data.email
        ? [session.data.email]
        : [],
    rsvp: rsvp
      ? {
          attending: rsvp.attending,
          guestCount: rsvp.guestCount,
          adultsCount: rsvp.adultsCount,
          kidsCount: rsvp.kidsCount,
          babiesCount: rsvp.babiesCount,
          dietaryRestrictions: rsvp.dietaryRestrictions,
          messageToHost: rsvp.messageToHost,
          confirmedAt: rsvp.confirmedAt,
        }
      : null,
    members: members.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      phone: m.phone,
      ageCategory: m.ageCategory,
      /** Coming (issue 14): null until the party answers. */
      attending: m.attending,
    })),
    rooms: guestRooms,
    /** What is owed for the rooms (SPEC.md 9), worked out here so the page only shows it. */
    owed: paymentSummary(guestRooms),
    events: events.map((e) => localizeEvent(e, lang)),
    eventAnswers: Object.fromEntries(answers.map((a) => [a.eventId, a.attending])) as Record<string, boolean>,
    config: guestConfig(config, lang),
    /** Issue 14: the reply-by date, and whether answers are closed. */
    deadline: rsvpDeadlineState(config),
    /** How to pay (issue 18), or null until the host sets it. */
    payment: localizePayment(config.payment, lang),
    /** Issue 24: the host's questions for this invitation, with its answers (never host-only ones). */
    questions: guestQuestions(responder, lang, new Set(events.map((e) => e.id)), {
      // The rows read above (issue 28): the party's members, its answer and the events it comes to.
      invitation: isParty
        ? { owner: responder as Owner, people: members, rsvpAttending: rsvp?.attending ?? null, events: new Set(answers.filter((a) => a.attending).map((a) => a.eventId)) }
        : undefined,
    }),
    /** Issue 25: the party's ledger (due, payments, balance, reference) and the EPC QR payload for its balance. */
    ...ledgerOf(identity, config.payment),
  };
}

function ledgerOf(identity: GuestIdentity, payment: ReturnType<typeof getEventConfig>["payment"]) {
  if (identity.type !== "party") return { ledger: null, epc: null };
  const ledger = guestLedger(identity);
  const epc =
    payment?.iban && payment.bankHolder && ledger.balance > 0
      ? epcPayload({ bic: payment.bic, holder: payment.bankHolder, iban: payment.iban, amountCents: ledger.balance, reference: ledger.reference })
      : null;
  return { ledger, epc };
}

function guestConfig(config: ReturnType<typeof getEventConfig>, lang: Lang) {
  const c = localizeEventConfig(config, lang);
  return {
    eventTitle: c.eventTitle,
    eventDate: c.eventDate,
    eventTime: c.eventTime,
    venueName: c.venueName,
    venueAddress: c.venueAddress,
    roomConfirmationMessage: c.roomConfirmationMessage,
  };
}

function codeOf(data: object): string | null {
  if ("authCode" in data && typeof data.authCode === "string") return data.authCode;
  if ("customCode" in data && typeof data.customCode === "string") return data.customCode;
  return null;
}

export type GuestView = NonNullable<ReturnType<typeof loadGuestView>>;
export type GuestRoom = GuestView["rooms"][number];
export type GuestMember = GuestView["members"][number];
export type GuestEvent = GuestView["events"][number];
