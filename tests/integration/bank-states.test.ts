// Issue 25's two known defects in the bank import (decision 063): a CSV's
// transaction state (Revolut "State", Wise "Status") is read, so money that
// never arrived (PENDING, REVERTED, CANCELLED, REFUNDED) books nothing and a
// later statement showing it COMPLETED books it once; and the review page
// pages its lists, so hundreds of unmatched transfers stay under the admin
// HTML budget (100 KB) without JavaScript.
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count, query } from "./api-fixtures";

let server: TestServer;
let admin: Client;
const P: Record<string, string> = {};

// name, member, reference, due
const PARTIES = [
  ["Costa", "João", "Costa", "C40-H8P3", 18_000],
  ["Santos", "Pedro", "Santos", "C40-D2R6", 24_000],
  ["Lopes", "Beatriz", "Lopes", "C40-R7S3", 24_000],
  ["Pires", "Nuno", "Pires", "C40-M6V5", 18_000],
] as const;

const file = (name: string) => readFileSync(`tests/fixtures/bank/${name}`);
// Neither names the state column: it is found by its header (State, Status).
const REVOLUT_MAPPING = { date: "Completed Date", amount: "Amount", payer: "Description", reference: "Description", currency: "Currency" };
const WISE_MAPPING = { id: "ID", date: "Created on", amount: "Target amount (after fees)", direction: "Direction", currency: "Target currency", payer: "Source name", reference: "Reference" };

function upload(name: string, bytes: Uint8Array | string, mapping?: unknown) {
  const form = new FormData();
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  if (mapping !== undefined) form.append("mapping", JSON.stringify(mapping));
  return admin.post("/api/bank-statements", form);
}
const paid = async (party: string) => (await admin.get(`/api/parties/${P[party]}/ledger`)).json.paid as number;
const report = (r: Partial<Record<"read" | "new" | "duplicates" | "possibleDuplicates" | "booked" | "proposed" | "unmatched" | "ignored" | "reversed" | "skipped", number>>, errors: unknown[] = [], reversedAfterBooking: unknown[] = []) => ({
  read: 0, new: 0, duplicates: 0, possibleDuplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, reversed: 0, skipped: 0, ...r, errors, reversedAfterBooking,
});
type Tx = { id: string; amount: number; payer: string | null; reference: string | null; status: string; ignoreReason: string | null; bankId: string | null };
const transactions = async (status: string) => (await admin.get(`/api/bank-transactions?status=${status}`)).json.transactions as Tx[];
const bankPayments = () => count(server, "payments", "method = 'bank-transfer'");

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  for (const [name, first, last, , due] of PARTIES) {
    const party = await admin.post("/api/parties", { name, primaryEmail: `${name.toLowerCase()}@example.com` });
    P[name] = party.json.id;
    expect((await admin.post(`/api/parties/${party.json.id}/members`, { firstName: first, lastName: last })).status).toBe(201);
    expect((await admin.post(`/api/parties/${party.json.id}/charges`, { label: "Stay", amount: due })).status).toBe(201);
  }
  const db = new Database(server.dbPath);
  for (const [name, , , reference] of PARTIES) db.prepare("update parties set payment_reference = ? where id = ?").run(reference, P[name]);
  db.close();
});
afterAll(async () => server?.stop());

