import { describe, expect, it } from "vitest";
import { paymentSummary, type PayableRoom } from "./payment-summary";

const room = (over: Partial<PayableRoom> & { price: number }): PayableRoom => ({
  id: Math.random().toString(36).slice(2),
  quantity: 1,
  confirmationStatus: "confirmed",
  paymentDeadline: null,
  isPaid: false,
  roomType: { name: "Room", pricePerNight: over.price },
  ...over,
});

describe("paymentSummary", () => {
  it("halves pricePerNight per night and multiplies it by the quantity per line", () => {
    const s = paymentSummary([room({ price: 560, quantity: 2 })]);
    expect(s.lines[0]).toMatchObject({ perNight: 280, lineTotal: 1120 });
    expect(s.total).toBe(1120);
  });

  it("leaves declined rooms out of the lines, the total and the deadline", () => {
    const s = paymentSummary([
      room({ price: 360, paymentDeadline: "2026-05-31" }),
      room({ price: 1200, confirmationStatus: "declined", paymentDeadline: "2026-01-15" }),
      room({ price: 560, confirmationStatus: "pending", paymentDeadline: "2026-04-30" }),
    ]);
    expect(s.lines).toHaveLength(2);
    expect(s.total).toBe(920);
    expect(s.deadline).toBe("2026-04-30");
  });

  it("has no deadline when no owed room has one", () => {
    expect(paymentSummary([room({ price: 100 })]).deadline).toBeNull();
    expect(paymentSummary([]).total).toBe(0);
  });
});
