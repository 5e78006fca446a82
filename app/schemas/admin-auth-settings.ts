import { z } from "zod";

/** SPEC.md 2: the guest sign-in methods, in the order the guest sees them. */
export const AUTH_METHODS = [
  {
    field: "customCodeEnabled",
    label: "Invitation Code",
    description: "Guests sign in with their party's invitation code (the invite link uses it too) or a personal code.",
  },
  { field: "emailEnabled", label: "Email Address", description: "Guests sign in with the email address you have for them or their party." },
  { field: "phoneEnabled", label: "Phone Number", description: "Guests sign in with their phone (WhatsApp) number, with country code." },
] as const;

export type AuthMethodField = (typeof AUTH_METHODS)[number]["field"];

/** One switch of the Auth Settings page: which flag, and its new value (an unticked box sends nothing). */
export const authSwitchSchema = z.object({
  field: z.enum(["customCodeEnabled", "emailEnabled", "phoneEnabled"], { error: "Unknown sign-in method" }),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? false),
});
