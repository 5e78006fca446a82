import type { Messages } from "~/i18n";
import { findInvitation } from "~/models/guest-auth.server";
import { identifierProblem, type SignInMethod } from "~/schemas/guest-auth";
import { problemText, problemTitle } from "~/schemas/guest-sign-in";
import { flashToast, startSession, type FlashToast, type GuestIdentity } from "~/session.server";
import { AppError, NotFoundError } from "~/utils/errors";
import { clientAddress, guestSignInLimiter } from "~/utils/rate-limit.server";

export type SignInFailure = { status: number; title: string; description: string; headers?: Record<string, string> };

/**
 * The pages' guest sign-in: the same look-up and limits as POST /api/guest-auth
 * (only a look-up that finds nothing counts as a failed attempt), with the
 * answers in the guest's language. `page` picks SPEC.md 8's wording: /rsvp
 * says "invitation", /my-rsvp says "RSVP".
 */
export function lookUpInvitation({
  context,
  method,
  identifier,
  page,
  t,
}: {
  context: unknown;
  method: SignInMethod;
  identifier: string;
  page: "rsvp" | "my-rsvp";
  t: Messages;
}): { identity: GuestIdentity } | { failure: SignInFailure } {
  const key = clientAddress(context);
  try {
    guestSignInLimiter.assertAllowed(key);
    return { identity: findInvitation(method, identifier) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error instanceof NotFoundError) guestSignInLimiter.recordFailure(key);
    const failure = (title: string, description: string): { failure: SignInFailure } => ({
      failure: { status: error.status, title, description, headers: error.headers },
    });
    if (error.status === 429) return failure(t.guest.tooManyAttempts, t.guest.tooManyAttemptsText);
    if (error.status === 403) return failure(t.guest.authFailed, t.guest.methodDisabled);
    if (error.status === 400) {
      const problem = identifierProblem(method, identifier) ?? "required";
      return failure(problemTitle(t.guest, problem), problemText(t.guest, method, problem));
    }
    const byCode = method === "code";
    if (page === "my-rsvp") return failure(t.guest.authFailed, byCode ? t.myRsvp.partyRsvpNotFound : t.myRsvp.rsvpNotFound);
    return failure(t.guest.authFailed, byCode ? t.guest.partyInvitationNotFound : t.guest.invitationNotFound);
  }
}

/**
 * A new guest session (a new id), optionally carrying a flash toast. The
 * toast must go into the NEW session: flashing into the request's old one
 * would answer with the old, now deleted, session id.
 */
export async function startGuestSession(request: Request, identity: GuestIdentity, toast?: FlashToast) {
  const headers = await startSession(request, { guest: identity });
  if (!toast) return headers;
  const cookie = headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const fresh = new Request(request.url, { headers: { Cookie: cookie, "X-Forwarded-Proto": request.headers.get("X-Forwarded-Proto") ?? "" } });
  return new Headers({ "Set-Cookie": await flashToast(fresh, toast) });
}
