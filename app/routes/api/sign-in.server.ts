import { getAuthSettings } from "~/models/auth-settings.server";
import { requestEmailCode } from "~/models/email-sign-in.server";
import { findInvitation, guestSessionData, guestSignInAnswer } from "~/models/guest-auth.server";
import type { GuestIdentity } from "~/models/identity";
import type { SignInMethod } from "~/schemas/guest-auth";
import { startSession } from "~/session.server";
import { json } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import type { Lang } from "~/i18n";
import { mailLangOf } from "~/i18n/lang.server";
import { NotFoundError, UnauthorizedError } from "~/utils/errors";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { clientAddress, codeRequestLimiter, guestSignInLimiter } from "~/utils/rate-limit.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * The guest sign-in both /api/party-auth and /api/guest-auth answer with:
 * a new session for the party or guest, and its data with `type` beside it.
 * Only a look-up that finds nothing counts as a failed attempt (CONTRACT.md 4).
 * With `emailCodeRequired`, an e-mail sign-in only sends a code (202), the
 * same answer for any well-formed address (issue 15).
 */
export async function signInGuest(request: Request, context: unknown, method: SignInMethod, identifier: string) {
  const key = clientAddress(context);
  if (method === "email" && getAuthSettings().emailCodeRequired) {
    guestSignInLimiter.assertAllowed(key);
    sendSignInCode(context, identifier, await mailLangOf(request));
    return json({ codeSent: true }, 202);
  }
  // Counted before the look-up, given back unless nothing was found (issue 22.3).
  const attempt = guestSignInLimiter.reserve(key);
  let identity;
  try {
    identity = findInvitation(method, identifier);
  } catch (error) {
    if (!(error instanceof NotFoundError)) attempt.release();
    throw error;
  }
  attempt.release();
  return answerSignIn(request, identity);
}

/**
 * Writes a code (and, for an invited address, its mail in `lang`, else the
 * invitee's language) and wakes the sender at once; each counts against the
 * client's limit. The mail's link never takes the request's Host (issue 22.2).
 */
export function sendSignInCode(context: unknown, email: string, lang?: Lang) {
  const key = clientAddress(context);
  codeRequestLimiter.assertAllowed(key);
  const { queued } = requestEmailCode({ email, now: now(), linkBase: publicOrigin(), send: mailSendingEnabled(), lang });
  codeRequestLimiter.recordFailure(key);
  if (queued) kickMailer();
}

/** A new session for the identity, answered with the guest's fields (guest-views.server.ts). */
export async function answerSignIn(request: Request, identity: GuestIdentity) {
  const session = guestSessionData(identity);
  if (!session) throw new UnauthorizedError("Invitation no longer exists");
  const headers = await startSession(request, { guest: identity });
  return json(guestSignInAnswer(session), { headers });
}
