// Issue 25 item 4: the statement parsers and the matcher, on the fixtures in
// tests/fixtures/bank (shaped like the banks' published layouts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseXml, XmlError } from "../utils/xml";
import { parseCamt053 } from "./bank-camt";
import { csvLayout, guessMapping, parseCsvStatement } from "./bank-csv";
import { createMatcher } from "./bank-match";
import { parseMt940 } from "./bank-mt940";
import { dedupeKey, detectFormat, parseStatementAmount, parseStatementDate, statementText, StatementError } from "./bank-statement";

const fixture = (name: string) => statementText(readFileSync(`tests/fixtures/bank/${name}`));

describe("dates and amounts as banks write them", () => {
  it("reads DD/MM/YYYY, YYYY-MM-DD (with a time), DD-MM-YYYY, DD.MM.YYYY and YYMMDD; refuses days that do not exist", () => {
    for (const text of ["03/07/2026", "2026-07-03", "2026-07-03 09:12:05", "03-07-2026", "03.07.2026", "260703"]) expect(parseStatementDate(text), text).toBe("2026-07-03");
    for (const text of ["31-02-2026", "2026-13-01", "tomorrow", ""]) expect(parseStatementDate(text), text).toBeNull();
  });
  it("issue 35: YYYYMMDD, month-first slash dates when asked, English and Portuguese month names", () => {
    for (const text of ["20260703", "Jul 3, 2026", "July 3 2026", "3 Jul 2026", "03-jul-2026", "3 de julho de 2026", "3 julho 2026"]) expect(parseStatementDate(text), text).toBe("2026-07-03");
    expect(parseStatementDate("07/03/2026", "month-day")).toBe("2026-07-03");
    expect(parseStatementDate("8 de março de 2026")).toBe("2026-03-08");
    expect(parseStatementDate("20261301")).toBeNull();
  });
  it("reads comma and point decimals, thousands, signs; in cents", () => {
    expect(parseStatementAmount("1.234,56")).toBe(123_456);
    expect(parseStatementAmount("1,234.56")).toBe(123_456);
    expect(parseStatementAmount("-35.00")).toBe(-3_500);
    expect(parseStatementAmount("+240,5")).toBe(24_050);
    expect(parseStatementAmount("240")).toBe(24_000);
    expect(parseStatementAmount("abc")).toBeNull();
  });
});

