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
const report = (r: Partial<Record<"read" | "new" | "duplicates" | "booked" | "proposed" | "unmatched" | "ignored", number>>, errors: unknown[] = []) => ({
  read: 0, new: 0, duplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, ...r, errors,
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
