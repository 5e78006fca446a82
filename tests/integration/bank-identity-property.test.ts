// Issue 35, "Done when": importing any sequence of the identity fixtures and
// of real files of the corpus (tests/fixtures/bank/corpus), each possibly
// twice and with different CSV mappings, books no transfer twice and leaves
// no credit out. Each file names the distinct transfers it carries (the same
// name in two files is the same money), and they are counted by amount: of
// each amount, exactly as many stored credits are counted money (booked,
// proposed or unmatched) as there are distinct transfers of that amount; the
// rest wait as possible duplicates. Between runs the bank tables and payments
// are emptied.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { query } from "./api-fixtures";
import { emptyBankTables, fixture, makeBankParties, uploadStatement } from "./bank-support";

let server: TestServer;
let admin: Client;

/** Each file's credits as the distinct transfers they are (the same name in two files is the same money), and the mappings a host might choose. */
const FILES: Record<string, { transfers: Record<string, number>; mappings: (Record<string, string> | undefined)[] }> = {
  "same-money.csv": {
    transfers: { T1: 50_000, T2: 25_000 },
    mappings: [
      { date: "Date", amount: "Amount", currency: "Currency", payer: "Payer", reference: "Reference", id: "Transaction ID" },
      { date: "Date", amount: "Amount", currency: "Currency", payer: "Payer" },
    ],
  },
  "same-money.xml": { transfers: { T1: 50_000, B1: 3_000, B2: 4_000, B3: 5_000 }, mappings: [undefined] },
  "same-money.sta": { transfers: { T2: 25_000, M1: 7_500 }, mappings: [undefined] },
  "card-payments.csv": {
    transfers: { C1: 500, C2: 500, C3: 500, C4: 500, C5: 500, C6: 500, C7: 500, C8: 750 },
    mappings: [
      { date: "Datum", amount: "Betrag", payer: "Name", reference: "Verwendungszweck" },
      { date: "Datum", amount: "Betrag", reference: "Name" },
    ],
  },
  "wise-fee.csv": {
    transfers: { W1: 20_000 },
    mappings: [
      { id: "TransferWise ID", date: "Date", amount: "Amount", currency: "Currency", payer: "Payer Name", reference: "Payment Reference" },
      { date: "Date", amount: "Amount", currency: "Currency", reference: "Description" },
    ],
  },
  // Real files of the corpus (tests/fixtures/bank/corpus): their euro credits.
  // The ISO 20022 sample comes in versions that carry one entry: the same transfer.
  "corpus/mt940-jejik/ing.sta": { transfers: { ING1: 368, ING2: 100 }, mappings: [undefined] },
  "corpus/mt940-jejik/knab.sta": { transfers: { KNAB1: 50_000, KNAB2: 50_000 }, mappings: [undefined] },
  "corpus/mt940-wolph/asnb.940.txt": { transfers: { ASN1: 100_000, ASN2: 82_872, ASN3: 100_018 }, mappings: [undefined] },
  "corpus/camt-genkgo/camt053.v2.minimal.xml": { transfers: { ISO1: 885 }, mappings: [undefined] },
  "corpus/camt-genkgo/camt053.v2.with-party-ids.xml": { transfers: { ISO1: 885 }, mappings: [undefined] },
  "corpus/camt-genkgo/camt053.v4.xml": { transfers: { ISO4: 885 }, mappings: [undefined] },
  "corpus/camt-genkgo/camt053.v8.xml": { transfers: { ISO4: 885 }, mappings: [undefined] },
};

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  await makeBankParties(server, admin, [
    ["Whitfield", "Sarah", "Whitfield", "C40-W1T5", 75_000],
    ["Berg", "Hans", "Berg", "C40-B3R6", 20_000],
    ["Muller", "Anna", "Müller", "C40-M7L4", 7_500],
  ]);
});
afterAll(async () => server?.stop());

const step = fc.record({ file: fc.constantFrom(...Object.keys(FILES)), mapping: fc.nat(1), twice: fc.boolean() });

it("any sequence of the corpus's files, some twice, some with another mapping: no transfer booked twice, no credit left out", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
      emptyBankTables(server);
      const seen = new Map<string, number>();
      for (const { file, mapping, twice } of steps) {
        const spec = FILES[file]!;
        for (let n = 0; n < (twice ? 2 : 1); n++) {
          const res = await uploadStatement(admin, file, fixture(file.startsWith("corpus/") ? file : `identity/${file}`), spec.mappings[mapping % spec.mappings.length]);
          expect(res.status, res.text).toBe(201);
        }
        for (const [transfer, amount] of Object.entries(spec.transfers)) seen.set(transfer, amount);
      }
      const expected = new Map<number, number>();
      for (const amount of seen.values()) expected.set(amount, (expected.get(amount) ?? 0) + 1);
      const rows = query<{ amount: number; status: string; n: number; booked: number }>(
        server,
        `select t.amount, t.status, count(*) as n, coalesce(sum((select sum(p.amount) from bank_bookings b join payments p on p.id = b.payment_id where b.transaction_id = t.id)), 0) as booked
         from bank_transactions t where t.amount > 0 group by t.amount, t.status`,
      );
      const counted = new Map<number, number>();
      for (const r of rows) if (["booked", "proposed", "unmatched"].includes(r.status)) counted.set(r.amount, (counted.get(r.amount) ?? 0) + r.n);
      expect(Object.fromEntries(counted)).toEqual(Object.fromEntries(expected));
      // Every credit stored is in one of the statuses, and money booked is never more than the transfers seen.
      expect(rows.every((r) => ["booked", "proposed", "unmatched", "ignored", "duplicate"].includes(r.status))).toBe(true);
      const sumIn = [...seen.values()].reduce((a, b) => a + b, 0);
      const sumCounted = rows.filter((r) => r.status !== "duplicate" && r.status !== "ignored").reduce((s, r) => s + r.amount * r.n, 0);
      expect(sumCounted).toBe(sumIn);
      const paid = query<{ total: number }>(server, "select coalesce(sum(amount), 0) as total from payments")[0]!.total;
      expect(paid).toBe(rows.reduce((s, r) => s + r.booked, 0));
      expect(paid).toBeLessThanOrEqual(sumIn);
    }),
    { numRuns: Number(process.env.BANK_PROPERTY_RUNS ?? 40) },
  );
}, 120_000);
