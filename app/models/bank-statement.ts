import { decodeCsvBytes } from "../utils/csv.server";
import { parseEuroAmount } from "../utils/money";

/*
 * Issue 25 item 4: what a bank statement says, whatever its format (CSV of
 * any bank, CAMT.053 XML, MT940), as plain transactions. Pure: the parsers
 * (bank-csv.ts, bank-camt.ts, bank-mt940.ts) take text and return these; the
 * model (bank-statements.server.ts) stores and matches them.
 */

export type StatementTransaction = {
  /** The line (CSV, MT940) or entry number (CAMT) it came from, for the report. */
  line: number;
  /**
   * The line as the bank wrote it, whatever the mapping (CSV: its cells; MT940:
   * its :61: and :86:; CAMT: the entry's fields): with its place among
   * identical lines, what the transaction is known by (issue 35).
   */
  raw: string;
  /** The bank's own id for it, when the format has one (dedupes across imports). */
  bankId: string | null;
  /** Cents: positive for money in, negative for money out. */
  amount: number;
  currency: string;
  /** YYYY-MM-DD. */
  date: string;
  payer: string | null;
  reference: string | null;
  /** Set when the statement says the bank has not completed it (CSV state column): why it is ignored. */
  notCompleted?: string | null;
  /** Not completed and never will be (REVERTED, CANCELLED, REFUNDED, DECLINED...): a booked one goes to the host (decision 072). */
  reversed?: boolean;
  /**
   * CAMT.053 RvslInd: the entry undoes an earlier one at the bank. A credit so
   * marked is an outgoing payment coming back (never a guest's); a debit takes
   * back an earlier credit (decision 072's review, not the matcher).
   */
  reversalEntry?: boolean;
  /** Every id the bank gives the transaction (its id, AcctSvcrRef, EndToEndId, TxId...): the same money in another format has one of them. */
  ids?: string[];
  /** CAMT: the reversal entry's ids (AcctSvcrRef, TxId, EndToEndId), to find the credit it takes back by its bank id. */
  refs?: string[];
};

/** Why a row the bank has not completed is ignored, naming the bank's state. */
export const notCompletedReason = (state: string) => `${NOT_COMPLETED_PREFIX}${cleanText(state)?.slice(0, 40).toUpperCase() ?? "no state"}`;
export const NOT_COMPLETED_PREFIX = "Not completed at the bank: ";
/**
 * A credit a later CAMT reversal entry takes back (decision 072's mark). Not
 * the "Not completed" prefix: the older statement still shows the credit BOOK,
 * and a re-import of it must not reopen and book it again after an undo.
 */
export const REVERSED_BY_ENTRY = "Reversed at the bank: REVERSED";
/** Reasons a CAMT reversal entry itself is ignored (never matched, never put back in review). */
export const REVERSAL_OF_DEBIT = "Reversal of an earlier debit at the bank";
export const REVERSAL_NOT_FOUND = "Reversal of a credit that was not found booked";
export const REVERSAL_PREFIX = "Reversal of ";

export type RowError = { line: number; message: string };
export type ParsedStatement = { format: StatementFormat; transactions: StatementTransaction[]; errors: RowError[]; skipped?: number };
export type StatementFormat = "csv" | "camt053" | "mt940";

/** A file that is no statement at all: refused whole (400), nothing stored. */
export class StatementError extends Error {}

/** Issue 35 item 5: what a file that is no statement is told, naming what is expected. */
export const NOT_A_STATEMENT = "This file is not a bank statement (CSV, CAMT.053 or MT940 expected).";
export const MT940_WITHOUT_20 = "This file is an MT940 without its :20: header: send the whole statement file the bank exported.";

/** Which of a slash date's first two numbers is the day ("03/04/2026"): asked once per CSV layout when its dates cannot tell. */
export type DayOrder = "day-month" | "month-day";

const MONTHS: Record<string, number> = Object.fromEntries(
  [
    ["jan", "january", "janeiro"],
    ["feb", "fev", "february", "fevereiro"],
    ["mar", "march", "marco"],
    ["apr", "abr", "april", "abril"],
    ["may", "mai", "maio"],
    ["jun", "june", "junho"],
    ["jul", "july", "julho"],
    ["aug", "ago", "august", "agosto"],
    ["sep", "sept", "set", "september", "setembro"],
    ["oct", "out", "october", "outubro"],
    ["nov", "november", "novembro"],
    ["dec", "dez", "december", "dezembro"],
  ].flatMap((names, i) => names.map((n) => [n, i + 1])),
);

