import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { emailSignInCodes, newId } from "../../db/schema";
import { db, immediate } from "../db.server";
import { fmt } from "../i18n/define";
import { messages } from "../i18n/messages";
import { identifierMessage, identifierProblem } from "../schemas/guest-auth";
import { ForbiddenError, RateLimitedError, UnauthorizedError, ValidationError } from "../utils/errors";
import { getAuthSettings, isMethodEnabled } from "./auth-settings.server";
import { getEventConfig } from "./event-config.server";
import { findByEmail, METHOD_DISABLED } from "./guest-auth.server";
import type { GuestIdentity } from "./identity";
import { recordFirstOpen } from "./invitee-tracking.server";
import { enqueueMail } from "./outbox.server";

/*
 * E-mail sign-in with a one-time code (issue 15). Asking for a code answers
 * the same for every well-formed address, invited or not: a row is written
 * either way (so the limit of 3 per address per 15 minutes counts unknown
 * addresses alike) and only an invited address gets a mail, with a 6-digit
 * code and a one-click link. Only the newest code of an address counts; it is
 * valid for 10 minutes, works once, and dies after 5 wrong tries. Addresses,
 * codes and link tokens are stored as SHA-256 hashes. `now` comes from the
 * caller (app/utils/clock.server.ts), so tests can move time.
 *
 * Issue 22: per address, also at most 10 codes and 30 wrong tries in any 24
 * hours (3 codes per 15 minutes alone allowed about 1,440 guesses a day; now
 * 30, a 1 in 33,000 chance at a 6-digit code). A rolling day, counted from
 * the rows themselves, which are kept exactly that long. The one-click link
 * is not a guess (256 random bits), so it still signs in past the tries cap.
 */

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_WINDOW_MS = 15 * 60_000;
export const MAX_CODES_PER_WINDOW = 3;
export const MAX_WRONG_TRIES = 5;
export const DAY_MS = 24 * 3600_000;
export const MAX_CODES_PER_DAY = 10;
export const MAX_WRONG_TRIES_PER_DAY = 30;

export const CODE_NOT_ACCEPTED = "Code not accepted - This code is wrong, has expired or was already used.";
export const LINK_NOT_ACCEPTED = "Link not accepted - This sign-in link has expired or was already used.";
export const TOO_MANY_CODES = "Too many codes requested for this address. Please wait 15 minutes and try again.";
export const TOO_MANY_CODES_TODAY = "Too many codes requested for this address today. Please try again tomorrow.";
export const TOO_MANY_TRIES_TODAY =
  "Too many wrong codes for this address today. Ask for a new code and use the link in its e-mail, or try again tomorrow.";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const emailHashOf = (email: string) => sha256(`email:${email.trim().toLowerCase()}`);
const codeHashOf = (rowId: string, code: string) => sha256(`code:${rowId}:${code}`);
const tokenHashOf = (token: string) => sha256(`token:${token}`);