describe("a CSV's transaction state", () => {
  it("a new layout's preview picks the State column", async () => {
    const ask = await upload("revolut.csv", file("revolut.csv"));
    expect(ask.status).toBe(422);
    expect(ask.json.needsMapping.suggested).toMatchObject({ state: "State", date: "Completed Date" });
  });

  it("Revolut: a REVERTED transfer naming a reference is ignored with its state and books nothing; a PENDING one without a completion date is reported; once COMPLETED it books once", async () => {
    const res = await upload("revolut.csv", file("revolut.csv"), REVOLUT_MAPPING);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual(report({ read: 5, new: 5, booked: 1, proposed: 1, ignored: 3 }, [{ line: 7, message: "Not completed at the bank: PENDING, no date yet" }]));
    // 90.00 COMPLETED books; 90.00 REVERTED naming the same reference does not.
    expect(await paid("Pires")).toBe(9_000);
    expect(await paid("Santos")).toBe(0);
    const reverted = (await transactions("ignored")).find((t) => t.payer === "Payment from Guest c40-m6v5 again")!;
    expect(reverted).toMatchObject({ amount: 9_000, ignoreReason: "Not completed at the bank: REVERTED" });
    // The host cannot put money that never arrived back in review.
    const undo = await admin.post(`/api/bank-transactions/${reverted.id}/undo`, {});
    expect(undo.status).toBe(409);
    expect(undo.json.message).toBe("Not completed at the bank: REVERTED; it stays ignored until a statement shows it completed.");
    expect((await transactions("ignored")).find((t) => t.id === reverted.id)?.status).toBe("ignored");

    const later = await upload("revolut-later.csv", file("revolut-later.csv"));
    expect(later.json).toEqual(report({ read: 6, new: 1, duplicates: 5, booked: 1 }));
    expect(await paid("Santos")).toBe(12_000);
    const payments = bankPayments();
    expect((await upload("revolut-later.csv", file("revolut-later.csv"))).json).toEqual(report({ read: 6, duplicates: 6 }));
    expect(await paid("Santos")).toBe(12_000);
    expect(bankPayments()).toBe(payments);
  });

  it("Wise: CANCELLED, REFUNDED and PENDING transfers are ignored naming the state, nothing booked; the same transfer COMPLETED later books once, as the same transaction", async () => {
    const payments = bankPayments();
    const res = await upload("wise-history.csv", file("wise-history.csv"), WISE_MAPPING);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual(report({ read: 5, new: 5, booked: 1, ignored: 4 }));
    expect(await paid("Costa")).toBe(18_000);
    expect(await paid("Lopes")).toBe(0);
    expect(await paid("Pires")).toBe(9_000);
    expect(await paid("Santos")).toBe(12_000);
    expect(bankPayments()).toBe(payments + 1);
    const reasons = Object.fromEntries((await transactions("ignored")).filter((t) => t.bankId?.startsWith("TRANSFER-7")).map((t) => [t.bankId, t.ignoreReason]));
    expect(reasons).toEqual({
      "TRANSFER-70002": "Not completed at the bank: CANCELLED",
      "TRANSFER-70003": "Not completed at the bank: REFUNDED",
      "TRANSFER-70004": "Not completed at the bank: PENDING",
      "TRANSFER-70005": "outgoing",
    });
    const page = await admin.get("/admin/payments/review");
    expect(page.text).toContain("Not completed at the bank: CANCELLED");

    const later = await upload("wise-history-later.csv", file("wise-history-later.csv"));
    expect(later.json).toEqual(report({ read: 5, new: 1, duplicates: 4, booked: 1 }));
    expect(await paid("Santos")).toBe(18_000);
    expect(query(server, "select status, ignore_reason as reason from bank_transactions where bank_id = 'TRANSFER-70004'")).toEqual([{ status: "booked", reason: null }]);
    expect((await upload("wise-history-later.csv", file("wise-history-later.csv"))).json).toEqual(report({ read: 5, duplicates: 5 }));
    expect(await paid("Santos")).toBe(18_000);
    expect(await paid("Lopes")).toBe(0);
    expect(bankPayments()).toBe(payments + 2);
  });

  it("a state column cleared in the mapping (\"\") is not read", async () => {
    const csv = "Day;Sum;From;Memo;Status\n24.03.2026;30,00;Someone;C40-R7S3;PENDING\n";
    const res = await upload("cleared.csv", csv, { date: "Day", amount: "Sum", payer: "From", reference: "Memo", state: "" });
    expect(res.json).toEqual(report({ read: 1, new: 1, booked: 1 }));
    expect(await paid("Lopes")).toBe(3_000);
  });
});

