// Issue 25 item 7: the ledger over HTTP, in cents. Figures are hand-computed:
// a Vineyard Suite at 560 (the whole stay) × 1 = 56,000 cents; a boat trip for
// two at 35 = 7,000; a discount of 50 = −5,000.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, count, makeGuest, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

async function partyWithSuite() {
  const party = await makeParty(admin);
  const suite = await makeRoomType(admin, { pricePerNight: 560, totalUnits: 5 });
  const room = await assignRoom(admin, party.id, suite.id, 1, { confirmationStatus: "confirmed" });
  return { party, room };
}
const ledgerOf = async (id: string) => (await admin.get(`/api/parties/${id}/ledger`)).json;
const roomOf = async (id: string) => (await admin.get(`/api/room-assignments/${id}`)).json;

describe("a party's ledger", () => {
  it("due = confirmed rooms + charges, paid, balance, status; rooms paid when settled and un-marked on undo", async () => {
    const { party, room } = await partyWithSuite();
    const start = await ledgerOf(party.id);
    expect(start).toMatchObject({ due: 56_000, paid: 0, balance: 56_000, status: "Unpaid", charges: [], payments: [] });
    expect(start.reference).toMatch(/^C40-[2-9A-HJ-NP-Z]{4}$/);

    const boat = await admin.post(`/api/parties/${party.id}/charges`, { label: "Boat trip, 2 × €35", amount: 7_000 });
    expect(boat.status).toBe(201);
    expect(boat.json).toMatchObject({ label: "Boat trip, 2 × €35", amount: 7_000 });
    const discount = await admin.post(`/api/parties/${party.id}/charges`, { label: "Discount", amount: -5_000 });
    expect(discount.status).toBe(201);
    expect(await ledgerOf(party.id)).toMatchObject({ due: 58_000, balance: 58_000 });

    const first = await admin.post(`/api/parties/${party.id}/payments`, { amount: 30_000, date: "2026-03-01", method: "bank-transfer", note: "First half" });
    expect(first.status).toBe(201);
    expect(await ledgerOf(party.id)).toMatchObject({ paid: 30_000, balance: 28_000, status: "Partially Paid" });
    expect((await roomOf(room.id)).isPaid).toBe(false);

    const second = await admin.post(`/api/parties/${party.id}/payments`, { amount: 30_000, date: "2026-03-03", method: "mbway" });
    const settled = await ledgerOf(party.id);
    expect(settled).toMatchObject({ due: 58_000, paid: 60_000, balance: -2_000, status: "Credit" });
    expect(settled.payments.map((p: { amount: number; date: string; method: string }) => [p.amount, p.date, p.method])).toEqual([
      [30_000, "2026-03-01", "bank-transfer"],
      [30_000, "2026-03-03", "mbway"],
    ]);
    expect(await roomOf(room.id)).toMatchObject({ isPaid: true, paidAt: "2026-03-03" });

    expect((await admin.delete(`/api/charges/${discount.json.id}`)).status).toBe(200);
    expect(await ledgerOf(party.id)).toMatchObject({ due: 63_000, balance: 3_000, status: "Partially Paid" });
    expect((await roomOf(room.id)).isPaid).toBe(false);
    expect((await admin.delete(`/api/charges/${boat.json.id}`)).status).toBe(200);
    expect(await ledgerOf(party.id)).toMatchObject({ due: 56_000, balance: -4_000, status: "Credit" });
    expect((await admin.delete(`/api/payments/${second.json.id}`)).status).toBe(200);
    expect(await ledgerOf(party.id)).toMatchObject({ paid: 30_000, balance: 26_000, status: "Partially Paid" });
    expect(await roomOf(room.id)).toMatchObject({ isPaid: false, paidAt: null });
    expect((await admin.delete(`/api/payments/${second.json.id}`)).status).toBe(404);

    // Every payment, charge and undo is in the activity log.
    const log = (await admin.get(`/api/activity?partyId=${party.id}&kind=payment`)).json.items.map((i: { summary: string }) => i.summary);
    expect(log).toEqual(
      expect.arrayContaining([
        'Charge "Boat trip, 2 × €35" €70.00 added',
        'Charge "Discount" -€50.00 added',
        "Payment €300.00 (bank transfer) of 2026-03-01 recorded: First half",
        "Payment €300.00 (MB WAY) of 2026-03-03 recorded",
        'Charge "Discount" -€50.00 removed',
        "Payment €300.00 of 2026-03-03 removed (undo)",
      ]),
    );
  });

  it("the Payment Received switch records that room's amount and removes it, so switch and ledger agree", async () => {
    const { party, room } = await partyWithSuite();
    const on = await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: true });
    expect(on.json).toMatchObject({ isPaid: true });
    const ledger = await ledgerOf(party.id);
    expect(ledger).toMatchObject({ due: 56_000, paid: 56_000, balance: 0, status: "Paid in Full" });
    expect(ledger.payments).toEqual([expect.objectContaining({ amount: 56_000, roomAssignmentId: room.id })]);
    const off = await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: false });
    expect(off.json).toMatchObject({ isPaid: false, paidAt: null });
    expect(await ledgerOf(party.id)).toMatchObject({ paid: 0, balance: 56_000, status: "Unpaid", payments: [] });

    // Paid by a transfer, the switch cannot be switched off: the payment must be removed.
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 56_000, date: "2026-03-03", method: "bank-transfer" });
    expect((await roomOf(room.id)).isPaid).toBe(true);
    const refused = await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: false });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/paid by the party's payments/);
    expect(await ledgerOf(party.id)).toMatchObject({ paid: 56_000, balance: 0 });
  });

  it("lists every party with a ledger and the totals", async () => {
    const { party } = await partyWithSuite();
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 60_000, date: "2026-03-03", method: "cash" });
    const { json } = await admin.get("/api/ledger");
    const row = json.parties.find((p: { partyId: string }) => p.partyId === party.id);
    expect(row).toMatchObject({ due: 56_000, paid: 60_000, balance: -4_000, status: "Credit" });
    expect(row.reference).toMatch(/^C40-/);
    const sum = (k: "due" | "paid") => json.parties.reduce((s: number, p: Record<string, number>) => s + p[k]!, 0);
    expect(json.totals).toEqual({
      due: sum("due"),
      paid: sum("paid"),
      outstanding: json.parties.reduce((s: number, p: { balance: number }) => s + Math.max(0, p.balance), 0),
    });
  });
});

