// Issue 35 items 4 and 5: never a wrong amount, and messages that name what
// was sent. A file that is no statement is a 400 naming it; a row that may be
// cut is an error naming its line, and nothing of it is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count, query } from "./api-fixtures";
import { importReport, uploadStatement } from "./bank-support";

let server: TestServer;
let admin: Client;

const upload = (name: string, body: string, mapping?: unknown) => uploadStatement(admin, name, body, mapping);
const stored = () => ({ transactions: count(server, "bank_transactions"), imports: count(server, "bank_imports"), payments: count(server, "payments") });
const amounts = () => query<{ amount: number }>(server, "select amount from bank_transactions order by amount").map((r) => r.amount);
const camt = (body: string, root = "BkToCstmrStmt") => `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><${root}><GrpHdr><MsgId>M1</MsgId></GrpHdr>${body}</${root}></Document>`;
const entry = (amount: string, ref: string) =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-04-05</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef></Ntry>`;
const MAPPING = { date: "Date", amount: "Amount", payer: "Payer", reference: "Reference" };

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("what is no statement is named: 400, nothing stored", () => {
  const cases: [string, string, string, RegExp][] = [
    ["JSON", "export.json", '{"transactions": [{"amount": 50, "date": "2026-04-01"}]}', /^This file is not a bank statement \(CSV, CAMT\.053 or MT940 expected\)\.$/],
    ["plain text with commas", "letter.txt", "Dear host,\nthank you for the party, see you in June.\nAna, Rui\n", /not a bank statement \(CSV, CAMT\.053 or MT940 expected\)/],
    ["an MT940 fragment", "part.sta", ":61:2604040404C250,00NTRFNONREF\n:86:/NAME/SARAH WHITFIELD\n:62F:C260404EUR1250,00\n", /an MT940 without its :20: header/],
    ["a camt.054", "ntfctn.xml", camt(`<Ntfctn><Id>N1</Id>${entry("10.00", "N-1")}</Ntfctn>`, "BkToCstmrDbtCdtNtfctn"), /a camt\.054 notification, not a statement/],
    ["a CAMT.053 with no statement in it", "empty.xml", camt(""), /holds no statement/],
  ];
  for (const [what, name, body, message] of cases) {
    it(what, async () => {
      const before = stored();
      const res = await upload(name, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toMatch(message);
      expect(stored()).toEqual(before);
    });
  }
});

describe("at most 100,000 transactions a file", () => {
  it("100,001 rows: 400 naming the limit, nothing stored", async () => {
    const before = stored();
    const res = await upload("huge.csv", `D;A\n${"20260501;1,00\n".repeat(100_001)}`, { date: "D", amount: "A" });
    expect([res.status, res.json.message]).toEqual([400, "This statement holds 100,001 transactions; at most 100,000 are read from one file: export a shorter period."]);
    expect(stored()).toEqual(before);
  }, 30_000);
});

describe("never a wrong amount: a row that may be cut is an error naming its line, nothing of it stored", () => {
  it("a CSV row with fewer columns than its header", async () => {
    const res = await upload("short.csv", "Date;Payer;Amount;Reference\n2026-04-01;Ana Lima;50,00;Quarto\n2026-04-02;Rui Lima;60,00\n", MAPPING);
    expect(res.json).toEqual(importReport({ read: 1, new: 1, unmatched: 1 }, [{ line: 3, message: "The line has 3 of the header's 4 columns: the file may be cut, so it was not read" }]));
    expect(amounts()).toEqual([5_000]);
  });

  it("a CSV cut in the middle of its last amount (50,00 cut to 5): no €5.00 credit", async () => {
    const res = await upload("cut.csv", "Date;Payer;Reference;Amount\n2026-04-03;Eva Cruz;Jantar;75,00\n2026-04-04;Rui Lima;Vinho;5", { ...MAPPING });
    expect(res.json).toEqual(importReport({ read: 1, new: 1, unmatched: 1 }, [{ line: 3, message: "The file ends inside this line and its amount is not written like the others': the file may be cut, so it was not read" }]));
    expect(amounts()).not.toContain(500);
  });

  it("an MT940 without its closing balance: the last line is refused, the lines before it read", async () => {
    const mt940 = [":20:CUT-1", ":25:NL20INGB0001234567", ":28C:1/1", ":60F:C260403EUR100,00", ":61:2604040404C81,00NTRFNONREF//B-1", ":86:/NAME/EVA CRUZ/REMI/Quarto", ":61:2604050405C9,00NTRFNONREF//B-2", ":86:/NAME/RUI L"].join("\n");
    const res = await upload("cut.sta", mt940);
    expect(res.json).toEqual(importReport({ read: 1, new: 1, unmatched: 1 }, [{ line: 7, message: "The statement has no closing balance (:62F:) after this line: the file may be cut, so this line was not read" }]));
    expect(amounts()).toContain(8_100);
    expect(amounts()).not.toContain(900);
  });

  it("a CAMT amount with five decimals is read when the last three are zeros, refused when they are not", async () => {
    const res = await upload("five.xml", camt(`<Stmt><Id>S</Id>${entry("120.00000", "F-1")}${entry("7.12345", "F-2")}</Stmt>`));
    expect(res.json).toEqual(importReport({ read: 1, new: 1, unmatched: 1 }, [{ line: 2, message: 'Entry 2: the amount "7.12345" is not an amount' }]));
    expect(amounts()).toContain(12_000);
  });

  it("a footer line and a balance line are skipped and counted, not errors", async () => {
    const csv = "Date;Payer;Amount;Reference\n2026-04-06;Ana Lima;33,00;Quarto\nSaldo final;;1.234,56\nExported by the bank on 2026-04-07\n";
    expect((await upload("footer.csv", csv, MAPPING)).json).toEqual(importReport({ read: 1, new: 1, unmatched: 1, skipped: 2 }));
  });
});

describe("layouts as banks write them (issue 35 item 3)", () => {
  const rows = (where: string, ...params: unknown[]) => query<{ date: string; amount: number; payer: string | null; reference: string | null }>(server, `select date, amount, payer, reference from bank_transactions where ${where} order by date, amount`, ...params);

  it("a CSV without a header row: recognised by its first row (a date and an amount), mapped by column number, its first transaction kept", async () => {
    const csv = "13.04.2026;TRF CRED SEPA+ DE SARAH WHITFIELD;501,00\n14.04.2026;COMPRA CONTINENTE;-12,01\n";
    const ask = await upload("headerless.csv", csv);
    expect(ask.status).toBe(422);
    expect(ask.json.needsMapping).toMatchObject({ headers: ["Column 1", "Column 2", "Column 3"], suggested: { date: "Column 1", amount: "Column 3", reference: "Column 2" } });
    expect(ask.json.needsMapping.sample[0]).toEqual(["13.04.2026", "TRF CRED SEPA+ DE SARAH WHITFIELD", "501,00"]);
    const res = await upload("headerless.csv", csv, ask.json.needsMapping.suggested);
    expect(res.json).toMatchObject({ read: 2, new: 2, errors: [] });
    expect(rows("amount in (50100, -1201)").map((r) => [r.date, r.amount])).toEqual([["2026-04-13", 50_100], ["2026-04-14", -1_201]]);
  });

  it("dates as YYYYMMDD, MM/DD/YYYY (a day over 12 tells), month names in English and Portuguese", async () => {
    const csv = "When;Amount;Text\n20200213;1,02;a\n12/15/2018;1,03;b\nApr 8, 2018;1,04;c\n8 de abril de 2026;1,05;d\n";
    const res = await upload("dates.csv", csv, { date: "When", amount: "Amount", reference: "Text" });
    expect(res.json).toMatchObject({ read: 4, errors: [] });
    expect(rows("amount between 102 and 105").map((r) => [r.amount, r.date])).toEqual([[104, "2018-04-08"], [103, "2018-12-15"], [102, "2020-02-13"], [105, "2026-04-08"]]);
  });

  it("slash dates that could be either order: asked once (422, nothing stored), then remembered with the layout", async () => {
    const csv = "Posted;Value;Memo\n03/04/2026;2,01;x\n04/05/2026;2,02;y\n";
    const before = stored();
    const ask = await upload("ambiguous.csv", csv, { date: "Posted", amount: "Value", reference: "Memo" });
    expect([ask.status, ask.json.message]).toEqual([422, "The dates of this file could be day/month or month/day (such as 03/04/2026): say which."]);
    expect(stored()).toEqual(before);
    expect((await upload("ambiguous.csv", csv, { date: "Posted", amount: "Value", reference: "Memo", dayOrder: "month-day" })).json).toMatchObject({ read: 2, new: 2 });
    expect(rows("amount in (201, 202)").map((r) => r.date)).toEqual(["2026-03-04", "2026-04-05"]);
    const later = "Posted;Value;Memo\n06/07/2026;2,03;z\n";
    expect((await upload("ambiguous-later.csv", later)).json).toMatchObject({ read: 1, new: 1 });
    expect(rows("amount = 203")[0]!.date).toBe("2026-06-07");
  });

  it("direction columns: Bij/Af (guessed, or read when the mapping has none), C/D, CRDT/DBIT, Crédito/Débito", async () => {
    const ing = '"Datum","Naam / Omschrijving","Af Bij","Bedrag (EUR)","Mededelingen"\n"20260410","J. Jansen","Bij","3,01","Kamer"\n"20260410","Albert Heijn","Af","3,02","Boodschappen"\n';
    const ask = await upload("ing.csv", ing);
    expect(ask.json.needsMapping.suggested).toMatchObject({ date: "Datum", amount: "Bedrag (EUR)", direction: "Af Bij", payer: "Naam / Omschrijving", reference: "Mededelingen" });
    expect((await upload("ing.csv", ing, { date: "Datum", amount: "Bedrag (EUR)", payer: "Naam / Omschrijving" })).json).toMatchObject({ read: 2, errors: [] });
    expect(rows("abs(amount) in (301, 302)").map((r) => r.amount)).toEqual([-302, 301]);
    const words = "Date;Amount;DC\n2026-04-11;3,03;C\n2026-04-11;3,04;D\n2026-04-11;3,05;CRDT\n2026-04-11;3,06;DBIT\n2026-04-11;3,07;Crédito\n2026-04-11;3,08;Débito\n";
    expect((await upload("dc.csv", words, { date: "Date", amount: "Amount", direction: "DC" })).json).toMatchObject({ read: 6, errors: [] });
    expect(rows("abs(amount) between 303 and 308").map((r) => r.amount)).toEqual([-308, -306, -304, 303, 305, 307]);
  });

  it("encodings: UTF-16 with its BOM, Windows-1252 (€ and ’ as the bank wrote them), ISO-8859-1", async () => {
    const text = "Date;Amount;Payer;Reference\n2026-04-12;4,01;Zoë O’Brien;Quarto €240\n";
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const mapping = { date: "Date", amount: "Amount", payer: "Payer", reference: "Reference" };
    expect((await upload("utf16.csv", utf16 as unknown as string, mapping)).json).toMatchObject({ read: 1, new: 1 });
    const cp1252 = Buffer.from(text.replace("4,01", "4,02").replace("’", "\x92").replace("€", "\x80").replace("ë", "\xeb"), "latin1");
    expect((await upload("cp1252.csv", cp1252 as unknown as string, mapping)).json).toMatchObject({ read: 1, new: 1 });
    const latin1 = Buffer.from(text.replace("4,01", "4,03").replace("’", "'").replace("€", "EUR "), "latin1");
    expect((await upload("latin1.csv", latin1 as unknown as string, mapping)).json).toMatchObject({ read: 1, new: 1 });
    expect(rows("amount between 401 and 403").map((r) => [r.payer, r.reference])).toEqual([
      ["Zoë O’Brien", "Quarto €240"],
      ["Zoë O’Brien", "Quarto €240"],
      ["Zoë O'Brien", "Quarto EUR 240"],
    ]);
  });
});

describe("GET /api/bank-transactions pages (issue 35 item 6)", () => {
  it("limit (default 100, at most 1,000) and offset, with the total the filter holds; a bad limit or offset is 400", async () => {
    const lines = Array.from({ length: 150 }, (_, i) => `2026-05-${String((i % 28) + 1).padStart(2, "0")};9${String(i).padStart(3, "0")},00;Guest ${i};Page ${i}`);
    expect((await upload("many.csv", `Date;Amount;Payer;Reference\n${lines.join("\n")}\n`, MAPPING)).json).toMatchObject({ read: 150, new: 150 });
    const total = count(server, "bank_transactions", "status = 'unmatched'");
    const first = await admin.get("/api/bank-transactions?status=unmatched");
    expect(first.json.total).toBe(total);
    expect(first.json.transactions).toHaveLength(100);
    const rest = await admin.get("/api/bank-transactions?status=unmatched&limit=1000&offset=100");
    expect(rest.json.transactions).toHaveLength(total - 100);
    const ids = new Set([...first.json.transactions, ...rest.json.transactions].map((t: { id: string }) => t.id));
    expect(ids.size).toBe(total);
    expect((await admin.get("/api/bank-transactions?limit=2&offset=1")).json).toMatchObject({ total: count(server, "bank_transactions"), transactions: [{}, {}] });
    for (const [query, message] of [
      ["limit=1001", "limit must be between 1 and 1000"],
      ["limit=0", "limit must be between 1 and 1000"],
      ["offset=-1", "offset must be 0 or more"],
      ["limit=abc", "limit must be a number"],
    ]) {
      const res = await admin.get(`/api/bank-transactions?${query}`);
      expect([res.status, res.json.message], query).toEqual([400, message]);
    }
  });
});

describe("a long statement without holding the server (issue 35 item 6)", () => {
  it("12,000 lines are stored whole, a batch at a time, while /healthz keeps answering; the same file again adds nothing", async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => `2026-06-${String((i % 28) + 1).padStart(2, "0")};7${String(i).padStart(5, "0")},00;Long Guest ${i};Long ${i}`);
    const csv = `Date;Amount;Payer;Reference\n${lines.join("\n")}\n`;
    const before = count(server, "bank_transactions");
    const importing = upload("long.csv", csv, MAPPING);
    const waits: number[] = [];
    let done = false;
    void importing.then(() => (done = true));
    while (!done) {
      const t = performance.now();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await importing).json).toMatchObject({ read: 12_000, new: 12_000, unmatched: 12_000, errors: [] });
    expect(count(server, "bank_transactions")).toBe(before + 12_000);
    // Answered during the import, not only after it.
    expect(waits.length).toBeGreaterThan(3);
    expect((await upload("long.csv", csv, MAPPING)).json).toMatchObject({ read: 12_000, new: 0, duplicates: 12_000 });
  }, 120_000);
});
