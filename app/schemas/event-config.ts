import { z } from "zod";
import { isCalendarDate } from "~/utils/rsvp-deadline";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z.number({ error: "Must be a number" }).min(min).max(max).nullable(),
  );

/** Event Configuration: one schema for the admin form, its action and PATCH /api/event-config. */
export const eventConfigSchema = z.object({
  eventTitle: z.string({ error: "Event title is required" }).trim().min(1, "Event title is required").max(200),
  eventDate: z.string({ error: "Event date is required" }).trim().min(1, "Event date is required").max(200),
  eventTime: z.string({ error: "Event time is required" }).trim().min(1, "Event time is required").max(200),
  venueName: z.string({ error: "Venue name is required" }).trim().min(1, "Venue name is required").max(200),
  venueAddress: z.string({ error: "Venue address is required" }).trim().min(1, "Venue address is required").max(500),
  venueDirections: optionalText(5000),
  venueLatitude: optionalNumber(-90, 90),
  venueLongitude: optionalNumber(-180, 180),
  dressCode: optionalText(500),
  welcomeMessage: optionalText(5000),
  roomConfirmationMessage: optionalText(5000),
  // Issue 14: answers close at the end of this day (Europe/Lisbon); a past date closes them now.
  rsvpDeadline: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDate(v), "Use a date as YYYY-MM-DD"),
  /** Reply-To of every outgoing mail (issue 13) and where change notices go (issue 14). Admin-only. */
  hostEmail: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email({ error: "Please enter a valid email address." }).nullable()),
  notifyHost: z.enum(["off", "each", "daily"], { error: 'notifyHost must be "off", "each" or "daily"' }),
  /** Issue 13: the automatic reminder, this many days before the RSVP deadline (empty = off). */
  reminderDaysBeforeDeadline: z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "Enter a whole number of days from 1 to 60" })
      .int("Enter a whole number of days from 1 to 60")
      .min(1, "Enter a whole number of days from 1 to 60")
      .max(60, "Enter a whole number of days from 1 to 60")
      .nullable(),
  ),
});

/** The API accepts any subset of the fields. */
export const eventConfigPatchSchema = eventConfigSchema.partial().strict();
