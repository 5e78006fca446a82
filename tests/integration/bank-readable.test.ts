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
