import { z } from "zod";
import type { ClientMessages } from "~/i18n";
import { identifierProblem, MAX_IDENTIFIER_LENGTH, type IdentifierProblem, type SignInMethod } from "./guest-auth";

/*
 * The sign-in cards of /rsvp (code, e-mail, phone) and /my-rsvp (code or
 * WhatsApp number). The checks are SPEC.md 5's, shared with the API through
 * `identifierProblem`; the texts are the guest's language.
 */

export const SIGN_IN_CHOICES = ["code", "email", "phone", "whatsapp"] as const;
export type SignInChoice = (typeof SIGN_IN_CHOICES)[number];

/** SPEC.md 5: on My RSVP an identifier containing "@" is an e-mail, otherwise a phone number. */
export function resolveMethod(choice: SignInChoice, identifier: string): SignInMethod {
  if (choice === "whatsapp") return identifier.includes("@") ? "email" : "phone";
  return choice;
}

type SignInMessages = ClientMessages["guest"];

export function problemTitle(t: SignInMessages, problem: IdentifierProblem) {
  return problem === "required" ? t.identifierRequired : t.invalidFormat;
}

export function problemText(t: SignInMessages, method: SignInMethod, problem: IdentifierProblem) {
  if (problem === "required") return method === "code" ? t.enterCode : method === "email" ? t.enterEmail : t.enterPhone;
  if (problem === "email") return t.invalidEmail;
  return t[problem];
}

/** The first problem with what was typed, as a toast (title and text), or null. */
export function signInProblem(t: SignInMessages, choice: SignInChoice, identifier: string) {
  const method = resolveMethod(choice, identifier);
  const problem = identifierProblem(method, identifier);
  return problem ? { title: problemTitle(t, problem), description: problemText(t, method, problem) } : null;
}

export function signInSchema(t: SignInMessages) {
  return z
    .object({
      intent: z.literal("sign-in"),
      method: z.enum(SIGN_IN_CHOICES),
      // abort: an oversized identifier is refused here, before the format checks below run on it.
      identifier: z.string().max(MAX_IDENTIFIER_LENGTH, { message: t.tooLong, abort: true }).optional(),
    })
    .superRefine((value, ctx) => {
      const found = signInProblem(t, value.method, value.identifier ?? "");
      if (found) ctx.addIssue({ code: "custom", path: ["identifier"], message: found.description });
    });
}

/**
 * The second step of an e-mail sign-in with a one-time code (issue 15): the
 * address (hidden, from the first step) and the 6-digit code from the mail.
 */
export function verifyCodeFormSchema(t: ClientMessages["signInCode"]) {
  return z.object({
    intent: z.literal("verify-code"),
    method: z.enum(SIGN_IN_CHOICES),
    identifier: z.string().max(MAX_IDENTIFIER_LENGTH, { abort: true }),
    code: z
      .string({ error: t.codeRequired })
      .max(20, { message: t.codeFormat, abort: true })
      .trim()
      .regex(/^\d{6}$/, t.codeFormat),
  });
}
