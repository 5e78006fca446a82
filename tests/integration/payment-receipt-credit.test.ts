// A payment beyond what is due (issue 25's ledger): the receipt says a credit
// in the party's favour, never a negative balance ("Balance: -€50.00").
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, makeParty, makeRoomType, query } from "./api-fixtures";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

it("a payment from a party that owes nothing mails a credit, in the party's language", async () => {
  const room = await makeRoomType(admin, { pricePerNight: 300, totalUnits: 9 });
  const en = await makeParty(admin, ["adult"], { name: "Credit Family", language: "en", primaryEmail: "credit@example.com" });
  const pt = await makeParty(admin, ["adult"], { name: "Família Crédito", language: "pt", primaryEmail: "credito@example.pt" });
  for (const party of [en, pt]) {
    await assignRoom(admin, party.id, room.id, 1, { confirmationStatus: "declined" });
    expect((await admin.post(`/api/parties/${party.id}/payments`, { amount: 5_000, date: "2026-03-03", method: "cash" })).status).toBe(201);
    expect((await admin.get(`/api/parties/${party.id}/ledger`)).json).toMatchObject({ due: 0, paid: 5_000, balance: -5_000, status: "Credit" });
  }
  const mailOf = (id: string) => query<{ text: string }>(server, "select text from outbox where party_id = ? and kind = 'payment-receipt'", id)[0]!.text;
  expect(mailOf(en.id)).toContain("We received €50.00 on 3 March. Credit in your favour: €50.00.");
  expect(mailOf(pt.id)).toContain("Crédito a seu favor: 50,00");
  for (const id of [en.id, pt.id]) expect(mailOf(id)).not.toMatch(/-\s?€|-50|−/);
});

it("a payment that leaves something to pay still says the balance", async () => {
  const room = await makeRoomType(admin, { pricePerNight: 300, totalUnits: 9 });
  const party = await makeParty(admin, ["adult"], { name: "Owing Family", language: "en", primaryEmail: "owing@example.com" });
  await assignRoom(admin, party.id, room.id, 1, { confirmationStatus: "confirmed" });
  expect((await admin.post(`/api/parties/${party.id}/payments`, { amount: 5_000, date: "2026-03-03", method: "cash" })).status).toBe(201);
  const [mail] = query<{ text: string }>(server, "select text from outbox where party_id = ? and kind = 'payment-receipt'", party.id);
  expect(mail!.text).toMatch(/We received €50\.00 on 3 March\. Balance: €\d[\d,]*\.\d\d\./);
});
