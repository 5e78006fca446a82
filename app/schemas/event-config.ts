import { z } from "zod";
import { optionalPhone } from "./fields";
import { isCalendarDate } from "~/utils/rsvp-deadline";
import { ARTWORK_URLS, UPLOAD_URL_PATTERN } from "~/utils/uploads";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z.number({ error: "Must be a number" }).min(min).max(max).nullable(),
  );

/** The seed's fields (English values). */
const configFields = {
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
  // Issue 38: whom guests call on the day (My weekend).
  hostPhone: optionalPhone,
  hotelName: optionalText(200),
  hotelPhone: optionalPhone,
  // Issue 14: answers close at the end of this day (Europe/Lisbon); a past date closes them now.
  rsvpDeadline: z
    .string()
    .trim()
    .max(10, { message: "Use a date as YYYY-MM-DD", abort: true })
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
};

// --- Issue 18: Portuguese host texts, payment instructions, schedule and gallery ---

/** Portuguese values: optional, an empty one means guests read the English value. */
const portugueseFields = {
  eventTitlePt: optionalText(200),
  eventDatePt: optionalText(200),
  eventTimePt: optionalText(200),
  venueNamePt: optionalText(200),
  venueAddressPt: optionalText(500),
  venueDirectionsPt: optionalText(5000),
  dressCodePt: optionalText(500),
  welcomeMessagePt: optionalText(5000),
  roomConfirmationMessagePt: optionalText(5000),
};

/** ISO 13616: two letters, two check digits, up to 30 letters or digits; the whole mod 97 is 1. */
export function ibanIsValid(iban: string) {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= "A" ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = (rest * (n > 9 ? 100 : 10) + n) % 97;
  }
  return rest === 1;
}

/** Spaces typed for readability are dropped; letters upper-cased. */
const compact = (max: number) =>
  z
    .string({ error: "Must be text" })
    .max(max, { message: `At most ${max} characters`, abort: true })
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, "").toUpperCase() : null));

export const IBAN_MESSAGE = "Enter a valid IBAN (the check digits do not match)";
export const BIC_MESSAGE = "Enter a valid BIC: 8 or 11 letters and digits, e.g. CGDIPTPL";
export const TRANSFER_URL_MESSAGE = "Enter an https:// link";
export const MOBILE_PHONE_MESSAGE = "Enter the phone number as + and digits, e.g. +351912345678";

const paymentFields = {
  transferUrl: optionalText(500).refine((v) => {
    if (v === null) return true;
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, TRANSFER_URL_MESSAGE),
  transferProvider: optionalText(100),
  bankHolder: optionalText(200),
  iban: compact(50).refine((v) => v === null || ibanIsValid(v), IBAN_MESSAGE),
  bic: compact(20).refine((v) => v === null || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(v), BIC_MESSAGE),
  bankName: optionalText(200),
  bankAddress: optionalText(500),
  mobileApp: optionalText(100),
  mobilePhone: z
    .string({ error: "Must be text" })
    .max(40, { message: "At most 40 characters", abort: true })
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, "") : null))
    .refine((v) => v === null || /^\+\d{4,20}$/.test(v), MOBILE_PHONE_MESSAGE),
  mobileHolder: optionalText(200),
  note: optionalText(2000),
  notePt: optionalText(2000),
};
/** The whole set (the page sends every field). */
export const paymentSchema = z.object(paymentFields);
/** PATCH /api/event-config {payment: {...}}: any subset, merged with what is stored; null clears them all. */
export const paymentPatchSchema = z.object(paymentFields).partial().strict().nullable();

const scheduleItemSchema = z.object({
  time: z.string({ error: "Time is required" }).trim().min(1, "Time is required").max(50),
  timePt: optionalText(50).optional(),
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  titlePt: optionalText(200),
});
export const scheduleSchema = z
  .array(
    z.object({
      day: z.string({ error: "Day is required" }).trim().min(1, "Day is required").max(100),
      dayPt: optionalText(100),
      items: z.array(scheduleItemSchema).max(30, "At most 30 items a day").default([]),
    }),
  )
  .max(10, "At most 10 days");

export const gallerySchema = z
  .array(
    z.object({
      // Only photos stored by the upload, or the site's own artwork: never an outside or javascript: URL.
      url: z
        .string({ error: "Unknown photo" })
        .max(200, { message: "Unknown photo", abort: true })
        .refine((v) => UPLOAD_URL_PATTERN.test(v) || (ARTWORK_URLS as readonly string[]).includes(v), "Unknown photo"),
      caption: z.string({ error: "Caption is required" }).trim().min(1, "Caption is required").max(200),
      captionPt: optionalText(200),
    }),
  )
  .max(12, "At most 12 photos");

// --- end issue 18 ---

/** Event Configuration: one schema for the admin form, its action and PATCH /api/event-config. */
export const eventConfigSchema = z.object({
  ...configFields,
  ...portugueseFields,
  payment: paymentSchema,
  schedule: scheduleSchema.default([]),
  gallery: gallerySchema.default([]),
});

/** The API accepts any subset of the fields. */
export const eventConfigPatchSchema = z
  .object({
    ...configFields,
    ...portugueseFields,
    payment: paymentPatchSchema,
    schedule: scheduleSchema,
    gallery: gallerySchema,
  })
  .partial()
  .strict();
