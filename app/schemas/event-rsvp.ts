import { z } from "zod";
import { checkResponder, idField, optionalId } from "./fields";

/** SPEC.md 3's submitted event RSVP: POST /api/event-rsvps and the event checkboxes. */
export const eventRsvpSchema = z
  .object({
    eventId: idField("eventId is required"),
    partyId: optionalId,
    guestId: optionalId,
    attending: z.boolean({ error: "attending must be true or false" }),
  })
  .superRefine(checkResponder);
export type EventRsvpValues = z.output<typeof eventRsvpSchema>;

/** GET /api/event-rsvps?eventId=... */
export const eventRsvpFiltersSchema = z.object({ eventId: z.string().max(100).optional() });
