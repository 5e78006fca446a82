import { z } from "zod";
import { calendarDate, idField, optionalText } from "./fields";

export const CONFIRMATION_STATUSES = ["pending", "confirmed", "declined"] as const;

export const QUANTITY_REQUIRED = "Quantity must be greater than 0";
export const DECLINE_REASON_MESSAGE = "Reason required - Please provide a reason for declining the room.";

/** SPEC.md 5 and 9: a number from 1 to 100. */
export const quantityField = z
  .number({ error: QUANTITY_REQUIRED })
  .int("Quantity must be a whole number")
  .min(1, QUANTITY_REQUIRED)
  .max(100, "Quantity must be at most 100");

/** YYYY-MM-DD, optional ("" or null: no deadline; left out: unchanged). */
export const paymentDeadlineField = z
  .union([calendarDate(), z.literal(""), z.null()], { error: "Enter the date as YYYY-MM-DD" })
  .transform((v) => v || null)
  .optional();

const statusField = z.enum(CONFIRMATION_STATUSES, { error: "Confirmation status must be pending, confirmed or declined" });

const assignmentFields = {
  roomTypeId: idField("Please select a room type."),
  quantity: quantityField,
  paymentDeadline: paymentDeadlineField,
  confirmationStatus: statusField.optional(),
  declineReason: optionalText(1000),
};

/** POST /api/parties/{id}/room-assignments (the party comes from the path). */
export const partyRoomAssignmentSchema = z.object(assignmentFields);

/** POST /api/room-assignments and the "Assign Room" dialog. */
export const roomAssignmentSchema = z.object({ partyId: idField("Please select a party."), ...assignmentFields });
export type RoomAssignmentValues = z.output<typeof roomAssignmentSchema>;

/** PATCH /api/room-assignments/{id}: the edit dialog, the inline quantity, the paid toggle. */
export const roomAssignmentPatchSchema = z.object({
  quantity: quantityField.optional(),
  paymentDeadline: paymentDeadlineField,
  confirmationStatus: statusField.optional(),
  declineReason: z
    .string({ error: "Must be text" })
    .trim()
    .max(1000, "At most 1000 characters")
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  isPaid: z.boolean({ error: "isPaid must be true or false" }).optional(),
});

/** POST /api/room-assignments/{id}/mark-paid. */
export const markPaidSchema = z.object({ isPaid: z.boolean({ error: "isPaid must be true or false" }) });

/** POST /api/room-assignments/{id}/decline: the reason must not be blank (CONTRACT.md 5). */
export const declineSchema = z.object({
  reason: z.string({ error: DECLINE_REASON_MESSAGE }).trim().min(1, DECLINE_REASON_MESSAGE).max(1000, "At most 1000 characters"),
});

/** GET /api/room-assignments?status=... */
export const roomAssignmentFiltersSchema = z.object({ status: statusField.optional() });
