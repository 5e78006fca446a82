/*
 * The guest forms' page-side checks: the very schemas the actions validate
 * with (app/schemas), and Conform's zod adapter. Not part of a page's first
 * load (issue 16: zod is a quarter of its JavaScript); `lazy-validation.ts`
 * loads it when the guest first focuses or presses something in a form.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { declineSchema } from "~/schemas/guest-my-rsvp";
export { rsvpFormSchema } from "~/schemas/guest-rsvp-form";
export { signInProblem, signInSchema, verifyCodeFormSchema } from "~/schemas/guest-sign-in";
