import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getAuthSettings } from "~/models/auth-settings.server";
import { maskEmail } from "~/models/email-sign-in.server";
import { guestSessionData } from "~/models/guest-auth.server";
import { resolveMethod, signInSchema, verifyCodeFormSchema } from "~/schemas/guest-sign-in";
import { ok, oversizedFields } from "./replies.server";
import type { Lang, Messages } from "~/i18n";
import { getLang } from "~/i18n/lang.server";
import { findInvitation } from "~/models/guest-auth.server";
import { identifierProblem, MAX_IDENTIFIER_LENGTH, type SignInMethod } from "~/schemas/guest-auth";
import { problemText, problemTitle } from "~/schemas/guest-sign-in";
import { flashToast, startSession, type FlashToast, type GuestIdentity } from "~/session.server";
import { AppError, NotFoundError, UnauthorizedError } from "~/utils/errors";
import {
  requestEmailCode,
  TOO_MANY_CODES,
  TOO_MANY_CODES_TODAY,
  TOO_MANY_TRIES_TODAY,
  verifyEmailCode,
  verifyEmailToken,
} from "~/models/email-sign-in.server";
import { now } from "~/utils/clock.server";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { clientAddress, codeRequestLimiter, guestSignInLimiter, type Attempt } from "~/utils/rate-limit.server";
import { publicOrigin } from "~/utils/origin.server";

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
  let attempt: Attempt | undefined;
  try {
    // Counted before the look-up, given back unless nothing was found (issue 22.3).
    attempt = guestSignInLimiter.reserve(clientAddress(context));
    const identity = findInvitation(method, identifier);
    attempt.release();
    return { identity };
  } catch (error) {
    if (!(error instanceof NotFoundError)) attempt?.release();
    if (!(error instanceof AppError)) throw error;
    const failure = (title: string, description: string): { failure: SignInFailure } => ({
      failure: { status: error.status, title, description, headers: error.headers },
    });
    if (error.status === 429) return failure(t.guest.tooManyAttempts, t.guest.tooManyAttemptsText);
    if (error.status === 403) return failure(t.guest.authFailed, t.guest.methodDisabled);
    // Issue 22: an address two invitations hold signs in to neither.
    if (error.status === 409) return failure(t.guest.authFailed, t.guest.contactShared);
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
  if (error.status === 409) return pageFailure(error, t.guest.authFailed, t.guest.contactShared);
  if (error.status === 400) {
    const problem = identifierProblem(method, identifier) ?? "required";
    return pageFailure(error, problemTitle(t.guest, problem), problemText(t.guest, method, problem));
  }
  return undefined;
}

/**
 * Issue 15, first step on the pages: a code by mail (the same answer for any
 * well-formed address), sent at once. Failures: 400, 403, 429 (3 codes per
 * address in 15 minutes or 10 in 24 hours; 10 requests per client in 15 minutes).
 */
export function sendPageSignInCode({
  request,
  context,
  identifier,
  t,
  lang,
}: {
  request: Request;
  context: unknown;
  identifier: string;
  t: Messages;
  /** The mail's language: the page's (issue 23), the one the guest is reading. */
  lang?: Lang;
}): { sent: true } | { failure: SignInFailure } {
  const key = clientAddress(context);
  try {
    guestSignInLimiter.assertAllowed(key);
    codeRequestLimiter.assertAllowed(key);
    // The link in the mail never takes this request's Host (issue 22.2).
    const { queued } = requestEmailCode({ email: identifier, now: now(), linkBase: publicOrigin(), send: mailSendingEnabled(), lang });
    codeRequestLimiter.recordFailure(key);
    if (queued) kickMailer();
    return { sent: true };
  } catch (error) {
    const common = commonFailure(error, t, "email", identifier);
    if (common) return common;
    const e = error as AppError;
    if (e.status === 429) {
      // The address's own limits, or the client's (failed sign-ins, codes asked for).
      if (e.message === TOO_MANY_CODES) return pageFailure(e, t.signInCode.tooManyCodes, t.signInCode.tooManyCodesText);
      if (e.message === TOO_MANY_CODES_TODAY) return pageFailure(e, t.signInCode.tooManyCodes, t.signInCode.tooManyCodesTodayText);
      return pageFailure(e, t.guest.tooManyAttempts, t.guest.tooManyAttemptsText);
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
  let attempt: Attempt | undefined;
  try {
    attempt = guestSignInLimiter.reserve(clientAddress(context));
    const identity = verifyEmailCode({ email: identifier, code, now: now() });
    attempt.release();
    return { identity };
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) attempt?.release();
    if (error instanceof UnauthorizedError) {
      return pageFailure(error, t.signInCode.codeInvalid, t.signInCode.codeInvalidText);
    }
    const common = commonFailure(error, t, "email", identifier);
    if (common) return common;
    const e = error as AppError;
    if (e.status === 429 && e.message === TOO_MANY_TRIES_TODAY) return pageFailure(e, t.signInCode.tooManyTries, t.signInCode.tooManyTriesText);
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

// --- The sign-in forms of /rsvp and /my-rsvp ---

/**
 * The sign-in of /rsvp and /my-rsvp. A guest who has answered already goes
 * to My RSVP: at once without JavaScript (with a flash message), after a
 * moment on the page with it (the page shows the message, then moves).
 */
export async function signInAction(request: Request, context: unknown, formData: FormData, t: Messages, page: "rsvp" | "my-rsvp") {
  if (formData.get("intent") === "verify-code") return verifyCodeAction(request, context, formData, t, page);
  const submission = parseWithZod(formData, { schema: signInSchema(t.guest) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: oversizedFields(formData, { identifier: MAX_IDENTIFIER_LENGTH }) }) }, { status: 400 });
  }
  const { method, identifier = "" } = submission.value;
  const resolved = resolveMethod(method, identifier);
  if (resolved === "email" && getAuthSettings().emailCodeRequired) {
    // Issue 15: the same answer for any well-formed address; the code goes by mail.
    const codeStep = { identifier: identifier.trim(), masked: maskEmail(identifier), method };
    const sent = sendPageSignInCode({ request, context, identifier, t, lang: await getLang(request) });
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
  const identifier = String(formData.get("identifier") ?? "").slice(0, MAX_IDENTIFIER_LENGTH);
  const method = String(formData.get("method") ?? "email");
  const codeStep = { identifier, masked: maskEmail(identifier), method: method === "whatsapp" ? ("whatsapp" as const) : ("email" as const) };
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: oversizedFields(formData, { identifier: MAX_IDENTIFIER_LENGTH, code: 20 }) }), codeStep }, { status: 400 });
  }
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
