import { eq } from "drizzle-orm";
import { eventConfig } from "../../db/schema";
import { db, prepared } from "../db.server";
import { DEFAULT_EVENT_CONFIG } from "./seed.server";
import { PAYMENT_FIELDS, type PaymentInstructions } from "./host-texts";

export { localizeEventConfig, localizeEvent, localizeRoomType, localizePayment, pickText } from "./host-texts";

export type EventConfig = typeof eventConfig.$inferSelect;
export type EventConfigUpdate = Partial<Omit<EventConfig, "id" | "updatedAt" | "payment">> & {
  /** Issue 18: any subset of the payment fields, merged with what is stored; null clears them. */
  payment?: Partial<PaymentInstructions> | null;
};

const byId = prepared(() => db.select().from(eventConfig).where(eq(eventConfig.id, "default")).prepare());

export function getEventConfig(): EventConfig {
  const row = byId().get();
  if (row) return row;
  // Only reachable if someone deleted the row by hand: recreate the defaults.
  db.insert(eventConfig).values(DEFAULT_EVENT_CONFIG).onConflictDoNothing().run();
  return byId().get()!;
}

// --- Issue 18: payment instructions and what each reader of GET /api/event-config gets ---

/** A partial change over the stored instructions; all fields empty is stored as none (null). */
export function mergePayment(current: PaymentInstructions | null, changes: Partial<PaymentInstructions> | null): PaymentInstructions | null {
  if (changes === null) return null;
  const merged = Object.fromEntries(PAYMENT_FIELDS.map((k) => [k, (k in changes ? changes[k] : current?.[k]) ?? null])) as PaymentInstructions;
  return PAYMENT_FIELDS.some((k) => merged[k] !== null) ? merged : null;
}

/** Every payment field, null when unset: the admin form's and the API's shape. */
export function paymentOrEmpty(payment: PaymentInstructions | null): PaymentInstructions {
  return Object.fromEntries(PAYMENT_FIELDS.map((k) => [k, payment?.[k] ?? null])) as PaymentInstructions;
}

/**
 * GET /api/event-config. Everyone reads the host's texts in both languages,
 * the schedule and the gallery (an explicit list); only the admin reads the
 * payment instructions (guests see them on their pages once signed in) and
 * the host-only settings.
 */
export function eventConfigForReader(config: EventConfig, { admin }: { admin: boolean }) {
  const visible = {
    id: config.id,
    eventTitle: config.eventTitle,
    eventTitlePt: config.eventTitlePt,
    eventDate: config.eventDate,
    eventDatePt: config.eventDatePt,
    eventTime: config.eventTime,
    eventTimePt: config.eventTimePt,
    venueName: config.venueName,
    venueNamePt: config.venueNamePt,
    venueAddress: config.venueAddress,
    venueAddressPt: config.venueAddressPt,
    venueDirections: config.venueDirections,
    venueDirectionsPt: config.venueDirectionsPt,
    venueLatitude: config.venueLatitude,
    venueLongitude: config.venueLongitude,
    dressCode: config.dressCode,
    dressCodePt: config.dressCodePt,
    welcomeMessage: config.welcomeMessage,
    welcomeMessagePt: config.welcomeMessagePt,
    roomConfirmationMessage: config.roomConfirmationMessage,
    roomConfirmationMessagePt: config.roomConfirmationMessagePt,
    rsvpDeadline: config.rsvpDeadline,
    hostPhone: config.hostPhone,
    hotelName: config.hotelName,
    hotelPhone: config.hotelPhone,
    schedule: config.schedule,
    gallery: config.gallery,
    updatedAt: config.updatedAt,
  };
  if (!admin) return visible;
  return {
    ...visible,
    hostEmail: config.hostEmail,
    notifyHost: config.notifyHost,
    reminderDaysBeforeDeadline: config.reminderDaysBeforeDeadline,
    autoReminderSentFor: config.autoReminderSentFor,
    autoReminderSentAt: config.autoReminderSentAt,
    autoReminderCount: config.autoReminderCount,
    payment: config.payment,
  };
}
// --- end issue 18 ---