describe("bad input: 400 naming the field, nothing stored", () => {
  it.each([
    [{ amount: 0, date: "2026-03-03", method: "cash" }, "amount", "Amount must be more than 0"],
    [{ amount: -100, date: "2026-03-03", method: "cash" }, "amount", "Amount must be more than 0"],
    [{ amount: 12.5, date: "2026-03-03", method: "cash" }, "amount", "Amount must be more than 0"],
    [{ amount: "100", date: "2026-03-03", method: "cash" }, "amount", "Amount must be more than 0"],
    [{ amount: 100, date: "2026-02-30", method: "cash" }, "date", "Enter a valid date"],
    [{ amount: 100, date: "3 March", method: "cash" }, "date", "Enter the date as YYYY-MM-DD"],
    [{ amount: 100, date: "2026-03-03", method: "bitcoin" }, "method", "Method must be one of bank-transfer, payment-link, mbway, cash, other"],
  ])("payment %j", async (body, field, message) => {
    const { party } = await partyWithSuite();
    const res = await admin.post(`/api/parties/${party.id}/payments`, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.errors[field]).toContain(message);
    expect(count(server, "payments", "party_id = ?", party.id)).toBe(0);
  });

  it.each([
    [{ label: "Discount", amount: 0 }, "amount", "Amount must be a whole number of cents other than 0"],
    [{ label: "Boat", amount: 1.5 }, "amount", "Amount must be a whole number of cents other than 0"],
    [{ label: "  ", amount: 100 }, "label", "Label is required"],
    [{ amount: 100 }, "label", "Label is required"],
  ])("charge %j", async (body, field, message) => {
    const { party } = await partyWithSuite();
    const res = await admin.post(`/api/parties/${party.id}/charges`, body);
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toContain(message);
    expect(count(server, "charges", "party_id = ?", party.id)).toBe(0);
  });

  it("an unknown party is 404 and stores nothing", async () => {
    const before = count(server, "payments");
    expect((await admin.post("/api/parties/nope/payments", { amount: 100, date: "2026-03-03", method: "cash" })).status).toBe(404);
    expect((await admin.post("/api/parties/nope/charges", { label: "X", amount: 100 })).status).toBe(404);
    expect((await admin.get("/api/parties/nope/ledger")).status).toBe(404);
    expect(count(server, "payments")).toBe(before);
  });
});

describe("a guest's own ledger", () => {
  it("GET /api/my-ledger: due, payments with their dates, balance and the reference, without host notes", async () => {
    const { party } = await partyWithSuite();
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 20_000, date: "2026-03-03", method: "bank-transfer", note: "host only" });
    const guest = await signedIn(server, party.authCode);
    const mine = await guest.get("/api/my-ledger");
    expect(mine.status).toBe(200);
    const reference = (await ledgerOf(party.id)).reference;
    expect(mine.json).toEqual({
      reference,
      charges: [],
      payments: [{ id: expect.any(String), amount: 20_000, date: "2026-03-03", method: "bank-transfer" }],
      due: 56_000,
      paid: 20_000,
      balance: 36_000,
      status: "Partially Paid",
    });
    expect(query(server, "select payment_reference as r from parties where id = ?", party.id)[0]!.r).toBe(reference);
    expect((await new Client(server.url).get("/api/my-ledger")).status).toBe(401);
    expect((await admin.get("/api/my-ledger")).status).toBe(401);
    const solo = await makeGuest(admin);
    const soloLedger = await (await signedIn(server, solo.customCode)).get("/api/my-ledger");
    expect(soloLedger.json).toMatchObject({ due: 0, paid: 0, balance: 0, payments: [] });
  });
});

describe("existing data", () => {
  it("a room ticked paid before the ledger (the demo's) gets its payment at start, and every party a reference", async () => {
    const demo = await startServer({ env: { DEMO_DATA: "1", RATE_LIMIT_DISABLED: "1" } });
    try {
      const refs = query<{ r: string | null }>(demo, "select payment_reference as r from parties");
      expect(refs.length).toBeGreaterThan(0);
      for (const { r } of refs) expect(r).toMatch(/^C40-[2-9A-HJ-NP-Z]{4}$/);
      const paidRooms = query<{ id: string; amount: number }>(
        demo,
        "select a.id, rt.price_per_night * a.quantity * 100 as amount from party_room_assignments a join room_types rt on rt.id = a.room_type_id where a.is_paid = 1",
      );
      expect(paidRooms.length).toBe(1);
      expect(query(demo, "select amount from payments where room_assignment_id = ?", paidRooms[0]!.id)).toEqual([{ amount: paidRooms[0]!.amount }]);
    } finally {
      await demo.stop();
    }
  });
});