describe("CSV of any bank", () => {
  it("a Portuguese bank (Windows-1252, ';', comma decimals, DD-MM-YYYY, debit and credit columns, lines above the header)", () => {
    const text = fixture("caixa-pt.csv");
    const layout = csvLayout(text);
    expect(layout.headers).toEqual(["Data Mov.", "Data Valor", "Descrição", "Débito", "Crédito", "Saldo"]);
    expect(guessMapping(layout.headers)).toMatchObject({ date: "Data Mov.", credit: "Crédito", debit: "Débito", reference: "Descrição" });
    const parsed = parseCsvStatement(text, { date: "Data Mov.", credit: "Crédito", debit: "Débito", payer: "Descrição", reference: "Descrição" });
    expect(parsed.transactions.map((t) => [t.line, t.date, t.amount, t.currency])).toEqual([
      [4, "2026-03-13", 18_000, "EUR"],
      [5, "2026-03-13", -2_345, "EUR"],
      [6, "2026-03-14", 123_456, "EUR"],
      [7, "2026-03-14", 5_000, "EUR"],
    ]);
    expect(parsed.errors).toEqual([
      { line: 8, message: '"31-02-2026" is not a date' },
      { line: 9, message: '"abc" is not an amount' },
    ]);
  });
  it("Revolut (signed amounts, date and time, a currency column) and a tab-separated file", () => {
    const parsed = parseCsvStatement(fixture("revolut.csv"), { date: "Completed Date", amount: "Amount", payer: "Description", reference: "Description", currency: "Currency" });
    expect(parsed.transactions.map((t) => [t.date, t.amount, t.currency])).toEqual([
      ["2026-03-15", 24_000, "EUR"],
      ["2026-03-16", -50_000, "EUR"],
      ["2026-03-16", 9_000, "EUR"],
      ["2026-03-17", 2_000, "GBP"],
      ["2026-03-18", 9_000, "EUR"],
    ]);
    // With its State column read: only COMPLETED rows are money in; a PENDING one has no completion date yet.
    const withState = parseCsvStatement(fixture("revolut.csv"), { date: "Completed Date", amount: "Amount", currency: "Currency", state: "State" });
    expect(withState.transactions.map((t) => t.notCompleted)).toEqual([null, null, null, null, "Not completed at the bank: REVERTED"]);
    expect(withState.errors).toEqual([{ line: 7, message: "Not completed at the bank: PENDING, no date yet" }]);
    // Decision 072: only a final state (the money went back) marks a row reversed; PENDING or an empty cell does not.
    const states = parseCsvStatement("Day,Sum,State\n01.04.2026,1.00,REVERTED\n01.04.2026,2.00,Cancelled\n01.04.2026,3.00,REFUNDED\n01.04.2026,4.00,declined\n01.04.2026,5.00,PENDING\n01.04.2026,6.00,\n01.04.2026,7.00,COMPLETED\n", { date: "Day", amount: "Sum", state: "State" });
    expect(states.transactions.map((t) => t.reversed)).toEqual([true, true, true, true, false, false, false]);
    const tabbed = parseCsvStatement("Datum\tBetrag\tVerwendungszweck\n03.07.2026\t1.234,56\tC40-7KQ2\n", { date: "Datum", amount: "Betrag", reference: "Verwendungszweck" });
    expect(tabbed.transactions[0]).toMatchObject({ date: "2026-07-03", amount: 123_456, reference: "C40-7KQ2" });
  });
  it("Wise (its own id per transfer, DD-MM-YYYY) and an amount with a credit/debit column", () => {
    const parsed = parseCsvStatement(fixture("wise.csv"), { id: "TransferWise ID", date: "Date", amount: "Amount", currency: "Currency", payer: "Payer Name", reference: "Payment Reference" });
    expect(parsed.transactions.map((t) => [t.bankId, t.date, t.amount, t.payer, t.reference])).toEqual([
      ["TRANSFER-90001", "2026-03-17", 18_000, "Luis Rocha", "C40-H8P3"],
      ["TRANSFER-90002", "2026-03-17", 100_000, "Unknown Company Lda", "Invoice 55"],
      ["TRANSFER-90002", "2026-03-17", 100_000, "Unknown Company Lda", "Invoice 55"],
      ["CARD-123456", "2026-03-18", -1_500, null, null],
    ]);
    const marked = parseCsvStatement("Date,Amount,CR/DR\n2026-03-01,10.00,DR\n2026-03-02,12.00,CR\n", { date: "Date", amount: "Amount", direction: "CR/DR" });
    expect(marked.transactions.map((t) => t.amount)).toEqual([-1_000, 1_200]);
  });
});

