import { z } from "zod";

export type SignInMethod = "code" | "email" | "phone";
export type IdentifierProblem = "required" | "phonePlus" | "phoneSpaces" | "phoneDigits" | "email";

/** SPEC.md 5's English texts; pages show the same keys in the guest's language. */
export const IDENTIFIER_MESSAGES: Record<SignInMethod | IdentifierProblem, string> = {
  code: "Please enter your invitation code",
  email: "Please enter a valid email address.",
  phone: "Please enter your phone number",
  required: "Identifier required",
  phonePlus: "Phone number must start with country code (e.g. +351912345678)",
  phoneSpaces: "Phone number must not contain spaces (e.g. +351912345678)",
  phoneDigits: "Phone number must contain only digits after the + sign.",
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC.md 5's format checks, in its order. */
export function identifierProblem(method: SignInMethod, raw: string): IdentifierProblem | null {
  const value = method === "phone" ? raw : raw.trim();
  if (value.trim() === "") return "required";
  if (method === "phone") {
    if (!value.startsWith("+")) return "phonePlus";
    if (/\s/.test(value)) return "phoneSpaces";
    if (!/^\+\d+$/.test(value)) return "phoneDigits";
  }
  if (method === "email" && !EMAIL_PATTERN.test(value)) return "email";
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
  authCode: z.string({ error: "Identifier required - Please enter your invitation code" }).max(200, "Invitation code is too long"),
});

export const guestAuthSchema = z.object({
  type: z.enum(["email", "phone", "code"], { error: 'type must be "email", "phone" or "code"' }),
  identifier: z.string({ error: "Identifier required" }).max(320, "Identifier is too long"),
});

/** POST /api/guest-auth/verify (issue 15): the address and the 6-digit code from the mail. */
export const verifyCodeSchema = z.object({
  identifier: z.string({ error: "Identifier required" }).max(320, "Identifier is too long"),
  code: z.string({ error: "Code required" }).max(20, "Code is too long"),
});
