import { z } from "zod";
import { expiry } from "./share-link";
import { isCalendarDate } from "~/utils/rsvp-deadline";

/* Issue 38: the driver's links, the boarded ticks and the day-of messages. */

export const driverLinkSchema = z.object({
  label: z.string({ error: "label is text" }).trim().max(100, "At most 100 characters").nullish().transform((v) => v || null),
  expiresAt: expiry,
});

/** POST /api/driver-links: a link to every run of one day. */
export const dayDriverLinkSchema = driverLinkSchema.extend({
  day: z
    .string({ error: "day is a date (YYYY-MM-DD)" })
    .trim()
    .max(10, { message: "day is a date (YYYY-MM-DD)", abort: true })
    .refine(isCalendarDate, "day is a date (YYYY-MM-DD)"),
});

export const boardedSchema = z.object({
  /** Which run, on a day's link (optional when the person rides one run that day). */
  runId: z.string({ error: "runId is text" }).max(100, "runId is at most 100 characters").nullish(),
  guestId: z.string({ error: "guestId is required" }).min(1, "guestId is required").max(100, "guestId is at most 100 characters"),
  boarded: z.boolean({ error: "boarded is true or false" }),
  at: z
    .string({ error: "at is an ISO time" })
    .max(40, { message: "at is an ISO time", abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)), "at is an ISO time")
    .transform((v) => new Date(v).toISOString()),
  clientId: z
    .string({ error: "clientId is required" })
    .min(8, "clientId is 8 to 100 characters")
    .max(100, "clientId is 8 to 100 characters")
    .regex(/^[\w-]+$/, "clientId is letters, digits, - and _"),
});
export type BoardedInput = z.infer<typeof boardedSchema>;

export const runMessageSchema = z.object({
  text: z.string({ error: "Please write the message" }).trim().min(1, "Please write the message").max(1000, "At most 1000 characters"),
  textPt: z.string({ error: "textPt is text" }).trim().max(1000, "At most 1000 characters").nullish().transform((v) => v || null),
});
export type RunMessageInput = z.infer<typeof runMessageSchema>;
