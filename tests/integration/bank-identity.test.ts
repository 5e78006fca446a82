// Issue 35 item 2: each transfer once, however it comes. The hand-written
// files of tests/fixtures/bank/identity (their README says what each holds)
// against three parties; amounts are cents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count } from "./api-fixtures";
import { fixture, importReport, listTransactions, makeBankParties, uploadStatement } from "./bank-support";

let server: TestServer;
let admin: Client;
let P: Record<string, string> = {};

const file = (name: string) => fixture(`identity/${name}`);
const upload = (name: string, mapping?: unknown, bytes: Uint8Array | string = file(name)) => uploadStatement(admin, name, bytes, mapping);
const transactions = (status: string) => listTransactions(admin, status);
const ledger = async (party: string) => (await admin.get(`/api/parties/${P[party]}/ledger`)).json;
const WITH_ID = { date: "Date", amount: "Amount", currency: "Currency", payer: "Payer", reference: "Reference", id: "Transaction ID" };
const WITHOUT_ID = { date: "Date", amount: "Amount", currency: "Currency", payer: "Payer" };
const CARDS = { date: "Datum", amount: "Betrag", payer: "Name", reference: "Verwendungszweck" };
const CARDS_OTHER = { date: "Datum", amount: "Betrag", reference: "Name" };
const WISE = { id: "TransferWise ID", date: "Date", amount: "Amount", currency: "Currency", payer: "Payer Name", reference: "Payment Reference" };

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  P = await makeBankParties(server, admin, [
    ["Whitfield", "Sarah", "Whitfield", "C40-W1T5", 75_000],
    ["Berg", "Hans", "Berg", "C40-B3R6", 20_000],
  ]);
});
afterAll(async () => server?.stop());

describe("each transfer once", () => {
  it("the same CSV again with another mapping adds nothing and books nothing twice", async () => {
    expect((await upload("same-money.csv", WITH_ID)).json).toEqual(importReport({ read: 3, new: 3, booked: 1, proposed: 1, ignored: 1 }));
    const payments = count(server, "payments");
    expect((await upload("same-money.csv", WITHOUT_ID)).json).toEqual(importReport({ read: 3, duplicates: 3 }));
    expect((await upload("same-money.csv", WITH_ID)).json).toEqual(importReport({ read: 3, duplicates: 3 }));
    expect(count(server, "payments")).toBe(payments);
    expect(await ledger("Whitfield")).toMatchObject({ paid: 50_000, balance: 25_000 });
  });

  it("the same transfer in a CAMT.053 (EndToEndId = the CSV's id) waits as possibly the same, never booked; each transaction of a batch sharing one reference is kept", async () => {
    const res = await upload("same-money.xml");
    expect(res.json).toEqual(importReport({ read: 4, new: 4, possibleDuplicates: 1, unmatched: 3 }));
    expect(await ledger("Whitfield")).toMatchObject({ paid: 50_000, balance: 25_000 });
    const [twin] = await transactions("duplicate");
    const original = (await transactions("booked")).find((t) => t.amount === 50_000)!;
    expect(twin).toMatchObject({ amount: 50_000, payer: "SARAH WHITFIELD", status: "duplicate", duplicateOf: original.id });
    expect((await transactions("unmatched")).map((t) => t.amount).sort()).toEqual([3_000, 4_000, 5_000]);
    const page = await admin.get("/admin/payments/review");
    expect(page.text.replaceAll("<!-- -->", "")).toContain(`Possibly the same as €500.00 of`);
    expect(page.text).toContain("(booked to Whitfield)");
    expect((await upload("same-money.xml")).json).toEqual(importReport({ read: 4, duplicates: 4 }));
  });

  it("the same money in an MT940 a day later, the payer written family name first, waits as possibly the same as the CSV's proposal", async () => {
    const res = await upload("same-money.sta");
    expect(res.json).toMatchObject({ read: 2, new: 2, possibleDuplicates: 1, duplicates: 0 });
    const proposal = (await transactions("proposed")).find((t) => t.amount === 25_000)!;
    expect((await transactions("duplicate")).find((t) => t.amount === 25_000)).toMatchObject({ payer: "WHITFIELD SARAH", duplicateOf: proposal.id });
    expect((await upload("same-money.sta")).json).toMatchObject({ read: 2, new: 0, duplicates: 2 });
  });

  it("seven identical card payments of one day are seven; the file again, with another mapping, adds nothing", async () => {
    expect((await upload("card-payments.csv", CARDS)).json).toEqual(importReport({ read: 8, new: 8, unmatched: 8 }));
    expect((await transactions("unmatched")).filter((t) => t.amount === 500)).toHaveLength(7);
    expect((await upload("card-payments.csv", CARDS_OTHER)).json).toEqual(importReport({ read: 8, duplicates: 8 }));
    // A later export holding the same day and one more payment: only that one is new.
    const later = `${file("card-payments.csv").toString()}04.04.2026;5,00;CAFE CENTRAL;Kartenzahlung\n`;
    expect((await upload("card-payments-later.csv", CARDS, later)).json).toEqual(importReport({ read: 9, new: 1, duplicates: 8, unmatched: 1 }));
  });

  it("a Wise fee row reusing its transfer's id, before it, does not swallow the credit; in the other order it is the same two lines", async () => {
    expect((await upload("wise-fee.csv", WISE)).json).toEqual(importReport({ read: 2, new: 2, booked: 1, ignored: 1 }));
    expect(await ledger("Berg")).toMatchObject({ paid: 20_000, balance: 0 });
    const [header, fee, credit] = file("wise-fee.csv").toString().trim().split("\n");
    expect((await upload("wise-fee.csv", WISE, `${header}\n${credit}\n${fee}\n`)).json).toEqual(importReport({ read: 2, duplicates: 2 }));
    expect(await ledger("Berg")).toMatchObject({ paid: 20_000 });
  });

  it("the host settles a possible duplicate: ignored as the same transfer, or booked when it is another", async () => {
    const [twin, other] = (await transactions("duplicate")).sort((a, b) => b.amount - a.amount);
    const ignored = await admin.post(`/api/bank-transactions/${twin!.id}/ignore`, { reason: "The same transfer as the CSV's" });
    expect(ignored.json).toMatchObject({ status: "ignored", duplicateOf: twin!.duplicateOf });
    const booked = await admin.post(`/api/bank-transactions/${other!.id}/book`, { partyId: P.Whitfield });
    expect(booked.json).toMatchObject({ status: "booked" });
    expect(await ledger("Whitfield")).toMatchObject({ paid: 75_000, balance: 0 });
    expect(await transactions("duplicate")).toEqual([]);
  });
});
