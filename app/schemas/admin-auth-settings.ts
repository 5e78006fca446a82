import { z } from "zod";

/**
 * SPEC.md 2: the guest sign-in methods, in the order the guest sees them, and
 * (issue 15) one line each on what the method proves, so the host chooses knowingly.
 */
export const AUTH_METHODS = [
  {
    field: "customCodeEnabled",
    label: "Invitation Code",
    description: "Guests sign in with their party's invitation code (the invite link uses it too) or a personal code.",
    proves: "Proves holding the invitation: only who has the link, the QR code or the code gets in.",
  },
  {
    field: "emailEnabled",
    label: "Email Address",
    description: "Guests sign in with the email address you have for them or their party.",
    proves:
      "Without a code, proves only knowing the address: anyone who knows it can read and change that answer. With a code (below), proves holding the mailbox.",
  },
  {
    field: "emailCodeRequired",
    label: "Email: one-time code",
    description:
      "Recommended. E-mail sign-in sends a 6-digit code and a one-click link, valid for 10 minutes. Needs SMTP_URL: without it no code is sent and nobody can sign in by e-mail.",
    proves: "Proves holding the mailbox.",
  },
  {
    field: "phoneEnabled",
    label: "Phone Number",
    description: "Guests sign in with their phone (WhatsApp) number, with country code.",
    proves: "Proves only knowing the number: anyone who knows it can read and change that answer.",
  },
] as const;

export type AuthMethodField = (typeof AUTH_METHODS)[number]["field"];

/** One switch of the Auth Settings page: which flag, and its new value (an unticked box sends nothing). */
export const authSwitchSchema = z.object({
  field: z.enum(["customCodeEnabled", "emailEnabled", "emailCodeRequired", "phoneEnabled"], { error: "Unknown sign-in method" }),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? false),
});
