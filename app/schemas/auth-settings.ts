import { z } from "zod";

/** PATCH /api/auth-settings and the Auth Settings switches: one or more boolean flags. */
export const authSettingsPatchSchema = z
  .object({
    emailEnabled: z.boolean({ error: "emailEnabled must be a boolean" }).optional(),
    phoneEnabled: z.boolean({ error: "phoneEnabled must be a boolean" }).optional(),
    customCodeEnabled: z.boolean({ error: "customCodeEnabled must be a boolean" }).optional(),
    emailCodeRequired: z.boolean({ error: "emailCodeRequired must be a boolean" }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one of emailEnabled, phoneEnabled, customCodeEnabled, emailCodeRequired" });