describe("CAMT.053 and MT940", () => {
  it("CAMT.053: credits and debits, currency, booking date, bank id, debtor, remittance (Ustrd and Strd)", () => {
    const text = fixture("camt053.xml");
    expect(detectFormat(text)).toBe("camt053");
    const parsed = parseCamt053(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.transactions.map((t) => [t.bankId, t.date, t.amount, t.currency, t.payer, t.reference])).toEqual([
      ["CAMT-0001", "2026-03-02", 24_000, "EUR", "MARIA SILVA", "Quarto festa C40-7KQ2"],
      ["CAMT-0002", "2026-03-03", 18_000, "EUR", "João Costa", "c40 h8p3"],
      ["CAMT-0003", "2026-03-03", -4_590, "EUR", null, "DD EDP COMERCIAL & ENERGIA"],
      ["CAMT-0004", "2026-03-04", 10_000, "USD", "JOHN DOE", "C40-W4N9"],
      ["CAMT-0005", "2026-03-05", 5_000, "EUR", "UNKNOWN PERSON", "Presente"],
    ]);
  });
  it("CAMT.053: the entry status in both forms; only BOOK (or none) is money in, any other code is read as not completed, without a date as a line error", () => {
    const entry = (status: string, ref: string, date = "<BookgDt><Dt>2026-03-01</Dt></BookgDt>") =>
      `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>${status}${date}<AcctSvcrRef>${ref}</AcctSvcrRef></Ntry>`;
    const xml = `<Document><BkToCstmrStmt><Stmt>${[
      entry("<Sts>PDNG</Sts>", "P1"),
      entry("<Sts><Cd>BOOK</Cd></Sts>", "B1"),
      entry("", "N1"),
      entry("<Sts><Cd>INFO</Cd></Sts>", "I1"),
      entry("<Sts>book</Sts>", "B2"),
      entry("<Sts>FUTR</Sts>", "F1", ""),
    ].join("")}</Stmt></BkToCstmrStmt></Document>`;
    const parsed = parseCamt053(xml);
    expect(parsed.transactions.map((t) => [t.bankId, t.notCompleted])).toEqual([
      ["P1", "Not completed at the bank: PDNG"],
      ["B1", null],
      ["N1", null],
      ["I1", "Not completed at the bank: INFO"],
      ["B2", null],
    ]);
    expect(parsed.errors).toEqual([{ line: 6, message: "Entry 6: Not completed at the bank: FUTR, no date yet" }]);
  });
  it("CAMT.053: RvslInd marks a reversal entry with its ids (never NtryRef or NOTPROVIDED), and its dedupe key is not the reversed one's", () => {
    const xml = `<Document><BkToCstmrStmt><Stmt>
      <Ntry><NtryRef>7</NtryRef><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-09</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId><TxId>NOTPROVIDED</TxId></Refs><RltdPties><Dbtr><Nm>Ana</Nm></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>
      <Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd><BookgDt><Dt>2026-03-09</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>
    </Stmt></BkToCstmrStmt></Document>`;
    const [reversal, credit] = parseCamt053(xml).transactions;
    expect(reversal).toMatchObject({ bankId: "7", amount: -2_000, payer: "Ana", reversalEntry: true, refs: ["E2E-1"] });
    expect(credit!.reversalEntry).toBeUndefined();
    expect(dedupeKey({ ...credit!, bankId: "E2E-1" })).toBe("id:E2E-1");
    expect(dedupeKey({ ...reversal!, bankId: "E2E-1" })).toBe("rvsl:E2E-1");
  });
  it("MT940: the :61: mark, comma amounts, the bank's reference, :86: subfields and codewords, a broken line by its number", () => {
    const text = fixture("mt940.sta");
    expect(detectFormat(text)).toBe("mt940");
    const parsed = parseMt940(text);
    expect(parsed.transactions.map((t) => [t.line, t.bankId, t.date, t.amount, t.currency, t.payer, t.reference])).toEqual([
      [6, "PT50003300004567890123405/MT-88001", "2026-03-10", 42_000, "EUR", "ANA FERREIRA", "C4O-W4N9 e C40-D2R6quartos"],
      [8, null, "2026-03-11", 36_000, "EUR", "RITA OLIVEIRA", "Estadia junho"],
      [10, "PT50003300004567890123405/MT-88003", "2026-03-11", -1_250, "EUR", null, "COMISSAO MANUTENCAO CONTA"],
      [14, "PT50003300004567890123405/MT-88004", "2026-03-12", 10_000, "EUR", "PEDRO SANTOS", "C40-D2R6 barco"],
    ]);
    expect(parsed.errors).toEqual([{ line: 12, message: '":61:26AB12C5,00NTRF" is not a statement line' }]);
  });
  it("XML: a DOCTYPE or entity is refused unread, broken XML is refused with its line, a PNG is no statement", () => {
    expect(() => parseXml('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;</d>')).toThrow(XmlError);
    expect(() => parseXml("<Document><A></B></Document>")).toThrow(/broken on line 1/);
    expect(() => parseXml("<d>&nbsp;</d>")).toThrow(/unknown entity/);
    expect(parseXml("<a:d xmlns:a='x'><a:b c=\"1&amp;2\">x &lt; y<![CDATA[ & z]]></a:b></a:d>").children[0]).toMatchObject({ name: "b", attributes: { c: "1&2" }, text: "x < y & z" });
    expect(() => statementText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toThrow(StatementError);
  });
  it("XML: 64 nested elements are read, a 65th is refused; 20,000 nested never overflow the stack", () => {
    const nested = (n: number) => "<a>".repeat(n) + "</a>".repeat(n);
    expect(parseXml(nested(64)).name).toBe("a");
    expect(() => parseXml(`${"<a>".repeat(64)}<b/>${"</a>".repeat(64)}`)).toThrow(/more than 64 deep/);
    expect(() => parseXml(nested(65))).toThrow(/more than 64 deep/);
    expect(() => parseXml(nested(20_000))).toThrow(XmlError);
  });
});

describe("matching, in the issue's order", () => {
  const parties = [
    { id: "A", codes: ["C40-7KQ2", "Ab3_k9Zq-x"], members: [{ firstName: "Maria", lastName: "Silva" }], balance: 24_000 },
    { id: "B", codes: ["C40-W4N9"], members: [{ firstName: "Ana", lastName: "Ferreira" }], balance: 18_000 },
    { id: "C", codes: ["C40-D2R6"], members: [{ firstName: "Rita", lastName: "de Oliveira" }], balance: 24_000 },
  ];
  const t = (reference: string | null, amount: number, payer: string | null = null, currency = "EUR") => ({ reference, amount, payer, currency });
  it("a reference or invitation code, read with O as 0 and I as 1, without case, spaces or dashes: booked whatever the amount", () => {
    const m = createMatcher(parties);
    expect(m.decide(t("pagamento c4o 7kq2", 100))).toEqual({ status: "booked", split: [{ partyId: "A", amount: 100 }] });
    expect(m.decide(t("code AB3K9ZQX", 5))).toEqual({ status: "booked", split: [{ partyId: "A", amount: 5 }] });
  });
  it("two parties named whose balances add up: split; otherwise unmatched", () => {
    const m = createMatcher(parties);
    expect(m.decide(t("C40-W4N9 + C40-D2R6", 42_000))).toEqual({ status: "booked", split: [{ partyId: "B", amount: 18_000 }, { partyId: "C", amount: 24_000 }] });
    expect(m.decide(t("C40-W4N9 + C40-D2R6", 40_000))).toEqual({ status: "unmatched" });
  });
  it("no reference: the payer is a member of exactly one party whose open balance is the amount: proposed", () => {
    const m = createMatcher(parties);
    expect(m.decide(t(null, 24_000, "RITA M DE OLIVEIRA"))).toEqual({ status: "proposed", partyId: "C" });
    expect(m.decide(t(null, 10_000, "RITA M DE OLIVEIRA"))).toEqual({ status: "unmatched" });
    m.paid("C", 24_000);
    expect(m.decide(t(null, 24_000, "RITA OLIVEIRA"))).toEqual({ status: "unmatched" });
    expect(m.decide(t("C40-7KQ2", -500))).toEqual({ status: "ignored", reason: "outgoing" });
    expect(m.decide(t("C40-7KQ2", 500, null, "USD"))).toEqual({ status: "ignored", reason: "not euro" });
  });
});
