import { z } from "zod";

export type SignInMethod = "code" | "email" | "phone";
export type IdentifierProblem = "required" | "tooLong" | "phonePlus" | "phoneSpaces" | "phoneDigits" | "email";

/** SPEC.md 5's English texts; pages show the same keys in the guest's language. */
export const IDENTIFIER_MESSAGES: Record<SignInMethod | IdentifierProblem, string> = {
  code: "Please enter your invitation code",
  email: "Please enter a valid email address.",
  phone: "Please enter your phone number",
  required: "Identifier required",
  phonePlus: "Phone number must start with country code (e.g. +351912345678)",
  phoneSpaces: "Phone number must not contain spaces (e.g. +351912345678)",
  phoneDigits: "Phone number must contain only digits after the + sign.",
  tooLong: "Too long: at most 320 characters.",
};

/** No code, e-mail address or phone number is longer (RFC 5321's 64 + 1 + 255, rounded up as before). */
export const MAX_IDENTIFIER_LENGTH = 320;

/* A local part and a domain, no spaces, exactly one "@". Each class excludes "@", so the engine never backtracks. */
const LOCAL_AT_DOMAIN = /^[^\s@]+@([^\s@]+)$/;

/**
 * SPEC.md 5's e-mail check ("x@y.z": no spaces, one "@", a dot inside the
 * domain), in linear time (issue 22): the pattern it replaces,
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, backtracked quadratically, and 40,000 dots
 * blocked the server for seconds. Longer than MAX_IDENTIFIER_LENGTH is never
 * an address, and is refused before any pattern looks at it.
 */
export function isEmailAddress(value: string) {
  return value.length <= MAX_IDENTIFIER_LENGTH && hasEmailShape(value);
}

/** The shape alone, at any length (its unit test times it on 100,000 characters). */
export function hasEmailShape(value: string) {
  const domain = LOCAL_AT_DOMAIN.exec(value)?.[1];
  // A dot with at least one character on each side.
  return domain !== undefined && domain.slice(1, -1).includes(".");
}

/** SPEC.md 5's format checks, in its order; the length first, so no pattern sees oversized text. */
export function identifierProblem(method: SignInMethod, raw: string): IdentifierProblem | null {
  const value = method === "phone" ? raw : raw.trim();
  if (value.trim() === "") return "required";
  if (value.length > MAX_IDENTIFIER_LENGTH) return "tooLong";
  if (method === "phone") {
    if (!value.startsWith("+")) return "phonePlus";
    if (/\s/.test(value)) return "phoneSpaces";
    if (!/^\+\d+$/.test(value)) return "phoneDigits";
  }
  if (method === "email" && !isEmailAddress(value)) return "email";
  return null;
}

/** English message for a problem: "Identifier required - Please enter your ..." for empty input. */
export function identifierMessage(method: SignInMethod, problem: IdentifierProblem) {
  if (problem === "required") {
    const what = method === "code" ? "invitation code" : method === "email" ? "email address" : "phone number";
    return `Identifier required - Please enter your ${what}`;
  }
  return `Invalid format - ${IDENTIFIER_MESSAGES[problem]}`;
}

export const partyAuthSchema = z.object({
  authCode: z.string({ error: "Identifier required - Please enter your invitation code" }).max(200, { message: "Invitation code is too long", abort: true }),
});

export const guestAuthSchema = z.object({
  type: z.enum(["email", "phone", "code"], { error: 'type must be "email", "phone" or "code"' }),
  identifier: z.string({ error: "Identifier required" }).max(MAX_IDENTIFIER_LENGTH, { message: "Identifier is too long", abort: true }),
});

/** POST /api/guest-auth/verify (issue 15): the address and the 6-digit code from the mail. */
export const verifyCodeSchema = z.object({
  identifier: z.string({ error: "Identifier required" }).max(MAX_IDENTIFIER_LENGTH, { message: "Identifier is too long", abort: true }),
  code: z.string({ error: "Code required" }).max(20, { message: "Code is too long", abort: true }),
});