function sameHash(a: string, b: string) {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "ana@example.com" → "a...@example.com": enough to recognise, not to harvest. */
export function maskEmail(email: string) {
  const [local = "", domain = ""] = email.trim().split("@");
  return `${local.slice(0, 1)}...@${domain}`;
}

function assertEmailSignIn(email: string) {
  const problem = identifierProblem("email", email);
  if (problem) throw new ValidationError(identifierMessage("email", problem), { identifier: [identifierMessage("email", problem)] });
  if (!isMethodEnabled(getAuthSettings(), "email")) throw new ForbiddenError(METHOD_DISABLED);
}

/** The sign-in mail in the invitee's language: text and HTML say the same. */
export function composeCodeEmail({ lang, code, link, title }: { lang: "en" | "pt"; code: string; link: string; title: string }) {
  const m = messages[lang].signInCode;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const subject = fmt(m.mailSubject, { code });
  const text = [fmt(m.mailIntro, { title }), "", code, "", m.mailValid, "", m.mailLinkIntro, link, "", m.mailIgnore, ""].join("\n");
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="margin:0;background:#faf6ef;color:#1f1a17;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><p>${esc(fmt(m.mailIntro, { title }))}</p><p style="font-family:Georgia,serif;font-size:36px;letter-spacing:6px;color:#6b1f2e;margin:16px 0">${esc(code)}</p><p>${esc(m.mailValid)}</p><p>${esc(m.mailLinkIntro)}</p><p><a href="${esc(link)}" style="display:inline-block;background:#6b1f2e;color:#ffffff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">${esc(m.mailLinkLabel)}</a></p><p style="color:#6b625c;font-size:14px">${esc(m.mailIgnore)}</p></div></body></html>`;
  return { subject, text, html };
}

/**
 * Asks for a code. Throws 400 (badly formed), 403 (e-mail sign-in off) or 429
 * (3 codes in 15 minutes or 10 in 24 hours, known or not). Otherwise answers whether a mail was
 * queued (the caller wakes the sender; it must never tell the guest).
 * `linkBase` is the site's address, e.g. "https://example.com". `lang` is the
 * language the guest's request states (issue 23); without one, the invitee's.
 */
export function requestEmailCode({
  email,
  now,
  linkBase,
  send,
  lang,
}: {
  email: string;
  now: Date;
  linkBase: string;
  send: boolean;
  lang?: "en" | "pt";
}) {
  assertEmailSignIn(email);
  const address = email.trim();
  return immediate(() => {
    const emailHash = emailHashOf(address);
    pruneSignInCodes(now);
    const today = codesOfLastDay(emailHash, now);
    if (today.length >= MAX_CODES_PER_DAY) {
      // Free again when the oldest codes that make up the cap are a day old.
      throw new RateLimitedError(secondsUntil(today[today.length - MAX_CODES_PER_DAY]!.createdAt, DAY_MS, now), TOO_MANY_CODES_TODAY);
    }
    const since = new Date(now.getTime() - CODE_WINDOW_MS).toISOString();
    const recent = today.filter((row) => row.createdAt > since);
    if (recent.length >= MAX_CODES_PER_WINDOW) {
      throw new RateLimitedError(secondsUntil(recent[recent.length - MAX_CODES_PER_WINDOW]!.createdAt, CODE_WINDOW_MS, now), TOO_MANY_CODES);
    }
    const found = findByEmail(address);
    const id = newId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const token = randomBytes(32).toString("base64url");
    db.insert(emailSignInCodes)
      .values({
        id,
        emailHash,
        partyId: found?.identity.type === "party" ? found.identity.id : null,
        guestId: found?.identity.type === "guest" ? found.identity.id : null,
        codeHash: codeHashOf(id, code),
        tokenHash: tokenHashOf(token),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        createdAt: now.toISOString(),
      })
      .run();
    if (!found) return { queued: false };
    const link = `${linkBase.replace(/\/+$/, "")}/rsvp?email-token=${encodeURIComponent(token)}`;
    const mail = composeCodeEmail({ lang: lang ?? found.language, code, link, title: getEventConfig().eventTitle });
    const row = enqueueMail({
      to: [address],
      ...mail,
      send,
      kind: "sign-in-code",
      partyId: found.identity.type === "party" ? found.identity.id : null,
      guestId: found.identity.type === "guest" ? found.identity.id : null,
    });
    return { queued: row.status === "pending" };
  });
}

/**
 * Rows older than a day serve no limit and no sign-in any more. Runs on every
 * code request, inside its write transaction: the index on created_at keeps
 * it to the rows it deletes (a full scan took 71 ms at 300,000 rows).
 */
export function pruneSignInCodes(now: Date) {
  return db.delete(emailSignInCodes).where(lt(emailSignInCodes.createdAt, new Date(now.getTime() - DAY_MS).toISOString())).run().changes;
}

/** An address's codes of the last 24 hours, oldest first (the email_hash, created_at index). */
function codesOfLastDay(emailHash: string, now: Date) {
  return db
    .select({ createdAt: emailSignInCodes.createdAt, attempts: emailSignInCodes.attempts })
    .from(emailSignInCodes)
    .where(and(eq(emailSignInCodes.emailHash, emailHash), gt(emailSignInCodes.createdAt, new Date(now.getTime() - DAY_MS).toISOString())))
    .orderBy(asc(emailSignInCodes.createdAt), asc(sql`rowid`))
    .all();
}

/** Whole seconds (at least 1) until `createdAt` is `windowMs` old: the Retry-After of a limit. */
function secondsUntil(createdAt: string, windowMs: number, now: Date) {
  return Math.max(1, Math.ceil((new Date(createdAt).getTime() + windowMs - now.getTime()) / 1000));
}

/** Throws 429 when the address has used up its wrong tries of the last 24 hours, known or not. */
function assertTriesLeftToday(emailHash: string, now: Date) {
  const today = codesOfLastDay(emailHash, now);
  let wrong = today.reduce((sum, row) => sum + row.attempts, 0);
  if (wrong < MAX_WRONG_TRIES_PER_DAY) return;
  // Free again once enough of the oldest codes (and their tries) are a day old.
  for (const row of today) {
    wrong -= row.attempts;
    if (wrong < MAX_WRONG_TRIES_PER_DAY) throw new RateLimitedError(secondsUntil(row.createdAt, DAY_MS, now), TOO_MANY_TRIES_TODAY);
  }
}

type CodeRow = typeof emailSignInCodes.$inferSelect;

function identityOf(row: CodeRow): GuestIdentity | null {
  if (row.partyId) return { type: "party", id: row.partyId, via: "email" };
  if (row.guestId) return { type: "guest", id: row.guestId, via: "email" };
  return null;
}

/** A sign-in completed by the e-mailed code or link is a first open too (issue 13). */
function opened(identity: GuestIdentity | null, now: Date) {
  if (identity) recordFirstOpen(identity, now.toISOString());
  return identity;
}

const alive = (row: CodeRow, now: Date) => !row.usedAt && new Date(row.expiresAt) > now && row.attempts < MAX_WRONG_TRIES;

/** The code from the mail: the session identity, 401 for a wrong, expired, used or dead code, 429 past the day's wrong tries. */
export function verifyEmailCode({ email, code, now }: { email: string; code: string; now: Date }): GuestIdentity {
  assertEmailSignIn(email);
  // A refused try is committed before the 401 is thrown (a throw inside would roll it back).
  const emailHash = emailHashOf(email);
  const identity = immediate(() => {
    assertTriesLeftToday(emailHash, now);
    const row = db
      .select()
      .from(emailSignInCodes)
      .where(eq(emailSignInCodes.emailHash, emailHash))
      .orderBy(desc(emailSignInCodes.createdAt), desc(sql`rowid`))
      .get();
    if (!row || !alive(row, now)) return null;
    const right = /^\d{6}$/.test(code.trim()) && sameHash(codeHashOf(row.id, code.trim()), row.codeHash);
    if (!right) {
      db.update(emailSignInCodes).set({ attempts: sql`${emailSignInCodes.attempts} + 1` }).where(eq(emailSignInCodes.id, row.id)).run();
      return null;
    }
    db.update(emailSignInCodes).set({ usedAt: now.toISOString() }).where(eq(emailSignInCodes.id, row.id)).run();
    return opened(identityOf(row), now);
  });
  if (!identity) throw new UnauthorizedError(CODE_NOT_ACCEPTED);
  return identity;
}

/** The one-click link: the same code row, by its token; 401 when expired, used or dead. */
export function verifyEmailToken({ token, now }: { token: string; now: Date }): GuestIdentity {
  if (!isMethodEnabled(getAuthSettings(), "email")) throw new ForbiddenError(METHOD_DISABLED);
  const identity = immediate(() => {
    if (!token || token.length > 200) return null;
    const row = db.select().from(emailSignInCodes).where(eq(emailSignInCodes.tokenHash, tokenHashOf(token))).get();
    if (!row || !alive(row, now)) return null;
    // Only the newest code of an address counts, the link included.
    const newest = db
      .select({ id: emailSignInCodes.id })
      .from(emailSignInCodes)
      .where(eq(emailSignInCodes.emailHash, row.emailHash))
      .orderBy(desc(emailSignInCodes.createdAt), desc(sql`rowid`))
      .get();
    if (newest?.id !== row.id) return null;
    db.update(emailSignInCodes).set({ usedAt: now.toISOString() }).where(eq(emailSignInCodes.id, row.id)).run();
    return opened(identityOf(row), now);
  });
  if (!identity) throw new UnauthorizedError(LINK_NOT_ACCEPTED);
  return identity;
}

/**
 * Whose the one-click link is, without using it up (issue 22): a visitor
 * signed in as someone else is asked before the link switches them. Null when
 * the link would not be accepted anyway.
 */
export function emailTokenOwner({ token, now }: { token: string; now: Date }): GuestIdentity | null {
  if (!token || token.length > 200) return null;
  const row = db.select().from(emailSignInCodes).where(eq(emailSignInCodes.tokenHash, tokenHashOf(token))).get();
  return row && alive(row, now) ? identityOf(row) : null;
}
