import { z } from "zod";

/** Issue 27: a live link to one list. `expiresAt`: a date (the link works to the end of that day, UTC) or an ISO time. */
export const expiry = z
  .string({ error: "expiresAt is a date (YYYY-MM-DD) or an ISO time" })
  .trim()
  .max(40, { message: "expiresAt is a date (YYYY-MM-DD) or an ISO time", abort: true })
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "expiresAt is a date (YYYY-MM-DD) or an ISO time" });
      return z.NEVER;
    }
    return date.toISOString();
  });

export const shareLinkSchema = z.object({
  list: z.string({ error: "list is rooming, caterer or shuttles" }).max(40, "list is rooming, caterer or shuttles"),
  eventId: z.string().max(100).nullish(),
  label: z.string({ error: "Please give the link a label" }).trim().min(1, "Please give the link a label").max(100, "At most 100 characters"),
  expiresAt: expiry,
});

/** The pages' form: make a link, or revoke one. */
export const shareLinkFormSchema = z.discriminatedUnion("intent", [
  // The page knows its list (and event): only the label and the expiry come from the form.
  shareLinkSchema.pick({ label: true, expiresAt: true }).extend({ intent: z.literal("share-link") }),
  z.object({ intent: z.literal("revoke-share-link"), id: z.string().max(100) }),
]);
