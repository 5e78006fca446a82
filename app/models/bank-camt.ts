import { child, children, childText, parseXml, XmlError, type XmlElement } from "../utils/xml";
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
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new StatementError(error.message);
    throw error;
  }
  const report = root.name === "Document" ? child(root, "BkToCstmrStmt") : undefined;
  const other = root.name === "Document" ? root.children.find((c) => NOT_STATEMENTS[c.name]) : undefined;
  if (other) throw new StatementError(NOT_STATEMENTS[other.name]!);
  if (!report) throw new StatementError("This XML is not a CAMT.053 bank statement (no Document/BkToCstmrStmt).");
  if (!children(report, "Stmt").length) throw new StatementError("This CAMT.053 holds no statement (no <Stmt>): nothing was read.");
  const transactions: StatementTransaction[] = [];
  const errors: RowError[] = [];
  let n = 0;
  for (const statement of children(report, "Stmt")) {
    for (const entry of children(statement, "Ntry")) {
      n++;
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
        continue;
      }
      if (indicator !== "CRDT" && indicator !== "DBIT") {
        errors.push({ line: n, message: `Entry ${n}: CdtDbtInd must be CRDT or DBIT` });
        continue;
      }
      if (!date) {
        errors.push({ line: n, message: notCompleted ? `Entry ${n}: ${notCompleted}, no date yet` : `Entry ${n}: no booking or value date` });
        continue;
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
  }
  return { format: "camt053", transactions, errors };
}

function txAmount(tx: XmlElement) {
  const el = child(tx, "Amt") ?? child(tx, "AmtDtls/TxAmt/Amt");
  const cents = decimalToCents(el?.text);
  return cents ? { cents, currency: el?.attributes.Ccy } : null;
}
