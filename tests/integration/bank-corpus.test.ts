// Issue 35 item 7: the corpus of real statement files that open-source
// parsers ship as fixtures (tests/fixtures/bank/corpus/<source>: SOURCE.md
// and the licence beside each). Every file goes through the API of the built
// server on an empty ledger, and its answer is the one its manifest
// (<file>.expected.json) records: the report, the credits read and the money
// in per currency (cents), the debits; a second import of the same file adds
// nothing. Files the import refuses (a camt.054, an MT940 fragment) record
// their 400 and its message. Never a 5xx.
//
// BANK_CORPUS_WRITE=1 writes the manifests from what the server answers, for
// a file added to the corpus: check the figures against the source's own
// parsed result before committing them (SOURCE.md says how they were).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { query } from "./api-fixtures";
import { emptyBankTables, listTransactions, makeBankParties, uploadStatement } from "./bank-support";

const ROOT = "tests/fixtures/bank/corpus";
const WRITE = process.env.BANK_CORPUS_WRITE === "1";

/** Every statement file of the corpus, as source/file. */
export const corpusFiles = () =>
  readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(`${ROOT}/${d.name}`).filter((f) => !/^(LICENSE|SOURCE\.md)$|\.expected\.json$/.test(f)).map((f) => `${d.name}/${f}`))
    .sort();

export type CorpusExpectation =
  | { status: 201; format: string; report: Record<string, unknown>; moneyIn: Record<string, { credits: number; cents: number }>; debits: number; note?: string }
  | { status: 400; message: string; note?: string };

export const corpusExpectation = (file: string): CorpusExpectation => JSON.parse(readFileSync(`${ROOT}/${file}.expected.json`, "utf8"));
export const corpusBytes = (file: string) => readFileSync(`${ROOT}/${file}`);

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

/** What the last import stored: its format, and per currency the credits and their sum, and the debits. */
function stored() {
  const last = query<{ id: string; format: string }>(server, "select id, format from bank_imports order by rowid desc limit 1")[0];
  if (!last) return null;
  const rows = query<{ currency: string; credits: number; cents: number; debits: number }>(
    server,
    `select currency, sum(amount > 0) as credits, sum(case when amount > 0 then amount else 0 end) as cents, sum(amount < 0) as debits
     from bank_transactions where import_id = ? group by currency order by currency`,
    last.id,
  );
  const moneyIn: Record<string, { credits: number; cents: number }> = {};
  for (const r of rows) if (r.credits > 0) moneyIn[r.currency] = { credits: r.credits, cents: r.cents };
  return { format: last.format, moneyIn, debits: rows.reduce((s, r) => s + r.debits, 0) };
}

