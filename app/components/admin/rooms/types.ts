import type { ConfirmationStatus } from "~/models/room-assignments.server";

/** What the Room Assignments page's loader sends for one room type. */
export type InventoryItem = {
  id: string;
  name: string;
  location: string;
  totalUnits: number;
  assignedUnits: number;
  availableUnits: number;
};

/** One row of the assignments list. */
export type AssignmentItem = {
  id: string;
  quantity: number;
  confirmationStatus: ConfirmationStatus;
  isPaid: boolean;
  paidAt: string | null;
  declineReason: string | null;
  paymentDeadline: string | null;
  party: { id: string; name: string };
  roomType: { id: string; name: string; location: string; totalUnits: number };
};

export type PartyOption = { id: string; name: string };
