import { child, children, childText, streamXml, XmlError, type XmlElement } from "../utils/xml";
import { cleanText, notCompletedReason, parseStatementDate, StatementError, type ParsedStatement, type RowError, type StatementTransaction } from "./bank-statement";

/*
 * CAMT.053 (ISO 20022 BankToCustomerStatement), issue 25 item 4. Each entry
 * (Ntry) is a booking on the account: CdtDbtInd CRDT for money in, Amt with
 * its Ccy, BookgDt (else ValDt), the bank's AcctSvcrRef (else NtryRef, else
 * the transaction's own refs) as its id, the debtor's name (RltdPties/Dbtr)
 * and the remittance text (RmtInf Ustrd, or Strd's creditor reference). An
 * entry that batches several transactions (several TxDtls with amounts) is
 * read as each of them. The entry's status (Sts BOOK, or v08's Sts/Cd): only
 * BOOK is money in; PDNG, INFO, FUTR or any other code is read as a CSV row
 * not completed (ignored with its reason, booked once a later statement shows
 * it BOOK); no Sts at all is booked. RvslInd true marks a reversal entry,
 * which the model never matches (decision 072).
 */

const NOT_AN_ID = "NOTPROVIDED";
const TX_REFS = ["AcctSvcrRef", "TxId", "EndToEndId"];

/** ISO 20022 allows five decimals: read when the digits past the cents are zeros, else it is no amount in cents. */
function decimalToCents(text: string | undefined): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2})(0{0,3}))?$/.exec(text?.trim() ?? "");
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : null;
}

/** The other ISO 20022 cash messages a bank exports, named when sent instead of a statement. */
const NOT_STATEMENTS: Record<string, string> = {
  BkToCstmrDbtCdtNtfctn: "This XML is a camt.054 notification, not a statement: export the CAMT.053 statement of the account.",
  BkToCstmrAcctRpt: "This XML is a camt.052 account report, not a statement: export the CAMT.053 statement of the account.",
};

const dateOf = (e: XmlElement | undefined) => {
  const raw = childText(e, "Dt") ?? childText(e, "DtTm");
  return raw ? parseStatementDate(raw.slice(0, 10)) : null;
};

function debtorName(tx: XmlElement | undefined) {
  const parties = child(tx, "RltdPties");
  return childText(parties, "Dbtr/Nm") ?? childText(parties, "Dbtr/Pty/Nm") ?? childText(parties, "UltmtDbtr/Nm") ?? childText(parties, "UltmtDbtr/Pty/Nm");
}

