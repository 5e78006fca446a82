// Issue 40: gift funds guests give to by bank transfer. The host's funds over
// the API; a guest's pledge (API and the page's form without JavaScript) with
// its EPC069-12 QR code, decoded here; a CAMT.053 and a CSV carrying the gift
// reference mark it received without touching the party's balance; the fund's
// own reference typed by hand keeps a gift without pledge; a re-import adds
// nothing; an undo on review takes the gift back; another guest reads only the
// totals, names or a count the host chose; the thank-you mail goes out in the
// giver's language through a real SMTP server.
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { decodeQp, startSmtp, waitFor } from "../support/smtp";
import { count, makeParty, makeRoomType, assignRoom, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const FAST = { MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", MAIL_RATE_PER_MINUTE: "6000", MAIL_FROM: "Convite <rsvp@convite.test>" };
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
const FUND = { title: "Trip to Japan", titlePt: "Viagem ao Japão", text: "A contribution, if you wish.", textPt: "Uma contribuição, se quiser.", goal: 300_000, showTotal: true, showNames: false };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
  admin = await new Client(server.url).loginAdmin();
  const saved = await admin.request("PATCH", "/api/event-config", {
    payment: { bankHolder: "Ana Ribeiro", iban: "PT50 0002 0123 1234 5678 9015 4", bic: "CGDIPTPL", bankName: "Caixa Geral de Depósitos" },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function readQr(html: string) {
  const src = /<img src="(data:image\/svg\+xml;base64,[^"]+)"[^>]*data-testid="gift-qr"/.exec(html)?.[1];
  expect(src, "the gift's QR image").toBeTruthy();
  const svg = Buffer.from(src!.split(",")[1]!, "base64");
  const { data, info } = await sharp(svg, { density: 300 }).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(code, "a readable QR code").toBeTruthy();
  return code!.data;
}

const makeFund = async (extra: Record<string, unknown> = {}) => {
  const res = await admin.post("/api/gift-funds", { ...FUND, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; reference: string; title: string };
};

function upload(name: string, text: string, mapping?: unknown) {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  if (mapping !== undefined) form.append("mapping", JSON.stringify(mapping));
  return admin.post("/api/bank-statements", form);
}

const camt = (entries: { id: string; cents: number; date: string; payer: string; ref: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>G-${entries[0]!.id}</MsgId><CreDtTm>2026-03-05T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>G40</Id><Acct><Id><IBAN>PT50000201231234567890154</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries
  .map(
    (e) => `<Ntry><Amt Ccy="EUR">${(e.cents / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${e.date}</Dt></BookgDt><AcctSvcrRef>${e.id}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><TxId>${e.id}</TxId></Refs><RltdPties><Dbtr><Nm>${e.payer}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${e.ref}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  )
  .join("\n")}
</Stmt></BkToCstmrStmt></Document>`;

const CSV_MAPPING = { date: "Date", amount: "Amount", payer: "Payer", reference: "Reference" };
const csv = (rows: [string, string, string, string][]) => ["Date,Amount,Payer,Reference", ...rows.map((r) => r.join(","))].join("\n");

const ledgerOf = async (partyId: string) => (await admin.get(`/api/parties/${partyId}/ledger`)).json as { due: number; paid: number; balance: number };
const giftsOf = async (fundId: string) => (await admin.get(`/api/gifts?fundId=${fundId}`)).json as { id: string; status: string; receivedAmount: number | null; reference: string | null; giverName: string; message: string | null; thanked: boolean }[];

describe("funds over the API", () => {
  it("creates a fund with its own G40 reference, changes it, deletes one without gifts", async () => {
    const fund = await makeFund();
    expect(fund).toMatchObject({ ...FUND, imageId: null, opensAt: null, closesAt: null, open: true });
    expect(fund.reference).toMatch(/^G40-[2-9A-HJ-NP-Z]{4}$/);
    const patched = await admin.patch(`/api/gift-funds/${fund.id}`, { showNames: true, closesAt: "2099-01-01" });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ showNames: true, closesAt: "2099-01-01", title: FUND.title });
    expect((await admin.get("/api/gift-funds")).json.map((f: { id: string }) => f.id)).toContain(fund.id);
    const gone = await admin.delete(`/api/gift-funds/${fund.id}`);
    expect(gone.json).toEqual({ id: fund.id, deleted: true, closed: false });
    expect(count(server, "gift_funds", "id = ?", fund.id)).toBe(0);
  });

  it("an empty PATCH (no body, or {}) answers the fund as stored and records nothing", async () => {
    const fund = await makeFund();
    const logged = () => count(server, "activity_log", "kind = 'gift'");
    const before = logged();
    for (const body of [undefined, {}]) {
      const res = await admin.request("PATCH", `/api/gift-funds/${fund.id}`, body);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ id: fund.id, title: FUND.title, showNames: FUND.showNames });
    }
    expect(logged()).toBe(before);
  });

  it.each([
    [{ ...FUND, title: "" }, "title", "Please enter a title"],
    [{ ...FUND, goal: 50 }, "goal", "The goal must be a whole number of cents between 100 and 10000000000, or empty"],
    [{ ...FUND, goal: 12.5 }, "goal", "The goal must be a whole number of cents between 100 and 10000000000, or empty"],
    [{ ...FUND, opensAt: "2026-05-01", closesAt: "2026-04-01" }, "closesAt", "The closing date must be after the opening date"],
    [{ ...FUND, opensAt: "2026-02-30" }, "opensAt", "Enter a valid date"],
    [{ ...FUND, imageId: "https://evil.example/x.png" }, "imageId", "The picture must be an uploaded image (/uploads/...)"],
    [{ ...FUND, showTotal: "yes" }, "showTotal", "showTotal must be true or false"],
  ])("refuses a bad fund (%#) with 400 and stores nothing", async (body, field, message) => {
    const before = count(server, "gift_funds");
    const res = await admin.post("/api/gift-funds", body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.errors[field]).toContain(message);
    expect(count(server, "gift_funds")).toBe(before);
  });

  it("a guest may not create or list funds; an unknown fund is 404", async () => {
    const party = await makeParty(admin);
    const guest = await signedIn(server, party.authCode);
    expect((await guest.post("/api/gift-funds", FUND)).status).toBe(401);
    expect((await guest.get("/api/gifts?fundId=x")).status).toBe(401);
    expect((await admin.patch("/api/gift-funds/nope", { title: "x" })).status).toBe(404);
    expect((await admin.get("/api/gifts?fundId=nope")).status).toBe(404);
  });
});

describe("giving, matching, thanks", () => {
  it("a pledge shows the QR code (EPC069-12) and is received from a CAMT.053; the balance is unchanged; a re-import adds nothing", async () => {
    const fund = await makeFund();
    const party = await makeParty(admin, ["adult"], { primaryEmail: "ines@example.com", language: "pt" });
    const room = await makeRoomType(admin, { pricePerNight: 100, totalUnits: 2 });
    await assignRoom(admin, party.id, room.id, 1, { confirmationStatus: "confirmed" });
    const before = await ledgerOf(party.id);
    const guest = await signedIn(server, party.authCode);

    const pledge = await guest.post("/api/my-gifts", { fundId: fund.id, amount: 5_000, message: "Boa viagem!" });
    expect(pledge.status, pledge.text).toBe(201);
    const reference = pledge.json.reference as string;
    expect(reference).toMatch(/^G40-[2-9A-HJ-NP-Z]{4}$/);
    expect(reference).not.toBe(fund.reference);
    expect(pledge.json).toMatchObject({ amount: 5_000, status: "promised", message: "Boa viagem!" });
    const payload = ["BCD", "002", "1", "SCT", "CGDIPTPL", "Ana Ribeiro", "PT50000201231234567890154", "EUR50.00", "", "", reference].join("\n");
    expect(pledge.json.transfer.epc).toBe(payload);
    const html = decode((await guest.get(`/my-rsvp/gifts?gift=${pledge.json.id}&lang=en`)).text);
    expect(await readQr(html)).toBe(payload);
    expect(html).toContain(`Gift reference: ${reference}`);
    expect(await ledgerOf(party.id)).toEqual(before);

    const statement = camt([{ id: `G-${reference}`, cents: 5_000, date: "2026-03-04", payer: "INES COSTA", ref: `Presente ${reference.toLowerCase().replace("-", " ")}` }]);
    const res = await upload("gifts.xml", statement);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ read: 1, new: 1, booked: 1, unmatched: 0 });
    expect(await giftsOf(fund.id)).toEqual([expect.objectContaining({ id: pledge.json.id, status: "received", receivedAmount: 5_000 })]);
    expect(await ledgerOf(party.id)).toEqual(before);
    expect(count(server, "payments", "party_id = ?", party.id)).toBe(0);
    const log = query<{ summary: string }>(server, "select summary from activity_log where kind = 'gift' and summary like 'Gift received%' and summary like ?", `%${reference}%`);
    expect(log[0]?.summary).toContain("not a payment, no balance changed");
    const mine = (await guest.get("/api/my-gifts")).json;
    expect(mine.gifts).toEqual([expect.objectContaining({ id: pledge.json.id, status: "received", receivedAt: "2026-03-04" })]);

    const again = await upload("gifts.xml", statement);
    expect(again.json).toMatchObject({ read: 1, new: 0, duplicates: 1, booked: 0 });
    expect((await giftsOf(fund.id)).length).toBe(1);

    // A CSV carrying a second pledge's reference: received too, the balance still unchanged.
    const second = (await guest.post("/api/my-gifts", { fundId: fund.id, amount: 2_000 })).json;
    const fromCsv = await upload("gifts.csv", csv([["2026-03-05", "20.00", "INES COSTA", `presente ${second.reference}`]]), CSV_MAPPING);
    expect(fromCsv.json).toMatchObject({ read: 1, new: 1, booked: 1 });
    expect((await giftsOf(fund.id)).find((g) => g.id === second.id)).toMatchObject({ status: "received", receivedAmount: 2_000 });
    expect(await ledgerOf(party.id)).toEqual(before);

    // The page in Portuguese: the fund's Portuguese title and the guest's gifts.
    const pt = decode((await guest.get("/my-rsvp/gifts?lang=pt")).text).replace(/<[^>]+>/g, " ");
    for (const text of ["Presentes", "Viagem ao Japão", "Os seus presentes", "Recebido"]) expect(pt).toContain(text);

    // The host's thanks, in the giver's language (Portuguese), through SMTP.
    const thanked = await admin.patch(`/api/gifts/${pledge.json.id}`, { thanked: true, note: "Muito obrigada, Inês!" });
    expect(thanked.status, thanked.text).toBe(200);
    expect(thanked.json).toMatchObject({ thanked: true, mailed: true });
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes("ines@example.com")));
    const text = decodeQp(mail.raw);
    expect(text).toContain("Obrigado pelo seu presente");
    expect(text).toContain("Muito obrigada, Inês!");
    expect(text).toContain("Viagem ao Japão");
  });

  it("a CSV with the fund's own reference typed by hand keeps a gift without pledge; a payment reference never becomes a gift; a mixed one waits for review", async () => {
    const fund = await makeFund({ showNames: true });
    const party = await makeParty(admin);
    await admin.post(`/api/parties/${party.id}/charges`, { label: "Stay", amount: 10_000 });
    const partyRef = (await admin.get(`/api/parties/${party.id}/ledger`)).json.reference as string;
    const res = await upload(
      "gifts.csv",
      csv([
        ["2026-03-06", "30.00", "Rui Alves", `Para a viagem ${fund.reference}`],
        ["2026-03-06", "100.00", "Party payer", `Stay ${partyRef}`],
        ["2026-03-07", "20.00", "Mixed", `${partyRef} ${fund.reference}`],
      ]),
      CSV_MAPPING,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ read: 3, new: 3, booked: 2, unmatched: 1 });
    expect(await giftsOf(fund.id)).toEqual([expect.objectContaining({ status: "received", receivedAmount: 3_000, reference: null, giverName: "Rui Alves" })]);
    expect((await ledgerOf(party.id)).paid).toBe(10_000);
    expect(count(server, "gifts", "fund_id = ?", fund.id)).toBe(1);

    // Another guest reads the names the host shows, never amounts or messages of others.
    const other = await signedIn(server, (await makeParty(admin)).authCode);
    const seen = (await other.get("/api/my-gifts")).json;
    const shown = seen.funds.find((f: { id: string }) => f.id === fund.id);
    expect(shown).toMatchObject({ total: 3_000, givers: ["Rui Alves"], giverCount: 1 });
    expect(seen.gifts).toEqual([]);

    // Undo on review: the gift goes (it had no pledge), the money is back in review.
    const tx = query<{ id: string }>(server, "select id from bank_transactions where reference like ?", `Para a viagem%`)[0]!;
    expect((await admin.post(`/api/bank-transactions/${tx.id}/undo`)).status).toBe(200);
    expect(await giftsOf(fund.id)).toEqual([]);
  });

  it("refuses bad pledges with 400 (or 404, 409) and stores nothing; closing a fund with gifts keeps it", async () => {
    const fund = await makeFund();
    const party = await makeParty(admin);
    const guest = await signedIn(server, party.authCode);
    const before = count(server, "gifts");
    for (const [body, status, message] of [
      [{ fundId: fund.id, amount: 0 }, 400, "Give a whole number of euros, at least 1"],
      [{ fundId: fund.id, amount: 150 }, 400, "Give a whole number of euros, at least 1"],
      [{ fundId: fund.id, amount: "10" }, 400, "Give a whole number of euros, at least 1"],
      [{ fundId: fund.id, amount: 1_000, message: "x".repeat(1001) }, 400, "At most 1000 characters"],
      [{ fundId: "nope", amount: 1_000 }, 404, "Gift fund not found"],
      [{ amount: 1_000 }, 400, "Choose a fund"],
    ] as const) {
      const res = await guest.post("/api/my-gifts", body);
      expect(res.status, res.text).toBe(status);
      expect(res.text).toContain(message);
    }
    expect((await new Client(server.url).post("/api/my-gifts", { fundId: fund.id, amount: 1_000 })).status).toBe(401);
    expect(count(server, "gifts")).toBe(before);

    expect((await guest.post("/api/my-gifts", { fundId: fund.id, amount: 1_000 })).status).toBe(201);
    const closed = await admin.delete(`/api/gift-funds/${fund.id}`);
    expect(closed.json).toEqual({ id: fund.id, deleted: false, closed: true });
    expect(count(server, "gift_funds", "id = ?", fund.id)).toBe(1);
    const late = await guest.post("/api/my-gifts", { fundId: fund.id, amount: 1_000 });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe("This fund is not open for gifts.");
    expect(count(server, "gifts", "fund_id = ?", fund.id)).toBe(1);
  });

  it("gives with the page's form without JavaScript (a real POST), and shows the gift on /my-rsvp", async () => {
    const fund = await makeFund({ title: "Wine cellar" });
    const party = await makeParty(admin);
    const guest = await signedIn(server, party.authCode);
    // Without a guest session: to the sign-in on /my-rsvp, nothing stored.
    const nobody = new Client(server.url);
    expect((await nobody.get("/my-rsvp/gifts")).headers.get("location")).toBe("/my-rsvp");
    const anonymous = await nobody.post("/my-rsvp/gifts", new URLSearchParams({ intent: "pledge", fundId: fund.id, preset: "50" }));
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/my-rsvp"]);
    expect(count(server, "gifts", "fund_id = ?", fund.id)).toBe(0);
    const bad = await guest.post("/my-rsvp/gifts?lang=en", new URLSearchParams({ intent: "pledge", fundId: fund.id, preset: "other", other: "2.5" }));
    expect(bad.status).toBe(400);
    expect(decode(bad.text)).toContain("Give a whole number of euros, at least 1");
    expect(count(server, "gifts", "party_id = ?", party.id)).toBe(0);
    const res = await guest.post("/my-rsvp/gifts", new URLSearchParams({ intent: "pledge", fundId: fund.id, preset: "100", other: "", message: "Cheers" }));
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/my-rsvp\/gifts\?gift=.+#transfer$/);
    expect(query(server, "select amount, message, status from gifts where party_id = ?", party.id)).toEqual([{ amount: 10_000, message: "Cheers", status: "promised" }]);
    const page = decode((await guest.get("/my-rsvp?lang=en")).text).replace(/<[^>]+>/g, " ");
    expect(page).toContain("Your gifts");
    expect(page).toMatch(/€100\.00 to Wine cellar\s+·\s+Promised/);
  });

  it("the host's page forms without JavaScript: a fund saved (goal in euros), a bad one refused with nothing stored, a gift ticked thanked", async () => {
    const before = count(server, "gift_funds");
    const bad = await admin.post("/admin/gifts", new URLSearchParams({ intent: "save-fund", title: "Bad goal", goal: "twelve" }));
    expect(bad.status).toBe(400);
    expect(decode(bad.text)).toContain("The goal must be a whole number of cents");
    expect(count(server, "gift_funds")).toBe(before);
    const saved = await admin.post("/admin/gifts", new URLSearchParams({ intent: "save-fund", title: "Honeymoon", titlePt: "Lua de mel", goal: "1.500,00", showTotal: "on" }));
    expect(saved.status, saved.text).toBe(302);
    expect(query(server, "select title_pt as pt, goal, show_total as total, show_names as names from gift_funds where title = 'Honeymoon'")).toEqual([{ pt: "Lua de mel", goal: 150_000, total: 1, names: 0 }]);
    const fund = query<{ id: string }>(server, "select id from gift_funds where title = 'Honeymoon'")[0]!;
    // A picture through the existing upload, sent with the form (multipart, as without JavaScript).
    const picture = new FormData();
    for (const [k, v] of Object.entries({ intent: "save-fund", id: fund.id, title: "Honeymoon", goal: "1500", showTotal: "on" })) picture.append(k, v);
    picture.append("picture", new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } }).png().toBuffer())], { type: "image/png" }), "beach.png");
    expect((await admin.post("/admin/gifts", picture)).status).toBe(302);
    const imageId = (await admin.get(`/api/gift-funds/${fund.id}`)).json.imageId as string;
    expect(imageId).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await admin.get(imageId)).status).toBe(200);
    const guest = await signedIn(server, (await makeParty(admin)).authCode);
    const gift = (await guest.post("/api/my-gifts", { fundId: fund.id, amount: 2_000 })).json;
    const ticked = await admin.post(`/admin/gifts?fund=${fund.id}`, new URLSearchParams({ intent: "thank", id: gift.id, thanked: "true", note: "" }));
    expect(ticked.status).toBe(302);
    expect((await giftsOf(fund.id))[0]).toMatchObject({ thanked: true });
    expect(decode((await admin.get(`/admin/gifts?fund=${fund.id}`)).text)).toContain("Thanked ✓");
  });

  it("the host's Gifts page lists funds and gifts; the CSV carries them", async () => {
    const page = await admin.get("/admin/gifts");
    expect(page.status).toBe(200);
    expect(decode(page.text)).toContain("Trip to Japan");
    const file = await admin.get("/admin/gifts.csv");
    expect(file.status).toBe(200);
    expect(file.text).toContain("Fund,Giver,Reference,Promised,Received,Status,Received on,Thanked,Message");
    expect(file.text).toContain("Boa viagem!");
  });
});