describe("a booked transfer a later statement reports reversed (decision 072)", () => {
  const WISE_HEADER = '"ID","Status","Direction","Created on","Finished on","Source fee amount","Source fee currency","Target fee amount","Target fee currency","Source name","Source amount (after fees)","Source currency","Target name","Target amount (after fees)","Target currency","Exchange rate","Reference","Batch"';
  const wise = (rows: [id: string, state: string, amount: string, payer: string, reference: string][]) =>
    [WISE_HEADER, ...rows.map(([id, state, amount, payer, reference]) => `${id},${state},IN,"2026-04-02 10:00:00","2026-04-02 10:00:05",,,0.00,EUR,"${payer}",${amount},EUR,"Casa Host",${amount},EUR,1.0,"${reference}",`)].join("\n");
  const ledger = async (party: string) => (await admin.get(`/api/parties/${P[party]}/ledger`)).json as { paid: number; balance: number };
  const waiting = async () => (await transactions("reversed")) as (Tx & { reversal: { reason: string } | null; bookings: { paymentId: string; partyName: string; amount: number }[] })[];
  const reviewPage = async () => (await admin.get("/admin/payments/review")).text.replaceAll("<!-- -->", "");
  const log = async (party: string) => (await admin.get(`/api/activity?partyId=${P[party]}&kind=payment`)).json.items.map((i: { summary: string }) => i.summary) as string[];

  it("nothing booked or removed: the report groups it, review asks the host; undo takes exactly its payment, keep leaves it; a re-import raises nothing twice; an older PENDING row and a never-booked REVERTED one stay as today", async () => {
    for (const [name, first, last, reference, due] of [["Reis", "Marta", "Reis", "C40-W2K7", 20_000], ["Melo", "Rui", "Melo", "C40-Q5T8", 15_000], ["Faria", "Inês", "Faria", "C40-B3N9", 10_000]] as const) {
      const party = await admin.post("/api/parties", { name, primaryEmail: `${name.toLowerCase()}@example.com` });
      P[name] = party.json.id;
      await admin.post(`/api/parties/${party.json.id}/members`, { firstName: first, lastName: last });
      await admin.post(`/api/parties/${party.json.id}/charges`, { label: "Stay", amount: due });
      const db = new Database(server.dbPath);
      db.prepare("update parties set payment_reference = ? where id = ?").run(reference, party.json.id);
      db.close();
    }
    const first = wise([
      ["TRANSFER-80001", "COMPLETED", "200.00", "Marta Reis", "C40-W2K7"],
      ["TRANSFER-80002", "COMPLETED", "150.00", "Rui Melo", "C40-Q5T8"],
      ["TRANSFER-80003", "COMPLETED", "100.00", "Ines Faria", "C40-B3N9"],
      ["TRANSFER-80004", "REVERTED", "50.00", "Marta Reis", "C40-W2K7 extra"],
      ["TRANSFER-80005", "COMPLETED", "30.00", "A Stranger", "Gift"],
    ]);
    expect((await upload("april.csv", first, WISE_MAPPING)).json).toEqual(report({ read: 5, new: 5, booked: 3, unmatched: 1, ignored: 1 }));
    expect(await ledger("Reis")).toMatchObject({ paid: 20_000, balance: 0 });
    const payments = bankPayments();

    // The bank's later export: two booked transfers went back, one row is an older export's PENDING, the never-booked one still REVERTED, the unmatched one DECLINED.
    const reversing = wise([
      ["TRANSFER-80001", "REVERTED", "200.00", "Marta Reis", "C40-W2K7"],
      ["TRANSFER-80002", "REFUNDED", "150.00", "Rui Melo", "C40-Q5T8"],
      ["TRANSFER-80003", "PENDING", "100.00", "Ines Faria", "C40-B3N9"],
      ["TRANSFER-80004", "REVERTED", "50.00", "Marta Reis", "C40-W2K7 extra"],
      ["TRANSFER-80005", "DECLINED", "30.00", "A Stranger", "Gift"],
    ]);
    const res = await upload("april-later.csv", reversing);
    expect(res.status, res.text).toBe(201);
    const group = (party: string, amount: number, payer: string, state: string) =>
      expect.objectContaining({ amount, payer, reason: `Not completed at the bank: ${state}`, bookings: [expect.objectContaining({ partyId: P[party], partyName: party, amount })] });
    expect(res.json).toEqual(report({ read: 5, duplicates: 3, reversed: 2 }, [], [group("Reis", 20_000, "Marta Reis", "REVERTED"), group("Melo", 15_000, "Rui Melo", "REFUNDED")]));
    // Money moves only by the host's hand: balances and payments as before.
    expect(bankPayments()).toBe(payments);
    expect(await ledger("Reis")).toMatchObject({ paid: 20_000, balance: 0 });
    expect(await ledger("Melo")).toMatchObject({ paid: 15_000, balance: 0 });
    expect(await ledger("Faria")).toMatchObject({ paid: 10_000, balance: 0 });
    // Never booked: ignored with the bank's state, as a first sight of it is.
    expect(query(server, "select bank_id as id, status, ignore_reason as reason from bank_transactions where bank_id in ('TRANSFER-80004', 'TRANSFER-80005') order by bank_id")).toEqual([
      { id: "TRANSFER-80004", status: "ignored", reason: "Not completed at the bank: REVERTED" },
      { id: "TRANSFER-80005", status: "ignored", reason: "Not completed at the bank: DECLINED" },
    ]);

    const items = await waiting();
    expect(items.map((t) => [t.bankId, t.status, t.reversal?.reason]).sort()).toEqual([
      ["TRANSFER-80001", "booked", "Not completed at the bank: REVERTED"],
      ["TRANSFER-80002", "booked", "Not completed at the bank: REFUNDED"],
    ]);
    let page = await reviewPage();
    expect(page).toContain("Reversed after booking (2)");
    expect(page).toMatch(/Marta Reis.*Reis: €200\.00.*REVERTED.*Undo booking.*Keep payment/s);
    expect(await log("Reis")).toContainEqual(expect.stringMatching(/^Bank transaction €200\.00 of 2026-04-02 from Marta Reis booked to Reis €200\.00: the bank now reports it REVERTED; waiting for the host/));

    // The same reversing statement again: no second item, nothing booked.
    expect((await upload("april-later.csv", reversing)).json).toEqual(report({ read: 5, duplicates: 5 }));
    expect(await waiting()).toHaveLength(2);
    expect(query(server, "select count(*) as n from bank_transactions where bank_id like 'TRANSFER-8000%'")).toEqual([{ n: 5 }]);

    // Undo on the page (no JavaScript): exactly its payment leaves, Reis owes again, the item leaves review and stays ignored.
    const reis = items.find((t) => t.bankId === "TRANSFER-80001")!;
    const undo = await admin.post("/admin/payments/review", new URLSearchParams({ intent: "undo", id: reis.id }));
    expect(undo.status).toBe(302);
    expect((await admin.get(undo.headers.get("location")!)).text).toContain("Booking undone: €200.00 removed from the ledger; the transfer stays ignored (Not completed at the bank: REVERTED)");
    expect(await ledger("Reis")).toMatchObject({ paid: 0, balance: 20_000 });
    expect(bankPayments()).toBe(payments - 1);
    expect((await waiting()).map((t) => t.bankId)).toEqual(["TRANSFER-80002"]);
    expect((await transactions("ignored")).find((t) => t.id === reis.id)?.ignoreReason).toBe("Not completed at the bank: REVERTED");
    expect((await admin.post(`/api/bank-transactions/${reis.id}/undo`, {})).status).toBe(409);
    expect(await log("Reis")).toContainEqual(expect.stringMatching(/booking undone \(1 payment removed\); the bank reports it REVERTED, so it stays ignored$/));

    // Keep the payment (the API, as the page's "Keep payment"): the item goes, Melo's payment stays.
    const melo = items.find((t) => t.bankId === "TRANSFER-80002")!;
    const kept = await admin.post(`/api/bank-transactions/${melo.id}/dismiss-reversal`, {});
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json).toMatchObject({ status: "booked", reversal: { reason: "Not completed at the bank: REFUNDED", dismissedAt: expect.any(String) } });
    expect(await waiting()).toEqual([]);
    expect(await ledger("Melo")).toMatchObject({ paid: 15_000, balance: 0 });
    expect(await log("Melo")).toContainEqual(expect.stringMatching(/: the bank reported it REFUNDED; the host kept the payment$/));
    page = await reviewPage();
    expect(page).not.toContain("Reversed after booking");
    expect(page).toContain("Bank reported REFUNDED; payment kept");
    // Nothing left to dismiss: 409, nothing changed; an unknown one: 404.
    const before = query(server, "select id, status, reversal, reversal_dismissed_at as at from bank_transactions order by id");
    for (const id of [melo.id, reis.id]) {
      const again = await admin.post(`/api/bank-transactions/${id}/dismiss-reversal`, {});
      expect(again.status).toBe(409);
      expect(again.json.message).toBe("Nothing to dismiss: no booked transaction here is reported reversed by the bank.");
    }
    expect((await admin.post("/api/bank-transactions/nope/dismiss-reversal", {})).status).toBe(404);
    const badFilter = await admin.get("/api/bank-transactions?status=reverted");
    expect([badFilter.status, badFilter.json.message]).toEqual([400, "status must be one of booked, proposed, unmatched, ignored, duplicate, reversed"]);
    expect(query(server, "select id, status, reversal, reversal_dismissed_at as at from bank_transactions order by id")).toEqual(before);

    // A third import of the reversing statement: the kept one is not raised again.
    expect((await upload("april-later.csv", reversing)).json).toEqual(report({ read: 5, duplicates: 5 }));
    expect(await waiting()).toEqual([]);
    expect(bankPayments()).toBe(payments - 1);
  });

  it("the import page shows the group with the party and amount, and the review page's form keeps the payment", async () => {
    const party = await admin.post("/api/parties", { name: "Gomes" });
    P.Gomes = party.json.id;
    await admin.post(`/api/parties/${party.json.id}/charges`, { label: "Stay", amount: 7_000 });
    const db = new Database(server.dbPath);
    db.prepare("update parties set payment_reference = ? where id = ?").run("C40-G4H6", party.json.id);
    db.close();
    await upload("may.csv", wise([["TRANSFER-81001", "COMPLETED", "70.00", "Ana Gomes", "C40-G4H6"]]), WISE_MAPPING);
    const form = new FormData();
    form.append("intent", "upload");
    form.append("file", new Blob([wise([["TRANSFER-81001", "CANCELLED", "70.00", "Ana Gomes", "C40-G4H6"]])]), "may-later.csv");
    const page = (await admin.post("/admin/payments/import", form)).text.replaceAll("<!-- -->", "");
    expect(page).toMatch(/Reversed after booking \(1\).*Gomes: €70\.00 \(Ana Gomes, .*\): Not completed at the bank: CANCELLED/s);
    expect(page).toContain("Review 1 transaction");
    const [item] = await waiting();
    const keep = await admin.post("/admin/payments/review", new URLSearchParams({ intent: "dismiss-reversal", id: item!.id }));
    expect((await admin.get(keep.headers.get("location")!)).text).toContain("Payment kept: €70.00 to Gomes");
    expect(await waiting()).toEqual([]);
    expect(await ledger("Gomes")).toMatchObject({ paid: 7_000, balance: 0 });
    // The payment removed on Payment Status later: the transfer the bank cancelled is ignored, not back in review to be booked again.
    expect((await admin.request("DELETE", `/api/payments/${item!.bookings[0]!.paymentId}`)).status).toBe(200);
    expect((await transactions("ignored")).find((t) => t.id === item!.id)?.ignoreReason).toBe("Not completed at the bank: CANCELLED");
    expect((await transactions("unmatched")).some((t) => t.id === item!.id)).toBe(false);
  });
});