describe("the corpus: real statement files of banks, as open-source parsers ship them", () => {
  it("holds files of every source, each with its manifest, and every source its SOURCE.md and licence", () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThanOrEqual(25);
    for (const f of files) expect(existsSync(`${ROOT}/${f}.expected.json`) || WRITE, `${f} has no manifest`).toBe(true);
    for (const source of new Set(files.map((f) => f.split("/")[0]))) {
      expect(existsSync(`${ROOT}/${source}/SOURCE.md`), `${source}/SOURCE.md`).toBe(true);
      expect(existsSync(`${ROOT}/${source}/LICENSE`), `${source}/LICENSE`).toBe(true);
    }
  });

  it.each(corpusFiles())("%s: the answer its manifest records, and a second import adds nothing", async (file) => {
    emptyBankTables(server);
    const bytes = corpusBytes(file);
    const name = file.split("/")[1]!;
    const res = await uploadStatement(admin, name, bytes);
    expect(res.status, res.text).toBeLessThan(500);
    if (WRITE) {
      const previous = existsSync(`${ROOT}/${file}.expected.json`) ? corpusExpectation(file) : undefined;
      const seen: CorpusExpectation = res.status === 201 ? { status: 201, ...stored()!, report: res.json } : { status: 400, message: res.json.message };
      if (previous?.note) seen.note = previous.note;
      writeFileSync(`${ROOT}/${file}.expected.json`, `${JSON.stringify(seen, null, 2)}\n`);
    }
    const expected = corpusExpectation(file);
    expect(res.status, res.text).toBe(expected.status);
    if (expected.status === 400) {
      expect(res.json.message).toBe(expected.message);
      expect(query(server, "select count(*) as n from bank_transactions")).toEqual([{ n: 0 }]);
      return;
    }
    expect(res.json).toEqual(expected.report);
    expect(stored()).toEqual({ format: expected.format, moneyIn: expected.moneyIn, debits: expected.debits });
    const again = await uploadStatement(admin, name, bytes);
    expect(again.status, again.text).toBe(201);
    expect(again.json).toMatchObject({ read: expected.report.read, new: 0, duplicates: expected.report.read, possibleDuplicates: 0 });
    expect(query(server, "select count(*) as n from bank_transactions")).toEqual([{ n: expected.report.new }]);
  });

  it("a real file's transfer found: the ISO sample's structured creditor reference edited to a party's is booked; Renate Richter, written family name first in a German bank's :86:, is proposed where her open balance is the amount", async () => {
    emptyBankTables(server);
    const ids = await makeBankParties(server, admin, [
      ["Iso Sample", "Nora", "Sample", "C40-1S0A", 885],
      ["Richter", "Renate", "Richter", "C40-R1CH", 5_005],
    ]);
    const edited = corpusBytes("camt-genkgo/camt053.v2.minimal.xml").toString("utf8").replace("<Ref>4654654654654654</Ref>", "<Ref>C40-1S0A</Ref>");
    expect(edited).toContain("C40-1S0A");
    const camt = await uploadStatement(admin, "camt053.v2.minimal.xml", edited);
    expect(camt.json).toMatchObject({ read: 1, new: 1, booked: 1 });
    expect((await admin.get(`/api/parties/${ids["Iso Sample"]}/ledger`)).json).toMatchObject({ paid: 885, balance: 0 });
    const sepa = await uploadStatement(admin, "sepa_mt9401.sta", corpusBytes("mt940-betterplace/sepa_mt9401.sta"));
    expect(sepa.status, sepa.text).toBe(201);
    // She sent 50.05 twice: one is proposed for her balance, the other waits unmatched (found by a real file: both were proposed).
    const proposed = await listTransactions(admin, "proposed");
    expect(proposed.map((t) => ({ amount: t.amount, payer: t.payer, party: t.proposedParty?.id }))).toEqual([
      { amount: 5_005, payer: "Richter Renate 70 Zeichen Beginn Fuellzeichen xxxxxxxx", party: ids.Richter },
    ]);
    const unmatched = (await listTransactions(admin, "unmatched")).filter((t) => t.amount === 5_005 && t.payer?.startsWith("Richter Renate"));
    expect(unmatched).toHaveLength(1);
  });

  it("one ISO 20022 entry in two versions of the sample (the same entry with party ids; v4 and v8 with one AcctSvcrRef) is one transfer: the second file adds nothing", async () => {
    emptyBankTables(server);
    for (const [first, second] of [["camt053.v2.minimal.xml", "camt053.v2.with-party-ids.xml"], ["camt053.v4.xml", "camt053.v8.xml"]] as const) {
      expect((await uploadStatement(admin, first, corpusBytes(`camt-genkgo/${first}`))).json).toMatchObject({ read: 1, new: 1, unmatched: 1 });
      const res = await uploadStatement(admin, second, corpusBytes(`camt-genkgo/${second}`));
      expect(res.status, res.text).toBe(201);
      expect(res.json, second).toMatchObject({ read: 1, new: 0, duplicates: 1, possibleDuplicates: 0 });
    }
    expect(query(server, "select amount, currency, status from bank_transactions")).toEqual(Array(2).fill({ amount: 885, currency: "EUR", status: "unmatched" }));
  });
});
