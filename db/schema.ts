import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { randomBytes } from "node:crypto";
import {
  DEFAULT_GALLERY,
  DEFAULT_SCHEDULE,
  type GalleryItem,
  type PaymentInstructions,
  type ScheduleDay,
} from "../app/models/host-texts";
import { BANK_TRANSACTION_STATUSES, PAYMENT_METHODS } from "../app/utils/money";
import { ACTIVITY_KIND_VALUES } from "../app/schemas/activity";

/** Random url-safe id: 128 bits, so ids can't be guessed from one another. */
export const newId = () => randomBytes(16).toString("base64url");
const now = () => new Date().toISOString();

const id = () => text("id").primaryKey().$defaultFn(newId);
const createdAt = () => text("created_at").notNull().$defaultFn(now);
const updatedAt = () =>
  text("updated_at").notNull().$defaultFn(now).$onUpdateFn(now);

export const admins = sqliteTable("admins", {
  id: id(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  createdAt: createdAt(),
  /**
   * The address (scheme://host[:port]) this admin last signed in at, and when
   * (issue 22.2): without PUBLIC_URL, links in mails point there, never at
   * the Host a guest's request claims.
   */
  signedInOrigin: text("signed_in_origin"),
  signedInAt: text("signed_in_at"),
});

export const authSettings = sqliteTable("auth_settings", {
  id: text("id").primaryKey().default("default"),
  emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(true),
  phoneEnabled: integer("phone_enabled", { mode: "boolean" }).notNull().default(true),
  customCodeEnabled: integer("custom_code_enabled", { mode: "boolean" }).notNull().default(true),
  /** E-mail sign-in asks for a one-time code sent to the address (issue 15); needs SMTP_URL. */
  emailCodeRequired: integer("email_code_required", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

export const parties = sqliteTable("parties", {
  id: id(),
  name: text("name").notNull(),
  primaryContactName: text("primary_contact_name"),
  primaryEmail: text("primary_email"),
  primaryPhone: text("primary_phone"),
  authCode: text("auth_code").unique(),
  notes: text("notes"),
  /** "en" | "pt": the language of every message to them (issue 13). */
  language: text("language", { enum: ["en", "pt"] }).notNull().default("en"),
  // Invitation tracking (issue 13): host-only, set by the host's actions and the first sign-in.
  invitedAt: text("invited_at"),
  invitedVia: text("invited_via", { enum: ["email", "whatsapp", "print", "manual"] }),
  firstOpenedAt: text("first_opened_at"),
  remindedAt: text("reminded_at"),
  /** Issue 25: "C40-7KQ2", what the guest types in a transfer; given on first use and at start (ledger model). */
  paymentReference: text("payment_reference").unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const guests = sqliteTable(
  "guests",
  {
    id: id(),
    partyId: text("party_id").references(() => parties.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    customCode: text("custom_code"),
    ageCategory: text("age_category", { enum: ["adult", "kid", "baby"] }).notNull().default("adult"),
    dateOfBirth: text("date_of_birth"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentAmount: real("payment_amount").notNull().default(0),
    notes: text("notes"),
    /** "en" | "pt": the language of every message to them (issue 13). */
    language: text("language", { enum: ["en", "pt"] }).notNull().default("en"),
    // Invitation tracking (issue 13): host-only, set by the host's actions and the first sign-in.
    invitedAt: text("invited_at"),
    invitedVia: text("invited_via", { enum: ["email", "whatsapp", "print", "manual"] }),
    firstOpenedAt: text("first_opened_at"),
    remindedAt: text("reminded_at"),
    /** Is this person coming (issue 14): null until their party (or they) answered. */
    attending: integer("attending", { mode: "boolean" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("guests_party_id_idx").on(t.partyId),
    index("guests_email_idx").on(sql`lower(${t.email})`),
    index("guests_phone_idx").on(t.phone),
    index("guests_custom_code_idx").on(t.customCode),
  ],
);

export const rsvps = sqliteTable(
  "rsvps",
  {
    id: id(),
    partyId: text("party_id").references(() => parties.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    attending: integer("attending", { mode: "boolean" }).notNull(),
    guestCount: integer("guest_count").notNull().default(1),
    adultsCount: integer("adults_count").notNull().default(1),
    kidsCount: integer("kids_count").notNull().default(0),
    babiesCount: integer("babies_count").notNull().default(0),
    dietaryRestrictions: text("dietary_restrictions"),
    messageToHost: text("message_to_host"),
    roomsConfirmed: integer("rooms_confirmed", { mode: "boolean" }).notNull().default(false),
    confirmedAt: text("confirmed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One RSVP per party and one per guest: the upsert relies on these.
    uniqueIndex("rsvps_party_id_unique").on(t.partyId),
    uniqueIndex("rsvps_guest_id_unique").on(t.guestId),
  ],
);

export const roomTypes = sqliteTable("room_types", {
  id: id(),
  name: text("name").notNull(),
  location: text("location").notNull(),
  category: text("category", { enum: ["Room", "Suite", "Villa"] }).notNull(),
  areaSqM: real("area_sq_m").notNull(),
  areaSqFt: real("area_sq_ft").notNull(),
  maxOccupancyAdults: integer("max_occupancy_adults").notNull(),
  maxOccupancyChildren: integer("max_occupancy_children").notNull().default(0),
  totalUnits: integer("total_units").notNull(),
  pricePerNight: integer("price_per_night").notNull(),
  description: text("description"),
  facilities: text("facilities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  imageUrls: text("image_urls", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  // Portuguese host texts (issue 18): empty means guests read the English value.
  namePt: text("name_pt"),
  locationPt: text("location_pt"),
  descriptionPt: text("description_pt"),
  facilitiesPt: text("facilities_pt", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const partyRoomAssignments = sqliteTable(
  "party_room_assignments",
  {
    id: id(),
    partyId: text("party_id").notNull().references(() => parties.id, { onDelete: "cascade" }),
    roomTypeId: text("room_type_id").notNull().references(() => roomTypes.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    confirmationStatus: text("confirmation_status", { enum: ["pending", "confirmed", "declined"] })
      .notNull()
      .default("pending"),
    confirmedAt: text("confirmed_at"),
    declinedAt: text("declined_at"),
    declineReason: text("decline_reason"),
    paymentDeadline: text("payment_deadline"),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
    paidAt: text("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("party_room_assignments_party_room_unique").on(t.partyId, t.roomTypeId),
    index("party_room_assignments_room_type_id_idx").on(t.roomTypeId),
  ],
);

export const eventConfig = sqliteTable("event_config", {
  id: text("id").primaryKey().default("default"),
  eventTitle: text("event_title").notNull().default("40th Birthday Celebration"),
  eventDate: text("event_date").notNull(),
  eventTime: text("event_time").notNull(),
  venueName: text("venue_name").notNull(),
  venueAddress: text("venue_address").notNull(),
  venueDirections: text("venue_directions"),
  venueLatitude: real("venue_latitude"),
  venueLongitude: real("venue_longitude"),
  dressCode: text("dress_code"),
  welcomeMessage: text("welcome_message"),
  roomConfirmationMessage: text("room_confirmation_message"),
  /** YYYY-MM-DD, answers close at the end of that day in Europe/Lisbon (issue 14). */
  rsvpDeadline: text("rsvp_deadline"),
  /** The host's address: Reply-To of outgoing mail, and where change notices go (issues 13, 14). */
  hostEmail: text("host_email"),
  /** Tell the host of guests' changes: never, one e-mail each, or a digest at 08:00 Lisbon (issue 14). */
  notifyHost: text("notify_host", { enum: ["off", "each", "daily"] }).notNull().default("off"),
  /** Issue 13: the automatic reminder goes this many days before rsvpDeadline (1-60), at 09:00 Europe/Lisbon; null = off. */
  reminderDaysBeforeDeadline: integer("reminder_days_before_deadline"),
  /** The send date (YYYY-MM-DD) whose automatic reminder went out, so a restart neither skips nor repeats it. */
  autoReminderSentFor: text("auto_reminder_sent_for"),
  autoReminderSentAt: text("auto_reminder_sent_at"),
  autoReminderCount: integer("auto_reminder_count"),
  // --- Portuguese host texts (issue 18): empty means guests read the English value ---
  eventTitlePt: text("event_title_pt"),
  eventDatePt: text("event_date_pt"),
  eventTimePt: text("event_time_pt"),
  venueNamePt: text("venue_name_pt"),
  venueAddressPt: text("venue_address_pt"),
  venueDirectionsPt: text("venue_directions_pt"),
  dressCodePt: text("dress_code_pt"),
  welcomeMessagePt: text("welcome_message_pt"),
  roomConfirmationMessagePt: text("room_confirmation_message_pt"),
  // --- Payment instructions, landing schedule and gallery (issue 18) ---
  /** How guests pay; null until the host sets it (guests then read "The host will send payment details"). */
  payment: text("payment", { mode: "json" }).$type<PaymentInstructions | null>(),
  schedule: text("schedule", { mode: "json" }).$type<ScheduleDay[]>().notNull().default(DEFAULT_SCHEDULE),
  gallery: text("gallery", { mode: "json" }).$type<GalleryItem[]>().notNull().default(DEFAULT_GALLERY),
  // --- end issue 18 ---
  /** Issue 38: whom a guest calls on the day (My weekend's tap-to-call and WhatsApp links), `+digits`. */
  hostPhone: text("host_phone"),
  hotelName: text("hotel_name"),
  hotelPhone: text("hotel_phone"),
  updatedAt: updatedAt(),
});

export const events = sqliteTable("events", {
  id: id(),
  title: text("title").notNull(),
  date: text("date").notNull(),
  timeFrom: text("time_from").notNull(),
  timeTo: text("time_to").notNull(),
  description: text("description"),
  hotelGuestsOnly: integer("hotel_guests_only", { mode: "boolean" }).notNull().default(false),
  // Portuguese host texts (issue 18): empty means guests read the English value.
  titlePt: text("title_pt"),
  datePt: text("date_pt"),
  timeFromPt: text("time_from_pt"),
  timeToPt: text("time_to_pt"),
  descriptionPt: text("description_pt"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    id: id(),
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    partyId: text("party_id").references(() => parties.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    attending: integer("attending", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("event_rsvps_event_party_unique").on(t.eventId, t.partyId),
    uniqueIndex("event_rsvps_event_guest_unique").on(t.eventId, t.guestId),
    index("event_rsvps_party_id_idx").on(t.partyId),
    index("event_rsvps_guest_id_idx").on(t.guestId),
  ],
);

/** Server-side sessions: the cookie carries only the signed id. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    data: text("data").notNull(),
    expiresAt: text("expires_at"),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Every e-mail: kept here always; sent over SMTP when configured (issue 13: the Messages page reads it). */
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    /** "invitation" | "reminder" | "confirmation" | ... (free text: other features add their own kinds). */
    kind: text("kind").notNull().default("other"),
    /**
     * Which sender lane (issue 23, docs/decisions/058): "priority" for mail a
     * guest is waiting for (sign-in codes, RSVP confirmations), sent at once;
     * "bulk" for everything else, at MAIL_RATE_PER_MINUTE. Set from the kind
     * when the mail is written (app/models/outbox.server.ts laneOfKind).
     */
    lane: text("lane", { enum: ["priority", "bulk"] }).notNull().default("bulk"),
    /** The invitee the mail is about, when there is one (the 10-minute double-send guard reads these). */
    partyId: text("party_id"),
    guestId: text("guest_id"),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status", { enum: ["pending", "sent", "failed", "stored"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** A failed attempt's backoff, kept here so a restart neither hurries nor forgets it. */
    nextAttemptAt: text("next_attempt_at"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("outbox_status_idx").on(t.status),
    index("outbox_lane_status_idx").on(t.lane, t.status),
    index("outbox_created_at_idx").on(t.createdAt),
    index("outbox_party_id_idx").on(t.partyId),
    index("outbox_guest_id_idx").on(t.guestId),
  ],
);

/**
 * One-time e-mail sign-in codes (issue 15). One row per code sent, and one per
 * request for an address nobody was invited with (no party, no guest): the
 * limit of 3 per address per 15 minutes counts both alike. The address, the
 * 6-digit code and the link's token are stored as SHA-256 hashes only.
 */
export const emailSignInCodes = sqliteTable(
  "email_sign_in_codes",
  {
    id: id(),
    emailHash: text("email_hash").notNull(),
    partyId: text("party_id").references(() => parties.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("email_sign_in_codes_email_idx").on(t.emailHash, t.createdAt),
    // Issue 22: the prune of rows older than a day, on every code request, reads only those rows.
    index("email_sign_in_codes_created_idx").on(t.createdAt),
  ],
);

/**
 * What changed, by whom (issue 14): written by the models in the same
 * transaction as the change. No foreign keys: the history outlives a deleted
 * party or guest.
 */
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: id(),
    at: text("at").notNull().$defaultFn(now),
    actor: text("actor", { enum: ["guest", "admin"] }).notNull(),
    partyId: text("party_id"),
    guestId: text("guest_id"),
    kind: text("kind", { enum: ACTIVITY_KIND_VALUES }).notNull(),
    summary: text("summary").notNull(),
    /** Issue 27: who of the admins ("Host", "Ana, co-host"); null for a guest's change and for rows from before. */
    actorName: text("actor_name"),
  },
  (t) => [index("activity_log_at_idx").on(t.at), index("activity_log_party_id_idx").on(t.partyId, t.at)],
);

/** One row per Lisbon day whose host digest was handled, so a restart never skips nor repeats one. */
export const hostDigests = sqliteTable("host_digests", {
  day: text("day").primaryKey(),
  changes: integer("changes").notNull(),
  outboxId: text("outbox_id"),
  createdAt: createdAt(),
});

/** Who an announcement is for (issue 23): the audience the host chose, kept as asked. */
export type AnnouncementAudience = {
  kind: "all" | "attending" | "pending" | "declined" | "rooms" | "rooms-confirmed" | "event" | "chosen";
  eventId?: string;
  partyIds?: string[];
  guestIds?: string[];
};

/**
 * News from the host to chosen guests (issue 23). English texts always,
 * Portuguese optional (empty: guests read the English). Withdrawn ones stay
 * for the host's record but no guest reads them any more.
 */
export const announcements = sqliteTable("announcements", {
  id: id(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  subjectPt: text("subject_pt"),
  bodyPt: text("body_pt"),
  audience: text("audience", { mode: "json" }).$type<AnnouncementAudience>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  withdrawnAt: text("withdrawn_at"),
});

/**
 * Who received an announcement, fixed when it was sent: a party or an
 * individual guest. /my-rsvp and GET /api/my-announcements read only these
 * rows, so a guest never sees news addressed to others.
 */
export const announcementRecipients = sqliteTable(
  "announcement_recipients",
  {
    id: id(),
    announcementId: text("announcement_id").notNull().references(() => announcements.id, { onDelete: "cascade" }),
    partyId: text("party_id").references(() => parties.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    /** When the host last sent it on WhatsApp (recipients without an e-mail). */
    whatsappAt: text("whatsapp_at"),
  },
  (t) => [
    uniqueIndex("announcement_recipients_party_unique").on(t.announcementId, t.partyId),
    uniqueIndex("announcement_recipients_guest_unique").on(t.announcementId, t.guestId),
    index("announcement_recipients_party_id_idx").on(t.partyId),
    index("announcement_recipients_guest_id_idx").on(t.guestId),
  ],
);
// --- issue 24: the host's own questions ---

export const QUESTION_TYPES = ["text", "longtext", "choice", "multi", "yesno", "number"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * A question the host asks (issue 24): of each person coming or once per
 * invitation, for the celebration or only of those attending one side event,
 * maybe only if another question's answer is one of some choices.
 */
export const questions = sqliteTable("questions", {
  id: id(),
  text: text("text").notNull(),
  textPt: text("text_pt"),
  help: text("help"),
  helpPt: text("help_pt"),
  type: text("type", { enum: QUESTION_TYPES }).notNull(),
  per: text("per", { enum: ["person", "invitation"] }).notNull().default("person"),
  /** Only of those attending this side event; deleting the event deletes its questions and their answers. */
  eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
  required: integer("required", { mode: "boolean" }).notNull().default(false),
  showIfQuestionId: text("show_if_question_id"),
  showIfChoiceIds: text("show_if_choice_ids", { mode: "json" }).$type<string[]>(),
  /** Filled by the host only (a table number): guests never see it. */
  hostOnly: integer("host_only", { mode: "boolean" }).notNull().default(false),
  min: real("min"),
  max: real("max"),
  position: integer("position").notNull().default(0),
  /** No longer asked; its answers are kept. */
  retired: integer("retired", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const questionChoices = sqliteTable(
  "question_choices",
  {
    id: id(),
    questionId: text("question_id").notNull().references(() => questions.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    labelPt: text("label_pt"),
    /** No longer offered; answers that chose it keep its label. */
    retired: integer("retired", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("question_choices_question_idx").on(t.questionId)],
);

/**
 * One answer per question and invitation (partyId or an individual guestId),
 * and per person for per-person questions (a party member: partyId + guestId).
 * value is JSON: a string, an array of choice ids, a boolean or a number.
 */
export const answers = sqliteTable(
  "answers",
  {
    id: id(),
    questionId: text("question_id").notNull().references(() => questions.id, { onDelete: "cascade" }),
    partyId: text("party_id").references(() => parties.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    /** "partyId:guestId" with empty parts: one answer per question and owner (NULLs would not be unique). */
    ownerKey: text("owner_key").notNull(),
    value: text("value", { mode: "json" }).$type<AnswerValue>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("answers_question_owner_unique").on(t.questionId, t.ownerKey),
    index("answers_party_idx").on(t.partyId),
    index("answers_guest_idx").on(t.guestId),
  ],
);
export type AnswerValue = string | string[] | boolean | number;
/**
 * Issue 25: the party's ledger. Money is integer cents of euro. A charge is
 * added to what the party owes beside its confirmed rooms (negative: a
 * discount); a payment is money that arrived. A payment made by the room's
 * "Payment Received" switch names that room, so switching off removes it.
 */
export const charges = sqliteTable(
  "charges",
  {
    id: id(),
    partyId: text("party_id").notNull().references(() => parties.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("charges_party_id_idx").on(t.partyId)],
);

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    partyId: text("party_id").notNull().references(() => parties.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    /** YYYY-MM-DD, the day the money arrived. */
    date: text("date").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    note: text("note"),
    /** Set when the room's "Payment Received" switch made this payment. */
    roomAssignmentId: text("room_assignment_id").references(() => partyRoomAssignments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("payments_party_id_idx").on(t.partyId, t.date), uniqueIndex("payments_room_assignment_unique").on(t.roomAssignmentId)],
);

/*
 * Issue 25 item 4: bank statements. Each import with its counts; each
 * transaction once (dedupe_key unique: the bank's id, else date, amount,
 * currency, payer and reference), with where matching left it; the ledger
 * payments a booking made (so undo removes exactly those); and the CSV
 * column mappings the host chose, by header line.
 */
export const bankImports = sqliteTable("bank_imports", {
  id: id(),
  fileName: text("file_name"),
  format: text("format", { enum: ["csv", "camt053", "mt940"] }).notNull(),
  readCount: integer("read_count").notNull(),
  newCount: integer("new_count").notNull(),
  duplicates: integer("duplicates").notNull(),
  booked: integer("booked").notNull(),
  proposed: integer("proposed").notNull(),
  unmatched: integer("unmatched").notNull(),
  ignored: integer("ignored").notNull(),
  /** Decision 072: booked transactions this statement reports reversed (not counted as duplicates). */
  reversed: integer("reversed").notNull().default(0),
  /** Issue 35: new transactions kept as possibly the same money as one seen before (status "duplicate"). */
  possibleDuplicates: integer("possible_duplicates").notNull().default(0),
  /** Issue 35: rows that are no transaction (a footer, a balance line, a blank line), skipped without an error. */
  skipped: integer("skipped").notNull().default(0),
  /** Decision 076: lines stored so far while a long import is stored in batches (the page shows progress); null once it is done. */
  linesDone: integer("lines_done"),
  errorCount: integer("error_count").notNull(),
  createdAt: createdAt(),
});

export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: id(),
    dedupeKey: text("dedupe_key").notNull(),
    bankId: text("bank_id"),
    /** Cents: positive money in, negative money out. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** YYYY-MM-DD, the booking day. */
    date: text("date").notNull(),
    payer: text("payer"),
    reference: text("reference"),
    status: text("status", { enum: BANK_TRANSACTION_STATUSES }).notNull(),
    ignoreReason: text("ignore_reason"),
    proposedPartyId: text("proposed_party_id").references(() => parties.id, { onDelete: "set null" }),
    importId: text("import_id").references(() => bankImports.id, { onDelete: "set null" }),
    /**
     * Decision 072: a booked transaction a later statement reports reversed
     * (REVERTED, CANCELLED, REFUNDED, DECLINED...): why ("Not completed at the
     * bank: REVERTED"), when, and when the host kept the payment. Set once per
     * transaction, so a re-import raises nothing twice; the payment stays
     * until the host undoes it.
     */
    reversal: text("reversal"),
    reversalReportedAt: text("reversal_reported_at"),
    reversalDismissedAt: text("reversal_dismissed_at"),
    /** Issue 35: status "duplicate": the same money seen before (another format, the same bank id), waiting for the host. */
    duplicateOf: text("duplicate_of").references((): AnySQLiteColumn => bankTransactions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bank_transactions_dedupe_key_unique").on(t.dedupeKey),
    index("bank_transactions_status_idx").on(t.status, t.date),
    index("bank_transactions_amount_idx").on(t.amount, t.date),
  ],
);

/**
 * Issue 35: every key a transaction is known by. Identity keys (the raw line
 * and its occurrence "raw:", the older field key "key:", the bank's id "id:")
 * say "this is that transaction"; "ref:" keys (any bank id, EndToEndId) only
 * say "possibly the same money", so they may be shared.
 */
export const bankTransactionKeys = sqliteTable(
  "bank_transaction_keys",
  {
    key: text("key").notNull(),
    transactionId: text("transaction_id").notNull().references(() => bankTransactions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.key, t.transactionId] }), index("bank_transaction_keys_transaction_idx").on(t.transactionId)],
);

export const bankBookings = sqliteTable(
  "bank_bookings",
  {
    id: id(),
    transactionId: text("transaction_id").notNull().references(() => bankTransactions.id, { onDelete: "cascade" }),
    paymentId: text("payment_id").notNull().references(() => payments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("bank_bookings_transaction_idx").on(t.transactionId), uniqueIndex("bank_bookings_payment_unique").on(t.paymentId)],
);

export const bankCsvMappings = sqliteTable("bank_csv_mappings", {
  /** The header line's cells, trimmed, joined by "|". */
  headerKey: text("header_key").primaryKey(),
  mapping: text("mapping", { mode: "json" }).$type<Partial<Record<string, string>>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
// --- issue 26: getting there (arrivals, departures, shuttle runs) ---

/** The host's travel settings: one row. Questions are off until the host turns them on. */
export const travelSettings = sqliteTable("travel_settings", {
  id: text("id").primaryKey().default("default"),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  /** YYYY-MM-DD: the days arrivals and departures may fall on (null: any day). */
  windowStart: text("window_start"),
  windowEnd: text("window_end"),
  /** YYYY-MM-DD, end of that day in Lisbon; null: the RSVP deadline. */
  deadline: text("deadline"),
  bufferMinutes: integer("buffer_minutes").notNull().default(45),
  maxWaitMinutes: integer("max_wait_minutes").notNull().default(120),
  seats: integer("seats").notNull().default(8),
  leadMinutes: integer("lead_minutes").notNull().default(180),
  updatedAt: updatedAt(),
});

export const TRAVEL_POINT_KINDS = ["airport", "station", "other"] as const;

/** Where guests arrive and leave from ("Porto Airport (OPO)"), and whether a shuttle serves it. */
export const travelPoints = sqliteTable("travel_points", {
  id: id(),
  name: text("name").notNull(),
  namePt: text("name_pt"),
  kind: text("kind", { enum: TRAVEL_POINT_KINDS }).notNull().default("airport"),
  transfer: integer("transfer", { mode: "boolean" }).notNull().default(true),
  driveMinutes: integer("drive_minutes").notNull().default(0),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * One traveller's answer: a whole party (partyId), a member travelling apart
 * (partyId + guestId) or an individual guest (guestId). travellerId is the
 * guest's id when one person travels, else the party's: the planner's
 * "party", which a run never splits.
 */
export const travelAnswers = sqliteTable(
  "travel_answers",
  {
    id: id(),
    travellerId: text("traveller_id").notNull(),
    partyId: text("party_id").references(() => parties.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    arrivalDate: text("arrival_date"),
    arrivalTime: text("arrival_time"),
    arrivalPointId: text("arrival_point_id").references(() => travelPoints.id, { onDelete: "set null" }),
    arrivalNumber: text("arrival_number"),
    departureDate: text("departure_date"),
    departureTime: text("departure_time"),
    departurePointId: text("departure_point_id").references(() => travelPoints.id, { onDelete: "set null" }),
    departureNumber: text("departure_number"),
    transferArrival: integer("transfer_arrival", { mode: "boolean" }).notNull().default(false),
    transferDeparture: integer("transfer_departure", { mode: "boolean" }).notNull().default(false),
    seats: integer("seats").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("travel_answers_traveller_unique").on(t.travellerId), index("travel_answers_party_idx").on(t.partyId)],
);

/** A shuttle: an arrival run leaves the point (from) for the venue; a departure run leaves the venue (to the point). */
export const shuttleRuns = sqliteTable("shuttle_runs", {
  id: id(),
  direction: text("direction", { enum: ["arrival", "departure"] }).notNull(),
  date: text("date").notNull(),
  time: text("time").notNull(),
  fromPointId: text("from_point_id").references(() => travelPoints.id, { onDelete: "set null" }),
  toPointId: text("to_point_id").references(() => travelPoints.id, { onDelete: "set null" }),
  seats: integer("seats").notNull(),
  vehicle: text("vehicle"),
  driverPhone: text("driver_phone"),
  note: text("note"),
  /** A later proposal keeps it as it is. */
  locked: integer("locked", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A traveller on a run, one per direction. arrivalTime/Date are the
 * traveller's own times when assigned (a later change that no longer fits is
 * a warning). What they were told lives in shuttle_notices.
 */
export const shuttleAssignments = sqliteTable(
  "shuttle_assignments",
  {
    id: id(),
    runId: text("run_id").notNull().references(() => shuttleRuns.id, { onDelete: "cascade" }),
    travellerId: text("traveller_id").notNull(),
    direction: text("direction", { enum: ["arrival", "departure"] }).notNull(),
    /** The traveller's flight or train date and time when assigned. */
    requestDate: text("request_date"),
    requestTime: text("request_time"),
    /** The traveller's seats as of the run's last save (issue 36: a change since is a warning). */
    requestSeats: integer("request_seats"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("shuttle_assignments_traveller_unique").on(t.travellerId, t.direction), index("shuttle_assignments_run_idx").on(t.runId)],
);

/** What each traveller was last told of its pickup per direction (survives a run's deletion, so its removal is told too). */
export const shuttleNotices = sqliteTable(
  "shuttle_notices",
  {
    travellerId: text("traveller_id").notNull(),
    direction: text("direction", { enum: ["arrival", "departure"] }).notNull(),
    pickup: text("pickup").notNull(),
    toldAt: text("told_at").notNull().$defaultFn(now),
  },
  (t) => [uniqueIndex("shuttle_notices_unique").on(t.travellerId, t.direction)],
);

/**
 * Issue 27: the owner's helpers. A helper signs in with e-mail and password
 * (the hash as app/models/password.server.ts makes it; null until the
 * invitation is accepted). co-host: everything but the team and the auth
 * settings; viewer: reads only (app/models/roles.server.ts).
 */
export const HELPER_ROLES = ["co-host", "viewer"] as const;
export const helpers = sqliteTable("helpers", {
  id: id(),
  name: text("name").notNull(),
  /** Kept lower-cased: the sign-in looks it up as typed, lower-cased. */
  email: text("email").notNull().unique(),
  role: text("role", { enum: HELPER_ROLES }).notNull(),
  password: text("password"),
  disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
  invitedAt: text("invited_at").notNull().$defaultFn(now),
  acceptedAt: text("accepted_at"),
  createdAt: createdAt(),
});

/** A single-use invitation link: only the token's SHA-256 is kept; valid 72 hours. */
export const helperInvitations = sqliteTable(
  "helper_invitations",
  {
    id: id(),
    helperId: text("helper_id").notNull().references(() => helpers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("helper_invitations_helper_idx").on(t.helperId)],
);

/**
 * Issue 27: a read-only live link to one list for a supplier (the hotel, the
 * caterer). Only the token's SHA-256 is kept; `list` names an entry of the
 * share-list registry (app/models/share-lists.server.ts), `eventId` the
 * caterer's event.
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    list: text("list").notNull(),
    eventId: text("event_id"),
    label: text("label").notNull(),
    expiresAt: text("expires_at"),
    lastOpenedAt: text("last_opened_at"),
    revokedAt: text("revoked_at"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("share_links_list_idx").on(t.list, t.eventId)],
);

// --- issue 40: gifts without fees ---
/*
 * A fund guests give to by bank transfer. `reference` (G40-XXXX) is what a
 * guest types by hand without pledging on the site: the import keeps such a
 * gift too. Dates are YYYY-MM-DD in Europe/Lisbon; a fund with gifts is
 * closed (closesAt set), never deleted.
 */
export const giftFunds = sqliteTable("gift_funds", {
  id: id(),
  title: text("title").notNull(),
  titlePt: text("title_pt"),
  text: text("text"),
  textPt: text("text_pt"),
  /** The upload's URL (/uploads/...), or null. */
  imageId: text("image_id"),
  /** Cents, or null for no goal. */
  goal: integer("goal"),
  showTotal: integer("show_total", { mode: "boolean" }).notNull().default(false),
  showNames: integer("show_names", { mode: "boolean" }).notNull().default(false),
  opensAt: text("opens_at"),
  closesAt: text("closes_at"),
  reference: text("reference").notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/*
 * One gift: a guest's pledge (promised, with its own G40-XXXX reference) or a
 * transfer the statement brought with the fund's reference (no pledge, no
 * party: the payer's name). Never part of a party's ledger.
 */
export const gifts = sqliteTable(
  "gifts",
  {
    id: id(),
    fundId: text("fund_id").notNull().references(() => giftFunds.id),
    partyId: text("party_id").references(() => parties.id, { onDelete: "set null" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "set null" }),
    giverName: text("giver_name").notNull(),
    language: text("language", { enum: ["en", "pt"] }).notNull().default("en"),
    /** Cents promised (a pledge) or received (no pledge). */
    amount: integer("amount").notNull(),
    /** Cents that arrived, once received. */
    receivedAmount: integer("received_amount"),
    message: text("message"),
    reference: text("reference").unique(),
    status: text("status", { enum: ["promised", "received"] }).notNull().default("promised"),
    receivedAt: text("received_at"),
    thankedAt: text("thanked_at"),
    bankTransactionId: text("bank_transaction_id").references(() => bankTransactions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("gifts_fund_idx").on(t.fundId, t.createdAt), index("gifts_party_idx").on(t.partyId), uniqueIndex("gifts_bank_transaction_unique").on(t.bankTransactionId)],
);
/**
 * Issue 37: the dinner's seating (decision 080). A table belongs to one
 * event (the dinner, or any side event); its seats are a hard limit. A
 * locked table keeps its guests when a plan is proposed again.
 */
export const seatingTables = sqliteTable(
  "seating_tables",
  {
    id: id(),
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shape: text("shape", { enum: ["round", "long"] }).notNull().default("round"),
    seats: integer("seats").notNull(),
    note: text("note"),
    /** The order on the floor plan: neighbouring tables are next to each other in it. */
    position: integer("position").notNull().default(0),
    locked: integer("locked", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("seating_tables_event_idx").on(t.eventId)],
);

/** One guest at one table of one event; a locked seat stays when a plan is proposed again. */
export const seatAssignments = sqliteTable(
  "seat_assignments",
  {
    id: id(),
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    guestId: text("guest_id").notNull().references(() => guests.id, { onDelete: "cascade" }),
    tableId: text("table_id").notNull().references(() => seatingTables.id, { onDelete: "cascade" }),
    locked: integer("locked", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("seat_assignments_event_guest_unique").on(t.eventId, t.guestId), index("seat_assignments_table_idx").on(t.tableId)],
);

export const SEATING_RULE_KINDS = ["apart", "together", "kids-table", "language", "split"] as const;

/**
 * The host's rules: "apart" (two guests, hard), "together" (guests or
 * parties, soft), "kids-table" (a table for the age groups in `ages`, soft),
 * "language" (soft), "split" (a party may sit at two neighbouring tables).
 */
export const seatingRules = sqliteTable(
  "seating_rules",
  {
    id: id(),
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SEATING_RULE_KINDS }).notNull(),
    guestIds: text("guest_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    partyIds: text("party_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    tableId: text("table_id").references(() => seatingTables.id, { onDelete: "cascade" }),
    ages: text("ages", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [index("seating_rules_event_idx").on(t.eventId)],
);

/** Per event: is the plan shown to guests ("Your table: 7")? */
export const seatingPlans = sqliteTable("seating_plans", {
  eventId: text("event_id").primaryKey().references(() => events.id, { onDelete: "cascade" }),
  published: integer("published", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Issue 39: a photo of the album. The original is kept as sent under
 * `storageKey` (album storage module); the sized copies are made later
 * (`copies`). `partyId` is the uploader's party (the quota's unit); `guestId`
 * the individual guest when one uploaded it, else null (the party did).
 */
export const albumPhotos = sqliteTable(
  "album_photos",
  {
    id: id(),
    partyId: text("party_id"),
    guestId: text("guest_id"),
    status: text("status", { enum: ["waiting", "shown", "hidden"] }).notNull(),
    /** Read from the bytes, never the name or type the phone sent. */
    format: text("format", { enum: ["jpeg", "png", "webp", "avif", "heic"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** SHA-256 of the original: the same photo twice from one party is kept once. */
    contentHash: text("content_hash").notNull(),
    /** YYYY-MM-DD: when it was taken (EXIF), else the day it arrived. */
    takenDay: text("taken_day").notNull(),
    copies: text("copies", { enum: ["pending", "ready", "failed"] }).notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("album_photos_party_hash_idx").on(t.partyId, t.contentHash),
    index("album_photos_status_day_idx").on(t.status, t.takenDay, t.createdAt),
    index("album_photos_party_idx").on(t.partyId),
  ],
);

/** Issue 39: the album's one settings row. */
export const albumSettings = sqliteTable("album_settings", {
  id: text("id").primaryKey().default("default"),
  opensAt: text("opens_at"),
  closesAt: text("closes_at"),
  approval: text("approval", { enum: ["host", "at-once"] }).notNull().default("host"),
  quotaBytes: integer("quota_bytes").notNull().default(2 * 1024 * 1024 * 1024),
  /** Whether the originals in "download all" keep their location (off: removed). */
  keepLocation: integer("keep_location", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});
/**
 * Issue 38: a driver's link to one shuttle run (like share_links: only the
 * token's SHA-256 is kept, optional expiry, revocable).
 */
export const driverLinks = sqliteTable(
  "driver_links",
  {
    id: id(),
    /** A link to one run, or (runId null) to every run of `day` (YYYY-MM-DD), as they stand when opened. */
    runId: text("run_id").references(() => shuttleRuns.id, { onDelete: "cascade" }),
    day: text("day"),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label"),
    expiresAt: text("expires_at"),
    lastOpenedAt: text("last_opened_at"),
    revokedAt: text("revoked_at"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("driver_links_run_idx").on(t.runId), index("driver_links_day_idx").on(t.day)],
);

/**
 * Issue 38: each "boarded" tick as sent, once per clientId (a resend is the
 * same tick). A person's state on a run is their latest tick by `at`, so two
 * drivers ticking the same person make one boarding.
 */
export const boardingTicks = sqliteTable(
  "boarding_ticks",
  {
    id: id(),
    clientId: text("client_id").notNull().unique(),
    runId: text("run_id").notNull().references(() => shuttleRuns.id, { onDelete: "cascade" }),
    guestId: text("guest_id").notNull().references(() => guests.id, { onDelete: "cascade" }),
    boarded: integer("boarded", { mode: "boolean" }).notNull(),
    /** When the driver ticked (the phone's clock), ISO. */
    at: text("at").notNull(),
    linkId: text("link_id").references(() => driverLinks.id, { onDelete: "set null" }),
    receivedAt: createdAt(),
  },
  (t) => [index("boarding_ticks_run_idx").on(t.runId, t.guestId)],
);

/** Issue 38: a day-of message to one run's parties ("the bus waits at exit 3"), shown on their My weekend. */
export const runMessages = sqliteTable(
  "run_messages",
  {
    id: id(),
    runId: text("run_id").notNull().references(() => shuttleRuns.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    textPt: text("text_pt"),
    createdAt: createdAt(),
  },
  (t) => [index("run_messages_run_idx").on(t.runId)],
);