describe("CAMT.053's entry status and reversal indicator (decisions 063, 072)", () => {
  type Entry = { amount: string; ind?: "CRDT" | "DBIT"; sts?: string; rvsl?: boolean; date: string; ref?: string; e2e?: string; payer: string; text: string };
  // Elements in the schema's order (Amt, CdtDbtInd, RvslInd, Sts, BookgDt, AcctSvcrRef, NtryDtls).
  const ntry = (e: Entry) =>
    `<Ntry><Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>${e.ind ?? "CRDT"}</CdtDbtInd>${e.rvsl ? "<RvslInd>true</RvslInd>" : ""}${e.sts ?? ""}<BookgDt><Dt>${e.date}</Dt></BookgDt>` +
    `${e.ref ? `<AcctSvcrRef>${e.ref}</AcctSvcrRef>` : ""}<NtryDtls><TxDtls><Refs>${e.e2e ? `<EndToEndId>${e.e2e}</EndToEndId>` : ""}</Refs>` +
    `<RltdPties><Dbtr><Nm>${e.payer}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  const camt = (version: string, ...entries: Entry[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt><Stmt><Id>S</Id>${entries.map(ntry).join("")}</Stmt></BkToCstmrStmt></Document>`;
  const v02 = (status: string) => `<Sts>${status}</Sts>`;
  const v08 = (status: string) => `<Sts><Cd>${status}</Cd></Sts>`;
  const ledger = async (party: string) => (await admin.get(`/api/parties/${P[party]}/ledger`)).json as { paid: number; balance: number };
  const reason = (bankId: string) => query<{ status: string; reason: string | null }>(server, "select status, ignore_reason as reason from bank_transactions where bank_id = ?", bankId)[0];
  const TEIXEIRA = { amount: "100.00", date: "2026-05-02", ref: "CAMT-T1", payer: "Tiago Teixeira", text: "Estadia C40-T2X4" };
  // No bank id: known again by date, amount, payer and reference.
  const NUNES = { amount: "50.00", date: "2026-05-02", payer: "Nuno Nunes", text: "C40-N5P7 jantar" };

  beforeAll(async () => {
    for (const [name, first, reference, due] of [["Teixeira", "Tiago", "C40-T2X4", 10_000], ["Vieira", "Vera", "C40-V8Y3", 12_000], ["Nunes", "Nuno", "C40-N5P7", 8_000]] as const) {
      const party = await admin.post("/api/parties", { name, primaryEmail: `${name.toLowerCase()}@example.com` });
      P[name] = party.json.id;
      await admin.post(`/api/parties/${party.json.id}/members`, { firstName: first, lastName: name });
      await admin.post(`/api/parties/${party.json.id}/charges`, { label: "Stay", amount: due });
      const db = new Database(server.dbPath);
      db.prepare("update parties set payment_reference = ? where id = ?").run(reference, party.json.id);
      db.close();
    }
  });

  it("PDNG (plain Sts and the Cd child) is ignored with its state and books nothing; the later statement showing it BOOK books it once, as the same transaction; the older one again is a duplicate", async () => {
    const payments = bankPayments();
    const pending = camt("02", { ...TEIXEIRA, sts: v02("PDNG") }, { ...NUNES, sts: v08("PDNG") }, { ...NUNES, amount: "9.00", sts: v02("INFO") });
    const first = await upload("may-pending.xml", pending);
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual(report({ read: 3, new: 3, ignored: 3 }));
    expect(bankPayments()).toBe(payments);
    expect(await ledger("Teixeira")).toMatchObject({ paid: 0 });
    expect(reason("CAMT-T1")).toEqual({ status: "ignored", reason: "Not completed at the bank: PDNG" });
    const ignored = (await transactions("ignored")).filter((t) => t.payer === "Nuno Nunes");
    expect(ignored.map((t) => [t.amount, t.ignoreReason]).sort()).toEqual([[5_000, "Not completed at the bank: PDNG"], [900, "Not completed at the bank: INFO"]]);
    const undo = await admin.post(`/api/bank-transactions/${ignored[0]!.id}/undo`, {});
    expect(undo.status).toBe(409);

    const booked = camt("08", { ...TEIXEIRA, sts: v08("BOOK") }, { ...NUNES, sts: v02("BOOK") });
    expect((await upload("may.xml", booked)).json).toEqual(report({ read: 2, new: 2, booked: 2 }));
    expect(await ledger("Teixeira")).toMatchObject({ paid: 10_000, balance: 0 });
    expect(await ledger("Nunes")).toMatchObject({ paid: 5_000 });
    expect(reason("CAMT-T1")).toEqual({ status: "booked", reason: null });
    expect((await upload("may.xml", booked)).json).toEqual(report({ read: 2, duplicates: 2 }));
    expect((await upload("may-pending.xml", pending)).json).toEqual(report({ read: 3, duplicates: 3 }));
    expect(bankPayments()).toBe(payments + 2);
    expect(query(server, "select count(*) as n from bank_transactions where payer in ('Tiago Teixeira', 'Nuno Nunes')")).toEqual([{ n: 3 }]);
  });

  it("a credit with RvslInd is the bank returning an outgoing payment: ignored with its reason even when it names a party's code, never matched, booked or put back in review", async () => {
    const res = await upload("return.xml", camt("02", { amount: "120.00", rvsl: true, sts: v02("BOOK"), date: "2026-05-04", ref: "CAMT-RC1", payer: "Vera Vieira", text: "C40-V8Y3" }));
    expect(res.json).toEqual(report({ read: 1, new: 1, ignored: 1 }));
    expect(await ledger("Vieira")).toMatchObject({ paid: 0, balance: 12_000 });
    expect(reason("CAMT-RC1")).toEqual({ status: "ignored", reason: "Reversal of an earlier debit at the bank" });
    const [row] = (await transactions("ignored")).filter((t) => t.bankId === "CAMT-RC1");
    const undo = await admin.post(`/api/bank-transactions/${row!.id}/undo`, {});
    expect([undo.status, undo.json.message]).toEqual([409, "Reversal of an earlier debit at the bank; it stays ignored."]);
    expect((await admin.post(`/api/bank-transactions/${row!.id}/book`, { partyId: P.Vieira })).status).toBe(409);
    expect(reason("CAMT-RC1")).toEqual({ status: "ignored", reason: "Reversal of an earlier debit at the bank" });
  });

  it("a debit with RvslInd takes back a booked credit (by its bank id, else by amount, payer and reference): review item, balance kept until Undo, once; the original statement again books nothing after the undo", async () => {
    // Vieira's credit is known by its end-to-end id (no entry-level ref); the reversal carries it in its Refs.
    const credit = camt("08", { amount: "120.00", sts: v08("BOOK"), date: "2026-05-03", e2e: "E2E-V1", payer: "Vera Vieira", text: "C40-V8Y3" });
    expect((await upload("vieira.xml", credit)).json).toEqual(report({ read: 1, new: 1, booked: 1 }));
    expect(await ledger("Vieira")).toMatchObject({ paid: 12_000, balance: 0 });
    const payments = bankPayments();

    const reversing = camt(
      "08",
      { amount: "120.00", ind: "DBIT", rvsl: true, sts: v08("BOOK"), date: "2026-05-06", ref: "CAMT-R1", e2e: "E2E-V1", payer: "BANCO", text: "RETURN AC04" },
      { ...NUNES, ind: "DBIT", rvsl: true, sts: v02("BOOK"), date: "2026-05-06", ref: "CAMT-R2" },
    );
    const res = await upload("returns.xml", reversing);
    expect(res.status, res.text).toBe(201);
    const group = (party: string, amount: number, payer: string) =>
      expect.objectContaining({ amount, payer, reason: "Reversed at the bank: REVERSED", bookings: [expect.objectContaining({ partyId: P[party], amount })] });
    expect(res.json).toEqual(report({ read: 2, reversed: 2 }, [], [group("Vieira", 12_000, "Vera Vieira"), group("Nunes", 5_000, "Nuno Nunes")]));
    expect(bankPayments()).toBe(payments);
    expect(await ledger("Vieira")).toMatchObject({ paid: 12_000, balance: 0 });
    expect(await ledger("Nunes")).toMatchObject({ paid: 5_000 });
    expect(reason("CAMT-R1")).toEqual({ status: "ignored", reason: "Reversal of the credit €120.00 of 2026-05-03 from Vera Vieira" });
    type Waiting = Tx & { reversal: { reason: string } | null };
    const waiting = async () => (await transactions("reversed")) as Waiting[];
    expect((await waiting()).map((t) => [t.payer, t.status, t.reversal?.reason]).sort()).toEqual([
      ["Nuno Nunes", "booked", "Reversed at the bank: REVERSED"],
      ["Vera Vieira", "booked", "Reversed at the bank: REVERSED"],
    ]);
    const page = (await admin.get("/admin/payments/review")).text.replaceAll("<!-- -->", "");
    expect(page).toMatch(/Reversed after booking \(2\).*Vera Vieira.*Undo booking.*Keep payment/s);
    const log = (await admin.get(`/api/activity?partyId=${P.Vieira}&kind=payment`)).json.items.map((i: { summary: string }) => i.summary);
    expect(log).toContainEqual(expect.stringMatching(/from Vera Vieira booked to Vieira €120\.00: the bank now reports it REVERSED; waiting for the host/));

    // The same returns again: no second item.
    expect((await upload("returns.xml", reversing)).json).toEqual(report({ read: 2, duplicates: 2 }));
    expect(await waiting()).toHaveLength(2);

    // Undo Vieira's: her payment leaves; the credit stays ignored, and its own statement again books nothing.
    const vieira = (await waiting()).find((t) => t.payer === "Vera Vieira")!;
    expect((await admin.post(`/api/bank-transactions/${vieira.id}/undo`, {})).json).toMatchObject({ status: "ignored", ignoreReason: "Reversed at the bank: REVERSED", bookings: [] });
    expect(await ledger("Vieira")).toMatchObject({ paid: 0, balance: 12_000 });
    const again = await admin.post(`/api/bank-transactions/${vieira.id}/undo`, {});
    expect([again.status, again.json.message]).toEqual([409, "Reversed at the bank: REVERSED; it stays ignored."]);
    expect((await upload("vieira.xml", credit)).json).toEqual(report({ read: 1, duplicates: 1 }));
    expect(await ledger("Vieira")).toMatchObject({ paid: 0, balance: 12_000 });
    // Keep Nunes's: nothing waits, and the returns once more raise nothing.
    const nunes = (await waiting()).find((t) => t.payer === "Nuno Nunes")!;
    expect((await admin.post(`/api/bank-transactions/${nunes.id}/dismiss-reversal`, {})).status).toBe(200);
    expect((await upload("returns.xml", reversing)).json).toEqual(report({ read: 2, duplicates: 2 }));
    expect(await waiting()).toEqual([]);
    expect(bankPayments()).toBe(payments - 1);
  });

  it("a debit with RvslInd that matches no booked credit (or several) stays ignored money out, naming the reversal", async () => {
    // Two identical booked credits: the reversal cannot tell which one it takes back.
    const twin = { amount: "10.00", sts: v02("BOOK"), payer: "Tiago Teixeira", text: "C40-T2X4 extra" };
    await upload("twins.xml", camt("02", { ...twin, date: "2026-05-07" }, { ...twin, date: "2026-05-08" }));
    const res = await upload(
      "stray.xml",
      camt("02", { amount: "33.00", ind: "DBIT", rvsl: true, sts: v02("BOOK"), date: "2026-05-09", ref: "CAMT-R9", payer: "Nobody", text: "RETURN" }, { ...twin, ind: "DBIT", rvsl: true, date: "2026-05-09", ref: "CAMT-R10" }),
    );
    expect(res.json).toEqual(report({ read: 2, new: 2, ignored: 2 }));
    expect(reason("CAMT-R9")).toEqual({ status: "ignored", reason: "Reversal of a credit that was not found booked" });
    expect(reason("CAMT-R10")).toEqual({ status: "ignored", reason: "Reversal of a credit that was not found booked" });
    expect(await transactions("reversed")).toEqual([]);
    const [row] = (await transactions("ignored")).filter((t) => t.bankId === "CAMT-R9");
    expect((await admin.post(`/api/bank-transactions/${row!.id}/undo`, {})).status).toBe(409);

    // A credit never booked (unmatched) that a reversal takes back: ignored, so nobody books it by hand later.
    const gift = { amount: "44.00", sts: v02("BOOK"), date: "2026-05-10", payer: "A Stranger", text: "Presente" };
    expect((await upload("gift.xml", camt("02", { ...gift, ref: "CAMT-G1" }))).json).toEqual(report({ read: 1, new: 1, unmatched: 1 }));
    expect((await upload("gift-back.xml", camt("02", { ...gift, ind: "DBIT", rvsl: true, date: "2026-05-11", ref: "CAMT-G2" }))).json).toEqual(report({ read: 1, new: 1, ignored: 1 }));
    expect(reason("CAMT-G1")).toEqual({ status: "ignored", reason: "Reversed at the bank: REVERSED" });
    expect(reason("CAMT-G2")).toEqual({ status: "ignored", reason: "Reversal of the credit €44.00 of 2026-05-10 from A Stranger, which was not booked and is now ignored" });
  });
});

