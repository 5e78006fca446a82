import { identifierMessage, identifierProblem, type SignInMethod } from "../schemas/guest-auth";
import type { GuestIdentity } from "./identity";
import { guestPartyView, guestSelfView } from "./guest-views.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../utils/errors";
import { CONTACT_SHARED, contactRows, inviteesOf, type ContactKind } from "./identity-owner.server";
import { getAuthSettings, isMethodEnabled } from "./auth-settings.server";
import { recordFirstOpen } from "./invitee-tracking.server";
import { findGuestByCustomCode, getGuestWithRsvp } from "./guests.server";
import { getPartyByAuthCode, getPartyWithGuests } from "./parties.server";

export const METHOD_DISABLED = "This sign-in method is currently disabled. Please contact the host.";
export const PARTY_NOT_FOUND =
  "Authentication failed - Could not find your party invitation. Please check your information or contact the host.";
export const INVITATION_NOT_FOUND = "Authentication failed - Could not find your invitation. Please check your information.";

/**
 * What a signed-in guest sees of itself: a party (with guests and rsvp) or a
 * single guest, field by field (guest-views.server.ts); the invitation code
 * only when the session signed in with it.
 */
export function guestSessionData(identity: GuestIdentity) {
  if (identity.type === "party") {
    const party = getPartyWithGuests({ id: identity.id });
    return party ? { type: "party" as const, data: guestPartyView(party, party.guests, party.rsvp, identity) } : null;
  }
  const guest = getGuestWithRsvp({ id: identity.id });
  return guest ? { type: "guest" as const, data: guestSelfView(guest, guest.rsvp, identity) } : null;
}

export type GuestSession = NonNullable<ReturnType<typeof guestSessionData>>;

/** The answer of the sign-in routes and /api/auth/session's data, flattened with its type. */
export function guestSignInAnswer(session: GuestSession) {
  return { type: session.type, ...session.data };
}

function identityForGuest(guest: { id: string; partyId: string | null }, via: GuestIdentity["via"], code?: string): GuestIdentity {
  // A guest who belongs to a party signs in as that party.
  const who: GuestIdentity = guest.partyId ? { type: "party", id: guest.partyId } : { type: "guest", id: guest.id };
  return code ? { ...who, via, code } : { ...who, via };
}

/**
 * The one invitee a contact belongs to, with its language (the matching
 * guest's own, else the party's); null if none. An address that two invitees
 * hold (data from before issue 22's rule) signs in to neither: 409, contact
 * the host.
 */
function findByContact(kind: ContactKind, value: string): { identity: GuestIdentity; language: "en" | "pt" } | null {
  const rows = contactRows(kind, value);
  if (rows.length === 0) return null;
  if (inviteesOf(rows).length > 1) throw new ConflictError(CONTACT_SHARED);
  const row = rows[0]!;
  return { identity: { ...row.invitee, via: kind }, language: row.language };
}

/** The party or guest an e-mail address belongs to, with its language; null if none (409 if two hold it). */
export function findByEmail(email: string) {
  return findByContact("email", email);
}

/**
 * Finds the invitation behind an identifier. Throws 400 for a badly formed
 * identifier, 403 for a disabled method and 404 when nothing matches.
 */
export function findInvitation(method: SignInMethod, rawIdentifier: string): GuestIdentity {
  const identity = lookUpInvitation(method, rawIdentifier);
  // Every guest sign-in (code, e-mail, phone; page or API) comes through here: the first one marks the invitation opened.
  recordFirstOpen(identity);
  return identity;
}

function lookUpInvitation(method: SignInMethod, rawIdentifier: string): GuestIdentity {
  const problem = identifierProblem(method, rawIdentifier);
  if (problem) throw new ValidationError(identifierMessage(method, problem), { identifier: [identifierMessage(method, problem)] });
  if (!isMethodEnabled(getAuthSettings(), method)) throw new ForbiddenError(METHOD_DISABLED);
  const identifier = rawIdentifier.trim();

  if (method === "code") {
    const party = getPartyByAuthCode({ authCode: identifier });
    if (party) return { type: "party", id: party.id, via: "code", code: identifier };
    const guest = findGuestByCustomCode(identifier);
    if (guest) return identityForGuest(guest, "code", identifier);
    throw new NotFoundError(PARTY_NOT_FOUND);
  }
  if (method === "email") {
    const found = findByEmail(identifier);
    if (found) return found.identity;
    throw new NotFoundError(INVITATION_NOT_FOUND);
  }
  const found = findByContact("phone", identifier);
  if (found) return found.identity;
  throw new NotFoundError(INVITATION_NOT_FOUND);
}
