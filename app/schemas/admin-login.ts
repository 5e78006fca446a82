import { z } from "zod";

/** The host's login form (SPEC.md 5: "Please enter the password" when empty). */
export const adminLoginSchema = z.object({
  password: z.string({ error: "Please enter the password" }).min(1, "Please enter the password"),
});

/** Issue 27: a helper signs in with e-mail and password (/admin?helper=1). */
export const helperLoginSchema = adminLoginSchema.extend({
  email: z.string({ error: "Please enter your e-mail" }).trim().min(1, "Please enter your e-mail").max(320, "Please enter your e-mail"),
});
