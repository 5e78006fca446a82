import { findInvitation, guestSessionData, guestSignInAnswer } from "~/models/guest-auth.server";
import type { SignInMethod } from "~/schemas/guest-auth";
import { startSession } from "~/session.server";
import { json } from "~/utils/api.server";
import { NotFoundError, UnauthorizedError } from "~/utils/errors";
import { clientAddress, guestSignInLimiter } from "~/utils/rate-limit.server";

/**
 * The guest sign-in both /api/party-auth and /api/guest-auth answer with:
 * a new session for the party or guest, and its data with `type` beside it.
 * Only a look-up that finds nothing counts as a failed attempt (CONTRACT.md 4).
 */
export async function signInGuest(request: Request, context: unknown, method: SignInMethod, identifier: string) {
  const key = clientAddress(context);
  guestSignInLimiter.assertAllowed(key);
  let identity;
  try {
    identity = findInvitation(method, identifier);
  } catch (error) {
    if (error instanceof NotFoundError) guestSignInLimiter.recordFailure(key);
    throw error;
  }
  const session = guestSessionData(identity);
  if (!session) throw new UnauthorizedError("Invitation no longer exists");
  const headers = await startSession(request, { guest: identity });
  return json(guestSignInAnswer(session), { headers });
}
