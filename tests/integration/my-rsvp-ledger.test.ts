// Issue 25 item 5: the guest reads its ledger on /my-rsvp (due, payments with
// their dates, balance, deadline, reference) and, with the host's IBAN, the
// EPC069-12 QR code, decoded here and compared with the exact payload; a booked
// payment mails a receipt in the party's language on the priority lane.
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  const saved = await admin.request("PATCH", "/api/event-config", {
    payment: { bankHolder: "Ana Ribeiro", iban: "PT50 0002 0123 1234 5678 9015 4", bic: "CGDIPTPL", bankName: "Caixa Geral de Depósitos" },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => server?.stop());

/** The QR code's text, read from the page's image the way a banking app's camera would. */
async function readQr(html: string) {
  const src = /<img src="(data:image\/svg\+xml;base64,[^"]+)"[^>]*data-testid="epc-qr"/.exec(html)?.[1];
  expect(src, "the EPC QR image").toBeTruthy();
  const svg = Buffer.from(src!.split(",")[1]!, "base64");
  const { data, info } = await sharp(svg, { density: 300 }).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(code, "a readable QR code").toBeTruthy();
  return code!.data;
}

async function partyWithSuite(extra: Record<string, unknown> = {}) {
  const party = await makeParty(admin, ["adult"], extra);
  const suite = await makeRoomType(admin, { pricePerNight: 560, totalUnits: 3 });
  await assignRoom(admin, party.id, suite.id, 1, { confirmationStatus: "confirmed", paymentDeadline: "2026-04-30" });
  const reference = (await admin.get(`/api/parties/${party.id}/ledger`)).json.reference as string;
  return { party, reference };
}

describe("/my-rsvp: the balance and the SEPA QR code", () => {
  it("shows due, each payment with its date, the balance, the deadline and the reference; the QR carries exactly the EPC payload", async () => {
    const { party, reference } = await partyWithSuite();
    await admin.post(`/api/parties/${party.id}/charges`, { label: "Boat trip, 2 × €35", amount: 7_000 });
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 20_000, date: "2026-03-03", method: "bank-transfer" });
    const guest = await signedIn(server, party.authCode);
    const html = decode((await guest.get("/my-rsvp?lang=en")).text);
    const ledger = html.slice(html.indexOf('data-testid="ledger"')).replace(/<[^>]+>/g, "");
    for (const text of ["Your balance", "€630.00", "Boat trip, 2 × €35", "€70.00", "€200.00 on March 3, 2026", "€430.00", "April 30, 2026", `Your payment reference: ${reference}`]) {
      expect(ledger).toContain(text);
    }
    // EPC069-12, version 002: BCD, 002, 1 (UTF-8), SCT, BIC, name, IBAN, EUR amount, purpose, structured ref., remittance text.
    expect(await readQr(html)).toBe(["BCD", "002", "1", "SCT", "CGDIPTPL", "Ana Ribeiro", "PT50000201231234567890154", "EUR430.00", "", "", reference].join("\n"));

    // In Portuguese: money and dates by Intl in the page's language.
    const pt = decode((await guest.get("/my-rsvp?lang=pt")).text).replace(/<[^>]+>/g, "");
    // (Intl writes a no-break space before the euro sign in Portuguese.)
    for (const text of ["O seu saldo", "630,00\u00a0€", "200,00\u00a0€ a 3 de março de 2026", "430,00\u00a0€", `A sua referência de pagamento: ${reference}`]) expect(pt).toContain(text);
  });

  it("shows the balance but no QR code once the balance is settled", async () => {
    const { party } = await partyWithSuite();
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 56_000, date: "2026-03-03", method: "cash" });
    const guest = await signedIn(server, party.authCode);
    const html = decode((await guest.get("/my-rsvp?lang=en")).text);
    expect(html).toContain("Your balance");
    expect(html).not.toContain('data-testid="epc-qr"');
  });
});

describe("the confirmation e-mail and the reminder", () => {
  const mailText = (partyId: string, kind: string) =>
    query<{ text: string }>(server, "select text from outbox where party_id = ? and kind = ? order by created_at desc", partyId, kind)[0]?.text ?? "";
  const ledgerLines = (reference: string) =>
    ["Due: €560.00", "Received: €200.00 on March 3, 2026", "Balance: €360.00", "Payment deadline: April 30, 2026", `Your payment reference: ${reference}`].join("\n");

  it("both carry due, each payment with its date, the balance, the deadline and the reference", async () => {
    const { party, reference } = await partyWithSuite({ primaryEmail: "ledger-mail@example.com" });
    await admin.post(`/api/parties/${party.id}/payments`, { amount: 20_000, date: "2026-03-03", method: "bank-transfer" });
    const guest = await signedIn(server, party.authCode);
    expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(201);
    expect(mailText(party.id, "confirmation")).toContain(`Your balance\n------------\n${ledgerLines(reference)}`);
    expect((await admin.post("/api/invitations", { kind: "reminder", partyIds: [party.id], force: true })).status).toBe(200);
    expect(mailText(party.id, "reminder")).toContain(ledgerLines(reference));
  });
});

describe("the payment receipt", () => {
  it.each([
    ["en", "We received €240.00 on 3 March. Balance: €0.00.", "Payment received: "],
    ["pt", "Recebemos 240,00\u00a0€ a 3 de março. Saldo: 0,00\u00a0€.", "Pagamento recebido: "],
  ] as const)("in %s, on the priority lane, to the party's e-mail", async (language, line, subject) => {
    const party = await makeParty(admin, ["adult"], { language, primaryEmail: `receipt-${language}@example.com` });
    const room = await makeRoomType(admin, { pricePerNight: 240, totalUnits: 3 });
    await assignRoom(admin, party.id, room.id, 1, { confirmationStatus: "confirmed" });
    expect((await admin.post(`/api/parties/${party.id}/payments`, { amount: 24_000, date: "2026-03-03", method: "mbway" })).status).toBe(201);
    const mails = query<{ kind: string; lane: string; to: string; subject: string; text: string }>(
      server,
      "select kind, lane, \"to\", subject, text from outbox where party_id = ? and kind = 'payment-receipt'",
      party.id,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lane: "priority", to: `receipt-${language}@example.com` });
    expect(mails[0]!.subject.startsWith(subject)).toBe(true);
    expect(mails[0]!.text).toContain(line);
  });
});
