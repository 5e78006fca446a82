import { z } from "zod";
import { unlessChosen } from "./admin-rooms";
import { CONFIRMATION_STATUSES, paymentDeadlineField, quantityField, roomAssignmentSchema } from "./room-assignment";

/*
 * Room Assignments and Payment Status forms (SPEC.md section 5, "Room
 * assignment (admin)"). The limits depend on the inventory, so each schema is
 * built from the numbers the page shows; the model checks them again inside
 * its transaction (CONTRACT.md 5), so a stale page can never over-book.
 */

export { CONFIRMATION_STATUSES, QUANTITY_REQUIRED } from "./room-assignment";
export const DEFAULT_PAYMENT_DEADLINE = "2025-11-12";
/** SPEC.md section 9: quantity 1 to 100, fallback maximum 100. */
export const MAX_QUANTITY = 100;

export const overbookedMessage = (available: number, requested: number) =>
  `Only ${available} rooms available. Cannot assign ${requested} rooms.`;
export const exceedsAvailableMessage = (available: number) =>
  `Quantity exceeds available units. Only ${available} available.`;
export const exceedsMaximumMessage = (max: number) => `Quantity exceeds available units. Maximum ${max} units allowed.`;

const id = z.string({ error: "Missing assignment" });

/** What the page knows: units left per room type, and each assignment's edit maximum. */
export type AssignmentLimits = {
  available: (roomTypeId: string) => number | undefined;
  editMaximum: (assignmentId: string) => number | undefined;
};

type LooseValues = { roomTypeId?: unknown; quantity?: unknown; id?: unknown; confirmationStatus?: unknown };
const partial = (value: unknown) => (value ?? {}) as LooseValues;

export function assignRoomSchema(limits: Pick<AssignmentLimits, "available">) {
  return z
    .object({
      intent: z.literal("assign"),
      partyId: z.preprocess(unlessChosen, roomAssignmentSchema.shape.partyId),
      roomTypeId: z.preprocess(unlessChosen, roomAssignmentSchema.shape.roomTypeId),
      // No default here: an emptied quantity is an error, not a silent 1.
      quantity: quantityField,
      paymentDeadline: paymentDeadlineField,
    })
    .superRefine(
      (raw, ctx) => {
        // Runs even when another field is still empty, so the host sees the limit at once.
        const { roomTypeId, quantity: requested } = partial(raw);
        if (typeof roomTypeId !== "string" || typeof requested !== "number") return;
        const available = limits.available(roomTypeId);
        if (available === undefined || requested <= available) return;
        const left = Math.max(0, available);
        ctx.addIssue({ code: "custom", path: ["quantity"], message: exceedsAvailableMessage(left) });
        ctx.addIssue({ code: "custom", path: [], message: overbookedMessage(left, requested) });
      },
      { when: () => true },
    );
}

export function editAssignmentSchema(limits: Pick<AssignmentLimits, "editMaximum">) {
  return z
    .object({
      intent: z.literal("update"),
      id,
      quantity: quantityField,
      confirmationStatus: z.enum(CONFIRMATION_STATUSES, { error: "Choose a confirmation status" }),
      paymentDeadline: paymentDeadlineField,
    })
    .superRefine(
      (raw, ctx) => {
        const { id: assignmentId, quantity: requested, confirmationStatus } = partial(raw);
        // A declined room holds no units, so any quantity fits.
        if (typeof assignmentId !== "string" || typeof requested !== "number" || confirmationStatus === "declined") return;
        const max = limits.editMaximum(assignmentId);
        if (max !== undefined && requested > max) {
          ctx.addIssue({ code: "custom", path: ["quantity"], message: exceedsMaximumMessage(Math.max(0, max)) });
        }
      },
      { when: () => true },
    );
}

export const deleteAssignmentSchema = z.object({ intent: z.literal("delete"), id });

export const markPaidSchema = z.object({
  intent: z.literal("mark-paid"),
  id,
  // An unticked checkbox sends nothing: that is "unpaid".
  isPaid: z.boolean().optional().transform((v) => v ?? false),
});

export const quantitySchema = z.object({ intent: z.literal("quantity"), id, quantity: quantityField });

/** Every form of the Room Assignments page, told apart by the hidden `intent`. */
export function roomAssignmentsActionSchema(limits: AssignmentLimits) {
  return z.discriminatedUnion("intent", [
    assignRoomSchema(limits),
    editAssignmentSchema(limits),
    deleteAssignmentSchema,
    markPaidSchema,
    quantitySchema,
  ]);
}

/** The Payment Status page: the paid toggle and the inline quantity. */
export const paymentsActionSchema = z.discriminatedUnion("intent", [markPaidSchema, quantitySchema]);
