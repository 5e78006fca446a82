// Issue 35 item 1: the payer found wherever the bank writes the name, spelt
// as banks spell it. The files of tests/fixtures/bank/payers (their README
// says where each name is); each credit is its party's open balance, so a
// found name proposes it. Amounts are cents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { fixture, importReport, listTransactions, makeBankParties, uploadStatement } from "./bank-support";

let server: TestServer;
let admin: Client;
let P: Record<string, string> = {};

const upload = (name: string, mapping?: unknown) => uploadStatement(admin, name, fixture(`payers/${name}`), mapping);
const proposedTo = async () => Object.fromEntries((await listTransactions(admin, "proposed")).map((t) => [t.amount, t.proposedParty?.id]));

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  P = await makeBankParties(server, admin, [
    ["Whitfield", "Sarah", "Whitfield", "C40-W1T5", 30_000],
    ["Muller", "Anna", "Müller", "C40-M7L4", 7_500],
    ["Aagaard", "Søren", "Ågård", "C40-A6G2", 4_500],
    ["Strauss", "Maria", "Strauß", "C40-S5T8", 6_600],
    ["Santos", "Pedro", "Santos", "C40-D2R6", 12_000],
    ["Lopes", "Beatriz", "Lopes", "C40-R7S3", 24_000],
  ]);
});
afterAll(async () => server?.stop());

describe("the payer's name, wherever the bank puts it", () => {
  it("a Portuguese bank's description only: 'TRF CRED SEPA+ DE SARAH WHITFIELD' proposes Whitfield", async () => {
    const res = await upload("pt-description.csv", { date: "Data Mov.", amount: "Montante", reference: "Descrição" });
    expect(res.json).toEqual(importReport({ read: 2, new: 2, proposed: 1, ignored: 1 }));
    expect(await proposedTo()).toMatchObject({ 30000: P.Whitfield });
  });

  it("MT940 :86: of ING (/CNTP/ name 'ANNA MUELLER' for Anna Müller; /NAME/ 'AAGAARD SOREN' for Søren Ågård, family name first)", async () => {
    expect((await upload("ing-names.sta")).json).toEqual(importReport({ read: 2, new: 2, proposed: 2 }));
    expect(await proposedTo()).toMatchObject({ 7500: P.Muller, 4500: P.Aagaard });
    const [anna] = (await listTransactions(admin, "proposed")).filter((t) => t.amount === 7_500);
    expect(anna).toMatchObject({ payer: "ANNA MUELLER", reference: "Boot" });
  });

  it("MT940 :86: as German subfields (?32 STRAUSS ?33 MARIA), ASN's free text, ABN AMRO's NAAM:", async () => {
    expect((await upload("mixed-86.sta")).json).toEqual(importReport({ read: 3, new: 3, proposed: 3 }));
    expect(await proposedTo()).toMatchObject({ 6600: P.Strauss, 12000: P.Santos, 24000: P.Lopes });
    const lopes = (await listTransactions(admin, "proposed")).find((t) => t.amount === 24_000)!;
    expect(lopes).toMatchObject({ payer: "LOPES BEATRIZ", reference: "Kamer april" });
    const strauss = (await listTransactions(admin, "proposed")).find((t) => t.amount === 6_600)!;
    expect(strauss).toMatchObject({ payer: "STRAUSS MARIA", reference: "Festa Abril" });
  });
});
