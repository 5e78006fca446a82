import { z } from "zod";

/** The host's login form (SPEC.md 5: "Please enter the password" when empty). */
export const adminLoginSchema = z.object({
  password: z.string({ error: "Please enter the password" }).min(1, "Please enter the password"),
});
