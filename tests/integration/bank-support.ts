// Shared by the bank statement tests of issue 35: parties with fixed
// references, an upload as the import form sends it, the transactions listed.
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Client } from "../support/http";
import type { TestServer } from "../support/server";

/** name, member first and last name, payment reference, due in cents. */
export type PartySpec = readonly [string, string, string, string, number];

/** Makes the parties (one member each, a charge of what is due) and sets their references; their ids by name. */
export async function makeBankParties(server: TestServer, admin: Client, specs: readonly PartySpec[]) {
  const ids: Record<string, string> = {};
  for (const [name, first, last, , due] of specs) {
    const party = await admin.post("/api/parties", { name, primaryEmail: `${name.toLowerCase().replace(/[^a-z]/g, "")}@example.com` });
    ids[name] = party.json.id;
    expect((await admin.post(`/api/parties/${party.json.id}/members`, { firstName: first, lastName: last })).status).toBe(201);
    expect((await admin.post(`/api/parties/${party.json.id}/charges`, { label: "Stay", amount: due })).status).toBe(201);
  }
  const db = new Database(server.dbPath);
  for (const [name, , , reference] of specs) db.prepare("update parties set payment_reference = ? where id = ?").run(reference, ids[name]);
  db.close();
  return ids;
}

export const fixture = (path: string) => readFileSync(`tests/fixtures/bank/${path}`);

export function uploadStatement(admin: Client, name: string, bytes: Uint8Array | string, mapping?: unknown) {
  const form = new FormData();
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  if (mapping !== undefined) form.append("mapping", typeof mapping === "string" ? mapping : JSON.stringify(mapping));
  return admin.post("/api/bank-statements", form);
}

export type ListedTransaction = {
  id: string;
  date: string;
  amount: number;
  payer: string | null;
  reference: string | null;
  status: string;
  duplicateOf: string | null;
  ignoreReason: string | null;
  proposedParty: { id: string } | null;
  bookings: { partyId: string; amount: number; paymentId: string }[];
};

export const listTransactions = async (admin: Client, status: string) =>
  (await admin.get(`/api/bank-transactions?status=${status}`)).json.transactions as ListedTransaction[];

/** The import report with every count 0 but those given. */
export const importReport = (counts: Record<string, number>, errors: unknown[] = [], reversedAfterBooking: unknown[] = []) => ({
  read: 0, new: 0, duplicates: 0, possibleDuplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, reversed: 0, skipped: 0, ...counts, errors, reversedAfterBooking,
});

/** Forgets every statement, transaction, payment and remembered mapping: the next import meets an empty ledger. */
export function emptyBankTables(server: TestServer) {
  const db = new Database(server.dbPath);
  db.exec("delete from bank_bookings; delete from bank_transaction_keys; delete from bank_transactions; delete from bank_imports; delete from payments; delete from bank_csv_mappings;");
  db.close();
}
