import { z } from "zod";
import { checkResponder, idField, optionalId, optionalText } from "./fields";
import { answersListSchema } from "./question";

const count = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and 10`)
    .max(10, `${label} must be between ${min} and 10`);

/** One room decision sent with the RSVP (CONTRACT.md 5). */
export const roomDecisionSchema = z.object({
  assignmentId: idField("Missing room assignment"),
  status: z.enum(["confirmed", "declined"], { error: 'status must be "confirmed" or "declined"' }),
  reason: optionalText(1000),
});

const rsvpFields = {
  partyId: optionalId,
  guestId: optionalId,
  attending: z.boolean({ error: "Please say whether you are attending" }),
  // SPEC.md 5's schema ranges; a party's counts are taken from its members anyway.
  guestCount: count("Guest count", 1).optional(),
  adultsCount: count("Adults", 0).optional(),
  kidsCount: count("Kids", 0).optional(),
  babiesCount: count("Babies", 0).optional(),
  dietaryRestrictions: optionalText(2000),
  messageToHost: optionalText(5000),
  roomsConfirmed: z.boolean({ error: "roomsConfirmed must be a boolean" }).optional(),
  roomConfirmationDecisions: z.array(roomDecisionSchema).max(100, "Too many room decisions").optional(),
  // Issue 14: a party's answer per member; members left out are coming.
  memberAttendance: z
    .array(
      z.object({
        guestId: idField("Missing guestId"),
        attending: z.boolean({ error: "attending must be a boolean" }),
      }),
    )
    .max(200, "Too many members")
    .optional(),
  // Issue 24: answers to the host's questions travel with the RSVP (refused whole when one is bad).
  answers: answersListSchema.optional(),
};

/** SPEC.md 3's submitted RSVP: POST /api/rsvps, and the RSVP forms. */
export const rsvpSchema = z.object(rsvpFields).superRefine(checkResponder);
export type RsvpValues = z.output<typeof rsvpSchema>;
