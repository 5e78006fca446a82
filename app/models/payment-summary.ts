/*
 * SPEC.md 9: pricePerNight is the price of the whole two-night stay. The guest
 * sees half of it as the per-night figure; a line costs pricePerNight ×
 * quantity. Declined rooms are not owed, and the deadline shown is the
 * earliest among the rooms that are not declined.
 */
export type PayableRoom = {
  id: string;
  quantity: number;
  confirmationStatus: "pending" | "confirmed" | "declined";
  paymentDeadline: string | null;
  isPaid: boolean;
  roomType: { name: string; pricePerNight: number };
};

export type PaymentLine = {
  id: string;
  name: string;
  quantity: number;
  perNight: number;
  lineTotal: number;
  status: PayableRoom["confirmationStatus"];
  isPaid: boolean;
};

export type PaymentSummary = { lines: PaymentLine[]; total: number; deadline: string | null };

export function paymentSummary(rooms: readonly PayableRoom[]): PaymentSummary {
  const owed = rooms.filter((r) => r.confirmationStatus !== "declined");
  const lines = owed.map((r) => ({
    id: r.id,
    name: r.roomType.name,
    quantity: r.quantity,
    perNight: r.roomType.pricePerNight / 2,
    lineTotal: r.roomType.pricePerNight * r.quantity,
    status: r.confirmationStatus,
    isPaid: r.isPaid,
  }));
  const deadlines = owed.map((r) => r.paymentDeadline).filter((d): d is string => !!d).sort();
  return { lines, total: lines.reduce((sum, l) => sum + l.lineTotal, 0), deadline: deadlines[0] ?? null };
}
