import { z } from "zod";
import { IDENTIFIER_MESSAGES, isEmailAddress, MAX_IDENTIFIER_LENGTH } from "./guest-auth";

/*
 * Field types shared by the entity schemas. Each works for a JSON body (checked
 * as is) and for form data (Conform turns "" into undefined and "12" into 12).
 * Optional texts come out as `string | null`, so "" or null clears a value.
 * Issue 22: a length limit is checked before any pattern and stops the checks
 * there (`abort`, or a transform after it, which zod skips on a failure), so
 * no pattern ever runs on oversized text.
 */

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`);

export const optionalText = (max = 200) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const INVALID_EMAIL = "Please enter a valid email address.";

/** SPEC.md 5: valid or empty. Stored as typed; sign-in compares ignoring case. */
export const optionalEmail = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(MAX_IDENTIFIER_LENGTH, { message: `At most ${MAX_IDENTIFIER_LENGTH} characters`, abort: true })
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isEmailAddress(v), INVALID_EMAIL);

/**
 * Phone numbers are stored in the `+digits` form that phone sign-in matches
 * exactly (CONTRACT.md 4); spaces, dots, dashes and brackets typed for
 * readability are dropped first, so "+351 912 345 678" is kept as +351912345678.
 */
export const optionalPhone = z
  .string({ error: "Must be text" })
  .max(40, { message: "At most 40 characters", abort: true })
  .nullish()
  .transform((v) => (v ? v.replace(/[\s.()-]/g, "") : "") || null)
  .superRefine((v, ctx) => {
    if (v === null) return;
    if (!v.startsWith("+")) ctx.addIssue({ code: "custom", message: IDENTIFIER_MESSAGES.phonePlus });
    else if (!/^\+\d{4,20}$/.test(v)) ctx.addIssue({ code: "custom", message: IDENTIFIER_MESSAGES.phoneDigits });
  });

/** Invitation codes travel in links (?code=): letters, digits, - and _ only. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
export const CODE_FORMAT_MESSAGE = "Use 3 to 64 letters, digits, - or _ (no spaces).";

export const optionalCode = z
  .string({ error: CODE_FORMAT_MESSAGE })
  .trim()
  .max(64, { message: CODE_FORMAT_MESSAGE, abort: true })
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || CODE_PATTERN.test(v), CODE_FORMAT_MESSAGE);

/** An id sent in a body: ids are strings. */
export const idField = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

/** An optional reference ("" or null means none). */
export const optionalId = z
  .string({ error: "Must be an id" })
  .trim()
  .max(100, "Unknown id")
  .nullish()
  .transform((v) => v || null);

/** CONTRACT.md 2: a calendar date YYYY-MM-DD that exists. */
export const calendarDate = (message = "Enter the date as YYYY-MM-DD") =>
  z
    .string({ error: message })
    .max(10, { message, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, "Enter a valid date");

export const EITHER_PARTY_OR_GUEST = "Either partyId or guestId must be provided";
export const NOT_BOTH_PARTY_AND_GUEST = "Provide either partyId or guestId, not both";

/** SPEC.md 5's either-or rule for RSVPs and event RSVPs, as one refinement. */
export function checkResponder(value: { partyId?: string | null; guestId?: string | null }, ctx: z.RefinementCtx) {
  if (!value.partyId && !value.guestId) ctx.addIssue({ code: "custom", path: ["partyId"], message: EITHER_PARTY_OR_GUEST });
  else if (value.partyId && value.guestId) ctx.addIssue({ code: "custom", path: ["partyId"], message: NOT_BOTH_PARTY_AND_GUEST });
}

/** An invitee's language (issue 13): every message to them is in it. Left out = unchanged (the database default is "en"). */
export const INVITEE_LANGUAGES = ["en", "pt"] as const;
export const LANGUAGE_LABELS: Record<(typeof INVITEE_LANGUAGES)[number], string> = { en: "English", pt: "Português" };
export const optionalLanguage = z.enum(INVITEE_LANGUAGES, { error: 'Language must be "en" or "pt"' }).optional();
