import { z } from "zod";

/**
 * "Continue as ...?" (issue 22): a visitor signed in as one invitee who opens
 * another's invite link or e-mail link confirms the switch with this POST.
 * Exactly one of the two secrets, as the link carried it.
 */
export const switchInvitationSchema = z
  .object({
    intent: z.literal("switch-invitation"),
    code: z.string().trim().max(64).optional(),
    emailToken: z.string().trim().max(200).optional(),
  })
  .refine((v) => !!v.code !== !!v.emailToken, { message: "Either code or emailToken", path: ["code"] });

export type SwitchLink = { code: string } | { emailToken: string };
