import { z } from "zod";
import { isEmailAddress, MAX_IDENTIFIER_LENGTH } from "./guest-auth";
import { requiredText } from "./fields";

/** Issue 27: the owner's team (co-host or viewer), and the passwords people choose. */
export const HELPER_ROLE_VALUES = ["co-host", "viewer"] as const;
const role = z.enum(HELPER_ROLE_VALUES, { error: "Choose co-host or viewer" });
const email = z
  .string({ error: "Please enter a valid email address." })
  .trim()
  .max(MAX_IDENTIFIER_LENGTH, { message: `At most ${MAX_IDENTIFIER_LENGTH} characters`, abort: true })
  .refine(isEmailAddress, "Please enter a valid email address.");

export const inviteSchema = z.object({ name: requiredText("Please enter a name", 100), email, role });

export const helperPatchSchema = z
  .object({ role: role.optional(), disabled: z.boolean({ error: "disabled is true or false" }).optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, "Send role or disabled");

/** Long enough for any passphrase; the rules (password-rules.server.ts) say the rest. */
const password = (message: string) => z.string({ error: message }).min(1, message).max(1024, "At most 1024 characters");

export const acceptSchema = z.object({ token: z.string({ error: "The invitation token is missing" }).min(1, "The invitation token is missing").max(200, "This invitation link is not valid."), password: password("Please choose a password") });

export const passwordChangeSchema = z.object({ current: password("Please enter your current password"), next: password("Please choose a new password") });

/** The pages' forms. */
export const teamFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), name: requiredText("Please enter a name", 100), email, role }),
  z.object({ intent: z.literal("role"), id: z.string().max(100), role }),
  z.object({ intent: z.literal("disable"), id: z.string().max(100) }),
  z.object({ intent: z.literal("enable"), id: z.string().max(100) }),
  z.object({ intent: z.literal("reinvite"), id: z.string().max(100) }),
  z.object({ intent: z.literal("remove"), id: z.string().max(100) }),
]);

/** "Your account": change the password, or end one of your sessions (by its handle). */
export const accountFormSchema = z.discriminatedUnion("intent", [
  passwordChangeSchema.extend({ intent: z.literal("password") }),
  z.object({ intent: z.literal("end-session"), id: z.string().max(100) }),
]);

/** The accept page's form. */
export const acceptFormSchema = z.object({ token: z.string().max(200), password: password("Please choose a password") });
