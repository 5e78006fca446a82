// Issue 25 item 6: Payment Status from the ledger. The host records a payment
// and adds a charge with plain forms (no JavaScript), sees due, paid, balance,
// last payment and status per party, the totals, a Credit filter and a CSV.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, count, makeParty, makeRoomType } from "./api-fixtures";

let server: TestServer;
let admin: Client;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
const page = async (path: string) => decode((await admin.get(path)).text);

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("Payment Status", () => {
  it("records a payment and a charge without JavaScript, shows the ledger per party, undoes, exports", async () => {
    const party = await makeParty(admin, ["adult"], { name: "Ledger Family" });
    const suite = await makeRoomType(admin, { pricePerNight: 560, totalUnits: 3 });
    const room = await assignRoom(admin, party.id, suite.id, 1, { confirmationStatus: "confirmed" });
    const reference = (await admin.get(`/api/parties/${party.id}/ledger`)).json.reference as string;

    const pay = await admin.post(
      `/admin/payments?party=${party.id}`,
      form({ intent: "add-payment", partyId: party.id, amount: "1.234,56", date: "2026-03-03", method: "mbway", note: "From the aunt" }),
      formHeaders,
    );
    expect(pay.status).toBe(302);
    expect(pay.headers.get("location")).toBe(`/admin/payments?party=${party.id}`);
    // €1,234.56 paid for €560 due: €674.56 of credit; the room is paid.
    expect((await admin.get(`/api/parties/${party.id}/ledger`)).json).toMatchObject({ due: 56_000, paid: 123_456, balance: -67_456, status: "Credit" });
    expect((await admin.get(`/api/room-assignments/${room.id}`)).json.isPaid).toBe(true);
    const opened = await page(`/admin/payments?party=${party.id}`);
    expect(opened).toContain("Payment of €1234.56 recorded");
    expect(opened).toContain(`Reference <strong class="font-mono">${reference}</strong> · due €560.00 · paid €1,234.56 · balance -€674.56`);
    expect(opened).toContain("MB WAY");
    expect(opened).toContain("From the aunt");

    expect(
      (await admin.post(`/admin/payments?party=${party.id}`, form({ intent: "add-charge", partyId: party.id, label: "Boat trip, 2 × €35", amount: "70" }), formHeaders)).status,
    ).toBe(302);
    expect((await admin.get(`/api/parties/${party.id}/ledger`)).json).toMatchObject({ due: 63_000, balance: -60_456 });

    // The list row: reference, due, paid, balance, last payment, status; the Credit filter finds it.
    const credit = await page(`/admin/payments?status=credit&q=${encodeURIComponent("Ledger Family")}`);
    const row = credit.slice(credit.indexOf(">Ledger Family<"), credit.indexOf(">Ledger Family<") + 2000);
    for (const cell of [reference, "€630.00", "€1,234.56", "-€604.56", "March 3, 2026", "Credit"]) expect(row).toContain(cell);
    expect(await page("/admin/payments?status=unpaid&q=Ledger%20Family")).not.toContain(">Ledger Family<");

    const csv = await admin.get(`/admin/payments.csv?q=${encodeURIComponent("Ledger Family")}`);
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Party,Reference,Rooms,Confirmed,Due,Paid,Balance,Last payment,Status");
    expect(lines[1]).toBe(`Ledger Family,${reference},1,1,630.00,1234.56,-604.56,2026-03-03,Credit`);

    // Undo the payment: the balance opens and the room is no longer paid.
    const paymentId = (await admin.get(`/api/parties/${party.id}/ledger`)).json.payments[0].id;
    expect((await admin.post(`/admin/payments?party=${party.id}`, form({ intent: "remove-payment", id: paymentId }), formHeaders)).status).toBe(302);
    expect((await admin.get(`/api/parties/${party.id}/ledger`)).json).toMatchObject({ paid: 0, balance: 63_000, status: "Unpaid" });
    expect((await admin.get(`/api/room-assignments/${room.id}`)).json.isPaid).toBe(false);
  });

  it.each([
    [{ amount: "abc" }, "Enter an amount in euro, e.g. 240,00"],
    [{ amount: "0" }, "Amount must be more than 0"],
    [{ amount: "-5" }, "Amount must be more than 0"],
    [{ date: "2026-02-30" }, "Enter a valid date"],
    [{ method: "bitcoin" }, "Method must be one of bank-transfer, payment-link, mbway, cash, other"],
  ])("refuses a payment form with %j: the message, nothing stored", async (bad, message) => {
    const party = await makeParty(admin);
    const res = await admin.post(
      `/admin/payments?party=${party.id}`,
      form({ intent: "add-payment", partyId: party.id, amount: "240", date: "2026-03-03", method: "cash", ...bad }),
      formHeaders,
    );
    expect(res.status).toBe(302);
    expect(await page(`/admin/payments?party=${party.id}`)).toContain(message);
    expect(count(server, "payments", "party_id = ?", party.id)).toBe(0);
  });

  it("the totals and the dashboard's revenue come from the ledger", async () => {
    const before = (await page("/admin/dashboard")).length;
    expect(before).toBeGreaterThan(0);
    const party = await makeParty(admin);
    await admin.post(`/api/parties/${party.id}/charges`, { label: "Wine tasting", amount: 4_550 });
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 1_000, date: "2026-03-03", method: "cash" });
    const { totals } = (await admin.get("/api/ledger")).json;
    const html = await page("/admin/payments");
    const fmt = (c: number) => `€${Math.trunc(c / 100).toLocaleString("en-US")}.${String(c % 100).padStart(2, "0")}`;
    expect(html).toContain(fmt(totals.due));
    expect(html).toContain(fmt(totals.paid));
    expect(html).toContain(fmt(totals.outstanding));
    expect(await page("/admin/dashboard")).toContain(fmt(totals.due));
  });
});
