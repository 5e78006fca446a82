import type { Messages } from "~/i18n";
import { findInvitation } from "~/models/guest-auth.server";
import { identifierProblem, type SignInMethod } from "~/schemas/guest-auth";
import { problemText, problemTitle } from "~/schemas/guest-sign-in";
import { flashToast, startSession, type FlashToast, type GuestIdentity } from "~/session.server";
import { AppError, NotFoundError, UnauthorizedError } from "~/utils/errors";
import { requestEmailCode, verifyEmailCode, verifyEmailToken } from "~/models/email-sign-in.server";
import { env } from "~/env.server";
import { now } from "~/utils/clock.server";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
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

function pageFailure(error: AppError, title: string, description: string): { failure: SignInFailure } {
  return { failure: { status: error.status, title, description, headers: error.headers } };
}

function commonFailure(error: unknown, t: Messages, method: SignInMethod, identifier: string) {
  if (!(error instanceof AppError)) throw error;
  if (error.status === 429) return null;
  if (error.status === 403) return pageFailure(error, t.guest.authFailed, t.guest.methodDisabled);
  if (error.status === 400) {
    const problem = identifierProblem(method, identifier) ?? "required";
    return pageFailure(error, problemTitle(t.guest, problem), problemText(t.guest, method, problem));
  }
  return undefined;
}

/**
 * Issue 15, first step on the pages: a code by mail (the same answer for any
 * well-formed address), sent at once. Failures: 400, 403, 429 (3 codes per
 * address in 15 minutes).
 */
export function sendPageSignInCode({
  request,
  context,
  identifier,
  t,
}: {
  request: Request;
  context: unknown;
  identifier: string;
  t: Messages;
}): { sent: true } | { failure: SignInFailure } {
  try {
    guestSignInLimiter.assertAllowed(clientAddress(context));
    const base = env().PUBLIC_URL ?? new URL(request.url).origin;
    const { queued } = requestEmailCode({ email: identifier, now: now(), linkBase: base, send: mailSendingEnabled() });
    if (queued) kickMailer();
    return { sent: true };
  } catch (error) {
    const common = commonFailure(error, t, "email", identifier);
    if (common) return common;
    const e = error as AppError;
    if (e.status === 429) {
      // The address's own limit, or the client's failed sign-ins.
      const perAddress = e.message !== undefined && e.message.startsWith("Too many codes");
      return perAddress ? pageFailure(e, t.signInCode.tooManyCodes, t.signInCode.tooManyCodesText) : pageFailure(e, t.guest.tooManyAttempts, t.guest.tooManyAttemptsText);
    }
    throw error;
  }
}

/** Issue 15, second step on the pages: the code from the mail; a refusal counts as a failed sign-in. */
export function checkPageSignInCode({
  context,
  identifier,
  code,
  t,
}: {
  context: unknown;
  identifier: string;
  code: string;
  t: Messages;
}): { identity: GuestIdentity } | { failure: SignInFailure } {
  const key = clientAddress(context);
  try {
    guestSignInLimiter.assertAllowed(key);
    return { identity: verifyEmailCode({ email: identifier, code, now: now() }) };
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      guestSignInLimiter.recordFailure(key);
      return pageFailure(error, t.signInCode.codeInvalid, t.signInCode.codeInvalidText);
    }
    const common = commonFailure(error, t, "email", identifier);
    if (common) return common;
    const e = error as AppError;
    if (e.status === 429) return pageFailure(e, t.guest.tooManyAttempts, t.guest.tooManyAttemptsText);
    throw error;
  }
}

/** The one-click link of the sign-in mail (/rsvp?email-token=...). */
export function signInByEmailToken({ token, t }: { token: string; t: Messages }): { identity: GuestIdentity } | { failure: SignInFailure } {
  try {
    return { identity: verifyEmailToken({ token, now: now() }) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) return pageFailure(error, t.guest.authFailed, t.guest.methodDisabled);
    return pageFailure(error, t.signInCode.linkInvalid, t.signInCode.linkInvalidText);
  }
}