describe("the review page with hundreds of transactions", () => {
  it("300 unmatched credits beside full pages of proposals, bookings and ignored rows: each page is under 100 KB, pages by ?unmatchedPage= and shows every one once", async () => {
    // Every other section more than one page long too: the heaviest page there can be.
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const l of letters) {
      const party = await admin.post("/api/parties", { name: `Proposal ${l}` });
      await admin.post(`/api/parties/${party.json.id}/members`, { firstName: "Ana", lastName: `Prop${l}x` });
      await admin.post(`/api/parties/${party.json.id}/charges`, { label: "Stay", amount: 5_000 });
    }
    const others = [...letters].flatMap((l, i) => [`01.02.2026;50,00;ANA PROP${l.toUpperCase()}X;Obrigada`, `02.02.2026;1,${String(i).padStart(2, "0")};Costa;C40-H8P3 part ${i}`, `03.02.2026;-${i + 1},00;Shop ${l};Card`]);
    const lines = Array.from({ length: 300 }, (_, i) => `${String((i % 28) + 1).padStart(2, "0")}.03.2026;${i + 1},00;Stranger ${String(i).padStart(3, "0")};Gift number ${i}`);
    const res = await upload("many.csv", ["Value day;Sum;Sender;Memo", ...others, ...lines].join("\n"), { date: "Value day", amount: "Sum", payer: "Sender", reference: "Memo" });
    expect(res.json).toMatchObject({ read: 378, new: 378, proposed: 26, booked: 26, ignored: 26, unmatched: 300 });
    const seen = new Set<string>();
    let pages = 0;
    for (let n = 1; ; n++) {
      const page = await admin.get(`/admin/payments/review${n > 1 ? `?unmatchedPage=${n}` : ""}`);
      expect(page.status).toBe(200);
      expect(Buffer.byteLength(page.text), `page ${n}`).toBeLessThan(100_000);
      const text = page.text.replaceAll("<!-- -->", "");
      expect(text).toContain("Unmatched (300)");
      for (const m of text.matchAll(/>Stranger (\d{3})</g)) {
        expect(seen.has(m[1]!), `Stranger ${m[1]} twice`).toBe(false);
        seen.add(m[1]!);
      }
      pages = n;
      const nav = /aria-label="Unmatched pages".*?<\/nav>/s.exec(text)?.[0] ?? "";
      if (!nav.includes('rel="next"') || n > 40) break;
    }
    expect(seen.size).toBe(300);
    expect(pages).toBe(30);
    const second = (await admin.get("/admin/payments/review?unmatchedPage=2&ignoredPage=2")).text.replaceAll("<!-- -->", "");
    expect(second).toMatch(/Showing 11-20 of 300 \(page 2 of \d+\)/);
    // Paging one section keeps the others' places.
    expect(second).toMatch(/Ignored pages.*Showing 11-\d+ of \d+ \(page 2 of/s);
  });
});
