import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationError } from "../utils/errors";

/**
 * Issue 27: the rules for a password a person chooses (a helper accepting an
 * invitation, anyone changing their own). The common passwords come from
 * @zxcvbn-ts/language-common, the list zxcvbn-ts keeps up to date (about 30,000
 * passwords seen most in breaches), compared without case.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;
export const PASSWORD_RULES = {
  short: `Use at least ${PASSWORD_MIN} characters.`,
  long: `Use at most ${PASSWORD_MAX} characters.`,
  name: "Don't use your name in the password.",
  email: "Don't use your e-mail address in the password.",
  common: "This password is among the most common ones. Choose another.",
} as const;

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));

/** Name parts of 3 letters or more: "Ana" and "Silva" in "Ana Silva". */
const nameParts = (name: string) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((p) => p.length >= 3);

/** The first rule `password` breaks, or null. */
export function passwordProblem(password: string, who: { name?: string | null; email?: string | null }): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_RULES.short;
  if (password.length > PASSWORD_MAX) return PASSWORD_RULES.long;
  const lower = password.toLowerCase();
  if (who.name && (lower.includes(who.name.toLowerCase().trim()) || nameParts(who.name).some((p) => lower.includes(p)))) return PASSWORD_RULES.name;
  const local = who.email?.toLowerCase().split("@")[0] ?? "";
  if (local.length >= 3 && lower.includes(local)) return PASSWORD_RULES.email;
  if (commonPasswords().has(lower)) return PASSWORD_RULES.common;
  return null;
}

/** 400 with the rule broken, on the field `field`. */
export function assertPasswordAllowed(password: string, who: { name?: string | null; email?: string | null }, field = "password") {
  const problem = passwordProblem(password, who);
  if (problem) throw new ValidationError(problem, { [field]: [problem] });
}
