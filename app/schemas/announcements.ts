import { z } from "zod";

/*
 * Issue 23: one schema for the Announcements page and POST/PATCH
 * /api/announcements. The page's fields carry the API's names
 * (`audience.kind`, `audience.partyIds`, ...), so Conform parses a form
 * into the very object the API receives.
 */

export const MAX_ANNOUNCEMENT_CHARS = 20_000;

/** The page's list of invitees to tick shows this many matches at first, and this many more each time. */
export const CHOICES_STEP = 50;

export const AUDIENCE_KINDS = ["all", "attending", "pending", "declined", "rooms", "rooms-confirmed", "event", "chosen"] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: "Everyone invited",
  attending: "Attending",
  pending: "Not answered yet",
  declined: "Declined",
  rooms: "Parties with rooms",
  "rooms-confirmed": "Parties with a confirmed room",
  event: "Attending a side event",
  chosen: "The rows ticked below",
};

const tooLong = (label: string) => `${label} is over ${MAX_ANNOUNCEMENT_CHARS.toLocaleString("en-US")} characters.`;

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(MAX_ANNOUNCEMENT_CHARS, tooLong(label));

/** Empty or missing: the English is used. */
const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(MAX_ANNOUNCEMENT_CHARS, tooLong(label))
    .nullish()
    .transform((v) => v || null);

const ids = (label: string) =>
  z.array(z.string({ error: `${label} are text` }).trim().min(1).max(100), { error: `${label} must be a list of ids` }).max(5000).optional();

export const audienceSchema = z
  .object(
    {
      kind: z.enum(AUDIENCE_KINDS, { error: `audience.kind must be one of: ${AUDIENCE_KINDS.join(", ")}` }),
      eventId: z.string({ error: "audience.eventId must be text" }).trim().max(100).optional(),
      partyIds: ids("audience.partyIds"),
      guestIds: ids("audience.guestIds"),
    },
    { error: "audience is required" },
  )
  .superRefine((a, ctx) => {
    if (a.kind === "event" && !a.eventId) ctx.addIssue({ code: "custom", message: "Choose a side event (audience.eventId).", path: ["eventId"] });
    if (a.kind === "chosen" && !(a.partyIds?.length || a.guestIds?.length)) {
      ctx.addIssue({ code: "custom", message: "Tick at least one party or guest (audience.partyIds or audience.guestIds).", path: ["partyIds"] });
    }
  });
export type AudienceInput = z.output<typeof audienceSchema>;

const texts = {
  subject: required("Subject"),
  body: required("Body text"),
  subjectPt: optionalText("Portuguese subject (subjectPt)"),
  bodyPt: optionalText("Portuguese body text (bodyPt)"),
};

/** POST /api/announcements and the page's "Preview" / "Send". */
export const announcementSchema = z.object({ ...texts, audience: audienceSchema });
export type AnnouncementInput = z.output<typeof announcementSchema>;
export type AnnouncementFormShape = z.input<typeof announcementSchema>;

/** PATCH /api/announcements/{id} and the page's correction: the texts given change; `resend` mails it again. */
export const announcementCorrectionSchema = z.object({
  subject: texts.subject.optional(),
  body: texts.body.optional(),
  subjectPt: z
    .string({ error: "Portuguese subject (subjectPt) must be text." })
    .trim()
    .max(MAX_ANNOUNCEMENT_CHARS, tooLong("Portuguese subject (subjectPt)"))
    .nullish(),
  bodyPt: z
    .string({ error: "Portuguese body text (bodyPt) must be text." })
    .trim()
    .max(MAX_ANNOUNCEMENT_CHARS, tooLong("Portuguese body text (bodyPt)"))
    .nullish(),
  resend: z.boolean({ error: "resend must be true or false" }).optional(),
});
export type AnnouncementCorrection = z.output<typeof announcementCorrectionSchema>;

/** The page's correction form posts every text, so there an empty subject or text is missing, not "unchanged". */
export const announcementCorrectionFormSchema = announcementCorrectionSchema.extend({ subject: texts.subject, body: texts.body });

/** The page's "Search" and "Show more" post the compose form only to keep what was typed: nothing is checked. */
export const listingIntent = (intent: unknown) => intent === "search" || intent === "more";
export const anyFormSchema = z.object({});
