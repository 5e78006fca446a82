import { isNotNull } from "drizzle-orm";
import { guests, parties } from "../../db/schema";
import { db } from "../db.server";
import { mayReadGuestCredentials, type AdminPerson } from "./roles.server";

/**
 * Issue 33 finding 3: invitation codes, invite links, their QR codes and
 * guests' sign-in tokens let whoever holds them act as that guest. A read-only
 * role receives none: these fields are left out of what a viewer is sent
 * (absent, not blanked), whatever the answer they sit in.
 */
export const GUEST_CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(["authCode", "customCode", "invite", "inviteLink", "inviteUrl", "qr"]);

/** A copy of `value` without any guest credential field, at any depth. */
export function withoutGuestCredentials<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutGuestCredentials) as T;
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (!GUEST_CREDENTIAL_FIELDS.has(key)) copy[key] = withoutGuestCredentials(field);
  return copy as T;
}

/** `value` as `person` may receive it: whole for the owner and co-hosts, without guest credentials for a viewer. */
export function guestCredentialsFor<T>(person: Pick<AdminPerson, "role">, value: T): T {
  return mayReadGuestCredentials(person) ? value : withoutGuestCredentials(value);
}

/** Every code a party or guest signs in with today. */
function currentCodes() {
  return [
    ...db.select({ code: parties.authCode }).from(parties).where(isNotNull(parties.authCode)).all(),
    ...db.select({ code: guests.customCode }).from(guests).where(isNotNull(guests.customCode)).all(),
  ]
    .map((r) => r.code)
    .filter((code): code is string => !!code);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const HIDDEN_CODE = "(hidden)";

/**
 * A text written for guests (a mail's text or HTML part) as a viewer may read
 * it: every code a guest signs in with today, bare or inside a link, hidden.
 */
export function textForPerson(person: Pick<AdminPerson, "role">, texts: string[]): string[] {
  if (mayReadGuestCredentials(person)) return texts;
  const codes = currentCodes().sort((a, b) => b.length - a.length);
  if (!codes.length) return texts;
  // In a link the code may be percent-encoded; both spellings are hidden.
  const spelled = [...new Set(codes.flatMap((c) => [c, encodeURIComponent(c)]))].map(escape);
  const pattern = new RegExp(spelled.join("|"), "g");
  return texts.map((t) => t.replace(pattern, HIDDEN_CODE));
}

/** Mails as `person` may read them: for a viewer, their text and HTML parts without any guest's code. */
export function mailsForPerson<M extends { text: string; html: string | null }>(person: Pick<AdminPerson, "role">, mails: M[]): M[] {
  if (mayReadGuestCredentials(person) || !mails.length) return mails;
  const parts = textForPerson(person, mails.flatMap((m) => [m.text, m.html ?? ""]));
  return mails.map((m, i) => ({ ...m, text: parts[2 * i]!, html: m.html === null ? null : parts[2 * i + 1]! }));
}