function remittance(tx: XmlElement | undefined, entry: XmlElement) {
  const info = child(tx, "RmtInf");
  const parts = [
    ...children(info, "Ustrd").map((u) => u.text),
    ...children(info, "Strd").flatMap((s) => [childText(s, "CdtrRefInf/Ref"), ...children(s, "AddtlRmtInf").map((a) => a.text)]),
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : (childText(tx, "AddtlTxInf") ?? childText(entry, "AddtlNtryInf"));
}

export function parseCamt053(text: string): ParsedStatement {
  const transactions: StatementTransaction[] = [];
  const errors: RowError[] = [];
  let n = 0;
  let statements = 0;
  let isStatement = false;
  try {
    // Issue 35: read as a stream, an entry (Ntry) at a time: a 10 MB statement is never one tree in memory.
    streamXml(text, {
      open: (path) => {
        if (path.length === 1 && path[0] !== "Document") throw new StatementError(NOT_CAMT053);
        if (path.length === 2 && NOT_STATEMENTS[path[1]!]) throw new StatementError(NOT_STATEMENTS[path[1]!]!);
        if (path.length === 2 && path[1] === "BkToCstmrStmt") isStatement = true;
        if (path.length === 3 && isStatement && path[2] === "Stmt") statements++;
      },
      keep: (path) => path.length === 4 && path[1] === "BkToCstmrStmt" && path[2] === "Stmt" && path[3] === "Ntry",
      kept: (entry) => readEntry(entry, ++n, transactions, errors),
    });
  } catch (error) {
    if (error instanceof XmlError) throw new StatementError(error.message);
    throw error;
  }
  if (!isStatement) throw new StatementError(NOT_CAMT053);
  if (!statements) throw new StatementError("This CAMT.053 holds no statement (no <Stmt>): nothing was read.");
  return { format: "camt053", transactions, errors };
}

const NOT_CAMT053 = "This XML is not a CAMT.053 bank statement (no Document/BkToCstmrStmt).";

/** One entry (Ntry) as its transactions (each of a batch), or an error with its number. */
function readEntry(entry: XmlElement, n: number, transactions: StatementTransaction[], errors: RowError[]) {
  // Only booked entries are money in: a pending one (PDNG) comes again, booked, in a later statement.
  const status = childText(entry, "Sts/Cd") ?? childText(entry, "Sts/Prtry") ?? childText(entry, "Sts");
  const notCompleted = status && status.toUpperCase() !== "BOOK" ? notCompletedReason(status) : null;
  const reversalEntry = /^(true|1)$/i.test(childText(entry, "RvslInd") ?? "");
  const indicator = childText(entry, "CdtDbtInd");
  const amountEl = child(entry, "Amt");
  const amount = decimalToCents(amountEl?.text);
  const date = dateOf(child(entry, "BookgDt")) ?? dateOf(child(entry, "ValDt"));
  if (amount === null || amount === 0) {
    errors.push({ line: n, message: `Entry ${n}: the amount "${amountEl?.text ?? ""}" is not an amount` });
    return;
  }
  if (indicator !== "CRDT" && indicator !== "DBIT") {
    errors.push({ line: n, message: `Entry ${n}: CdtDbtInd must be CRDT or DBIT` });
    return;
  }
  if (!date) {
    errors.push({ line: n, message: notCompleted ? `Entry ${n}: ${notCompleted}, no date yet` : `Entry ${n}: no booking or value date` });
    return;
  }
  const sign = indicator === "CRDT" ? 1 : -1;
  const entryId = childText(entry, "AcctSvcrRef") ?? childText(entry, "NtryRef");
  const details = children(entry, "NtryDtls").flatMap((d) => children(d, "TxDtls"));
  const batched = details.length > 1 && details.every((tx) => txAmount(tx) !== null);
  const parts = batched ? details : [details[0]];
  const txIds = parts.map((tx) => childText(tx, "Refs/AcctSvcrRef") ?? childText(tx, "Refs/TxId") ?? childText(tx, "Refs/EndToEndId"));
  parts.forEach((tx, i) => {
    const txId = txIds[i] === NOT_AN_ID ? undefined : txIds[i];
    // Issue 35: batched transactions sharing one reference (or with none) are each of them, by their place in the entry.
    const own = txId && txIds.indexOf(txId) === txIds.lastIndexOf(txId);
    const shared = txId ?? entryId;
    const bankId = batched ? (own ? txId : shared ? `${shared}/${i + 1}` : null) : (entryId ?? txId ?? null);
    const part = batched ? txAmount(tx!)! : null;
    // A reversal names the transaction it undoes by these (NtryRef is only a number within one statement).
    const idsOf = (list: (string | undefined | null)[]) => list.map((r) => cleanText(r)).filter((r): r is string => !!r && r !== NOT_AN_ID);
    const txRefs = TX_REFS.map((r) => childText(tx, `Refs/${r}`));
    const refs = idsOf([childText(entry, "AcctSvcrRef"), ...txRefs]);
    // The same money in a CSV or MT940 is found by any of these (a batch's shared entry reference is not the transaction's).
    const ids = [...new Set(idsOf([...(batched ? [] : [entryId]), ...txRefs, bankId]))];
    const payer = cleanText(debtorName(tx));
    const reference = cleanText(remittance(tx, entry));
    transactions.push({
      line: n,
      raw: [date, indicator, part?.cents ?? amount, entryId, ...refs, payer, reference, status, reversalEntry].join("\u001f"),
      bankId: cleanText(bankId === NOT_AN_ID ? null : bankId),
      amount: sign * (part?.cents ?? amount),
      currency: (part?.currency ?? amountEl?.attributes.Ccy ?? "EUR").toUpperCase(),
      date,
      payer,
      reference,
      notCompleted,
      ids,
      ...(reversalEntry ? { reversalEntry, refs } : {}),
    });
  });
}

function txAmount(tx: XmlElement) {
  const el = child(tx, "Amt") ?? child(tx, "AmtDtls/TxAmt/Amt");
  const cents = decimalToCents(el?.text);
  return cents ? { cents, currency: el?.attributes.Ccy } : null;
}