/** "Apr 8, 2018", "8 April 2018", "08-abr-2026", "8 de março de 2026": [year, month, day], or null. */
function monthNameDate(text: string): [number, number, number] | null {
  const words = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\b(de|of)\b/g, " ")
    .split(/[\s,.\-/]+/)
    .filter(Boolean);
  if (words.length !== 3) return null;
  const month = (w: string) => MONTHS[w];
  const [a, b, c] = words as [string, string, string];
  if (!/^\d{4}$/.test(c)) return null;
  if (month(a) && /^\d{1,2}$/.test(b)) return [Number(c), month(a)!, Number(b)];
  if (month(b) && /^\d{1,2}$/.test(a)) return [Number(c), month(b)!, Number(a)];
  return null;
}

/**
 * Dates as banks write them: YYYY-MM-DD (with a time after it or not),
 * YYYYMMDD, DD.MM.YYYY, DD-MM-YYYY, DD/MM/YYYY or MM/DD/YYYY (by `order`),
 * month names in English or Portuguese ("Apr 8, 2018", "8 de abril de
 * 2026"); also YYMMDD (MT940). Null when it is no real day.
 */
export function parseStatementDate(input: string, order: DayOrder = "day-month"): string | null {
  const text = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(text);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$|\s)/.exec(text))) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (order === "month-day") [d, m] = [m, d];
  } else if ((match = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})(?:$|\s)/.exec(text))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^((?:19|20)\d{2})(\d{2})(\d{2})$/.exec(text))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{2})(\d{2})(\d{2})$/.exec(text))) [y, m, d] = [2000 + Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    const named = monthNameDate(text);
    if (!named) return null;
    [y, m, d] = named;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * What a column of dates says about its slash dates' order: a first number
 * over 12 is a day, a second over 12 too; null when every one could be
 * either (the host is asked), undefined when none is a slash date.
 */
export function slashDayOrder(cells: string[]): DayOrder | null | undefined {
  let seen = false;
  for (const cell of cells) {
    const m = /^(\d{1,2})\/(\d{1,2})\/\d{4}/.exec(cell.trim());
    if (!m) continue;
    seen = true;
    if (Number(m[1]) > 12) return "day-month";
    if (Number(m[2]) > 12) return "month-day";
  }
  return seen ? null : undefined;
}

/** An amount as banks write it ("1.234,56", "1,234.56", "-35.00", "+240"), in cents; null when it is none. */
export function parseStatementAmount(input: string): number | null {
  const text = input.trim().replace(/^\((.*)\)$/, "-$1");
  return parseEuroAmount(text.replace(/\s*[A-Z]{3}$/, ""));
}

/** The text of an uploaded file; a binary file (a PNG, a PDF...) is refused. */
export function statementText(bytes: Uint8Array) {
  const head = bytes.subarray(0, 8192);
  // UTF-16 (with its byte order mark) has a zero byte in every ASCII character: it is text all the same.
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if ((!utf16 && head.includes(0)) || /^(\x89PNG|%PDF|PK\x03\x04|GIF8|\xff\xd8\xff)/.test(String.fromCharCode(...head.subarray(0, 4)))) {
    throw new StatementError(NOT_A_STATEMENT);
  }
  const text = decodeCsvBytes(bytes).replace(/^\uFEFF/, "");
  if (text.trim() === "") throw new StatementError("The file is empty.");
  return text;
}

/**
 * Which format the text is in, by its first characters. JSON and an MT940
 * fragment (its fields without the :20: that opens a statement) are named
 * as what they are, not read as a CSV of a new layout.
 */
export function detectFormat(text: string): StatementFormat {
  const start = text.trimStart();
  if (start.startsWith("<")) return "camt053";
  if (/^[[{]/.test(start) && !start.startsWith("{1:")) throw new StatementError(NOT_A_STATEMENT);
  const head = text.slice(0, 200_000);
  if (/^(\{1:|:20:)/.test(start) || (/^:61:/m.test(head) && /^:20:/m.test(head))) return "mt940";
  if (/^:(25|28C?|60[FM]|61|86|62[FM]):/m.test(head)) throw new StatementError(MT940_WITHOUT_20);
  return "csv";
}

const collapse = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** Text a bank wrote, tidied: spaces collapsed, empty as null, at most 500 characters. */
export const cleanText = (s: string | null | undefined) => collapse(s).slice(0, 500) || null;

/**
 * How a transaction is known again in a later or overlapping statement: the
 * bank's own id, or else its date, amount, payer and reference.
 */
export function dedupeKey(t: Pick<StatementTransaction, "bankId" | "date" | "amount" | "payer" | "reference" | "currency" | "reversalEntry">) {
  // A reversal entry may carry only the reversed transaction's own refs: it is another transaction all the same.
  if (t.bankId) return `${t.reversalEntry ? "rvsl" : "id"}:${t.bankId}`;
  return ["key", t.date, t.amount, t.currency, collapse(t.payer).toLowerCase(), collapse(t.reference).toLowerCase()].join("|");
}

/** Two payers or references the same once spaces and case are set aside (as the dedupe key compares them). */
export const sameText = (a: string | null | undefined, b: string | null | undefined) => collapse(a).toLowerCase() === collapse(b).toLowerCase();
