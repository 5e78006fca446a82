import { CsvError, isBlankRow, parseCsvWithLines, type Delimiter } from "../utils/csv.server";
import { cleanText, type DayOrder, NOT_A_STATEMENT, slashDayOrder, notCompletedReason, parseStatementAmount, parseStatementDate, StatementError, type ParsedStatement, type RowError, type StatementTransaction } from "./bank-statement";

/*
 * A CSV export of any bank (issue 25 item 4). Banks name and order their
 * columns their own way, so the host says once which column is which (the
 * mapping, remembered by the header line); the amount is one signed column,
 * or a credit and a debit column, or an amount with a credit/debit column.
 */

export const MAPPING_FIELDS = ["date", "amount", "credit", "debit", "direction", "payer", "reference", "currency", "id", "state"] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
/**
 * Column names (as the header line writes them) per field; date and an amount
 * are needed. `state` "" says the file's state column is not read (absent: the
 * column named State or Status is, see `withStateColumn`).
 */
export type CsvMapping = Partial<Record<MappingField, string>> & { dayOrder?: DayOrder };

export type CsvLayout = { headerKey: string; headers: string[]; sample: string[][] };

/** The header line as the key a mapping is remembered by: its cells, trimmed, joined by "|". */
const keyOf = (headers: string[]) => headers.map((h) => h.trim()).join("|");

/**
 * ";", "," or tab: the one used most in the first 20 lines, outside quotes
 * (not only the first line: a bank may write a title there).
 */
export function statementDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  let lines = 0;
  for (const ch of text.slice(0, 20_000)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "\n" && ++lines >= 20) break;
    else if (!quoted && ch in counts) counts[ch as Delimiter]++;
  }
  return (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ",");
}

function rowsOf(text: string) {
  try {
    return parseCsvWithLines(text, statementDelimiter(text), { keepBlank: true });
  } catch (error) {
    if (error instanceof CsvError) throw new StatementError(`The CSV cannot be read: ${error.message}`);
    throw error;
  }
}

/** A row holding a date and, in another cell, an amount: a transaction, not a header or a title. */
function isTransactionRow(fields: string[]) {
  const dateAt = fields.findIndex((f) => parseStatementDate(f) !== null);
  return dateAt >= 0 && fields.some((f, i) => i !== dateAt && /\d/.test(f) && parseStatementAmount(f) !== null);
}

/**
 * The header row: the first of the first 30 rows with the most cells (some
 * banks write a title, the account or the period above it in fewer cells),
 * and a few rows under it for the preview. A file whose first row with
 * columns is already a transaction (a date and an amount) has no header
 * (issue 35): its columns are named "Column 1", "Column 2"... and mapped so.
 */
export function csvLayout(text: string): CsvLayout & { headerIndex: number; rows: ReturnType<typeof rowsOf>; blankLines: number[] } {
  const all = rowsOf(text);
  const rows = all.filter((r) => !isBlankRow(r.fields));
  const blankLines = all.filter((r) => isBlankRow(r.fields)).map((r) => r.line);
  const filled = rows.slice(0, 30).map((r) => r.fields.filter((f) => f.trim() !== "").length);
  const most = Math.max(0, ...filled);
  const firstWithColumns = filled.findIndex((n) => n >= 2);
  if (most < 2) throw new StatementError(NOT_A_STATEMENT);
  if (isTransactionRow(rows[firstWithColumns]!.fields)) {
    const width = Math.max(...rows.slice(firstWithColumns, firstWithColumns + 30).map((r) => r.fields.length));
    const headers = Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
    const headerIndex = firstWithColumns - 1;
    return { headerKey: keyOf(headers), headers, sample: rows.slice(headerIndex + 1, headerIndex + 6).map((r) => r.fields), headerIndex, rows, blankLines };
  }
  const headerIndex = filled.indexOf(most);
  const headers = rows[headerIndex]!.fields.map((h) => h.trim());
  return { headerKey: keyOf(headers), headers, sample: rows.slice(headerIndex + 1, headerIndex + 6).map((r) => r.fields), headerIndex, rows, blankLines };
}

/**
 * Issue 35 item 5: a text with columns is a statement only when a row under
 * the header holds a date and, in another column, an amount; else (a letter,
 * a log, a list of names) it is named as no statement, not a new layout.
 */
export function looksLikeStatement(layout: { rows: { fields: string[] }[]; headerIndex: number }) {
  return layout.rows.slice(layout.headerIndex + 1, layout.headerIndex + 51).some(({ fields }) => isTransactionRow(fields));
}

/** Checks a mapping against the headers: a date and an amount (or credit/debit) column that exist. */
export function checkMapping(headers: string[], mapping: CsvMapping) {
  for (const field of MAPPING_FIELDS) {
    const column = mapping[field];
    if (column && !headers.includes(column)) throw new StatementError(`The column "${column}" (${field}) is not in this file.`);
  }
  if (!mapping.date) throw new StatementError("The CSV has no date column: say which column holds the date.");
  if (!mapping.amount && !mapping.credit) throw new StatementError("The CSV has no amount column: say which column holds the amount (or the credit and debit columns).");
}

/**
 * A state column's words for money that has arrived (Revolut COMPLETED, Wise
 * COMPLETED, other banks' booked/settled); any other (PENDING, REVERTED,
 * DECLINED, CANCELLED, REFUNDED, an empty cell) is not counted.
 */
const COMPLETED_WORDS = /^(completed?|booked|settled|executed|done|conclu[ií]d[ao]|efetuad[ao]|executad[ao])$/i;

/**
 * Decision 072: the states that say the money will not arrive (or went back):
 * a transfer already booked that a later statement shows so needs the host.
 * PENDING, an empty cell or an unknown word do not: an older statement
 * re-imported after the booking shows the same transfer still pending.
 */
const REVERSED_WORDS = /^(revert(ed)?|reversed|cancell?ed|refunded|declined|failed|returned|rejected|devolvid[ao]|cancelad[ao]|anulad[ao]|recusad[ao]|estornad[ao])$/i;

export { NOT_COMPLETED_PREFIX, notCompletedReason } from "./bank-statement";

const CREDIT_WORDS = /^(c|cr|crdt|credit|credito|crédito|in|incoming|entrada|bij|h|haben|gutschrift)$/i;
const DEBIT_WORDS = /^(d|dr|dbit|debit|debito|débito|out|outgoing|saida|saída|af|s|soll|lastschrift)$/i;

/** Reads the rows under the header with a checked mapping; a row that cannot be read is an error with its line. */
export function parseCsvStatement(text: string, mapping: CsvMapping, layout = csvLayout(text)): ParsedStatement {
  checkMapping(layout.headers, mapping);
  const col = (field: MappingField) => (mapping[field] ? layout.headers.indexOf(mapping[field]!) : -1);
  const index = Object.fromEntries(MAPPING_FIELDS.map((f) => [f, col(f)])) as Record<MappingField, number>;
  const transactions: StatementTransaction[] = [];
  const errors: RowError[] = [];
  const rows = layout.rows.slice(layout.headerIndex + 1);
  // Issue 35: a blank line under the header is a row that is no transaction, skipped and counted like a footer.
  const headerLine = layout.rows[layout.headerIndex]?.line ?? 0;
  let skipped = layout.blankLines.filter((line) => line > headerLine).length;
  const cutAt = cutLastRow(text, rows, index);
  const order = dayOrderOf(rows, index.date, mapping);
  for (const { line, fields } of rows) {
    const cell = (field: MappingField) => (index[field] >= 0 ? (fields[index[field]] ?? "").trim() : "");
    const error = (message: string) => errors.push({ line, message });
    const date = parseStatementDate(cell("date"), order);
    const unfinished = index.state >= 0 && !COMPLETED_WORDS.test(cell("state"));
    // Issue 35: a footer, a balance or a title line has no date and no amount, or not the header's columns: no transaction, no error.
    if (!date && (fields.length < layout.headers.length || !AMOUNT_FIELDS.some((f) => cell(f) && parseStatementAmount(cell(f)) !== null))) {
      skipped++;
      continue;
    }
    if (!date) {
      // Revolut leaves a pending row's completion date empty: say why it is not read.
      if (unfinished && !cell("date")) error(`${notCompletedReason(cell("state"))}, no date yet`);
      else error(cell("date") ? `"${cell("date").slice(0, 40)}" is not a date` : "The date is missing");
      continue;
    }
    // Issue 35: never a wrong amount from a cut file.
    if (fields.length < layout.headers.length) {
      error(`The line has ${fields.length} of the header's ${layout.headers.length} columns: the file may be cut, so it was not read`);
      continue;
    }
    if (line === cutAt) {
      error("The file ends inside this line and its amount is not written like the others': the file may be cut, so it was not read");
      continue;
    }
    const amount = rowAmount(cell);
    if (typeof amount === "string") {
      error(amount);
      continue;
    }
    transactions.push({
      line,
      raw: fields.map((f) => f.trim()).join("\u001f"),
      bankId: cleanText(cell("id")),
      ids: cell("id") ? [cleanText(cell("id"))!] : [],
      amount,
      currency: (cell("currency") || "EUR").toUpperCase().slice(0, 3),
      date,
      payer: cleanText(cell("payer")),
      reference: cleanText(cell("reference")),
      notCompleted: unfinished ? notCompletedReason(cell("state")) : null,
      reversed: unfinished && REVERSED_WORDS.test(cell("state")),
    });
  }
  return { format: "csv", transactions, errors, skipped };
}

const AMOUNT_FIELDS = ["amount", "credit", "debit"] as const;

/** Asked of the host when a layout's slash dates could be day/month or month/day (422 with the mapping form). */
export class DayOrderNeeded extends StatementError {
  constructor() {
    super("The dates of this file could be day/month or month/day (such as 03/04/2026): say which.");
  }
}

/** The file's slash date order: what its dates show, else the mapping's, else the host is asked. */
function dayOrderOf(rows: { fields: string[] }[], dateColumn: number, mapping: CsvMapping): DayOrder {
  const shown = slashDayOrder(rows.map((r) => r.fields[dateColumn] ?? ""));
  if (shown) return shown;
  if (shown === undefined) return mapping.dayOrder ?? "day-month";
  if (mapping.dayOrder) return mapping.dayOrder;
  throw new DayOrderNeeded();
}

/**
 * The last row's line when the file ends inside it (no line break after it)
 * and its amount lacks the decimals every other row writes ("5" where the
 * others write "50,00"): a download cut in the middle of the amount.
 */
function cutLastRow(text: string, rows: { line: number; fields: string[] }[], index: Record<MappingField, number>) {
  const last = rows.at(-1);
  if (!last || /\n\s*$/.test(text) || rows.length < 2) return null;
  const amountOf = (fields: string[]) => AMOUNT_FIELDS.map((f) => (index[f] >= 0 ? (fields[index[f]] ?? "").trim() : "")).find(Boolean) ?? "";
  const decimals = (cell: string) => /[.,]\d{2}\)?(\s*[A-Z]{3})?$/.test(cell);
  const others = rows.slice(0, -1).map((r) => amountOf(r.fields)).filter(Boolean);
  return others.length && others.every(decimals) && !decimals(amountOf(last.fields)) ? last.line : null;
}

/** The row's amount in cents (signed), or what is wrong with it. */
function rowAmount(cell: (field: MappingField) => string): number | string {
  if (cell("amount")) {
    const amount = parseStatementAmount(cell("amount"));
    if (amount === null) return `"${cell("amount").slice(0, 40)}" is not an amount`;
    if (amount === 0) return "The amount is 0";
    const direction = cell("direction");
    if (direction && DEBIT_WORDS.test(direction)) return -Math.abs(amount);
    if (direction && !CREDIT_WORDS.test(direction)) return `"${direction.slice(0, 20)}" is neither credit nor debit`;
    return direction ? Math.abs(amount) : amount;
  }
  const credit = cell("credit") ? parseStatementAmount(cell("credit")) : null;
  const debit = cell("debit") ? parseStatementAmount(cell("debit")) : null;
  if (cell("credit") && credit === null) return `"${cell("credit").slice(0, 40)}" is not an amount`;
  if (cell("debit") && debit === null) return `"${cell("debit").slice(0, 40)}" is not an amount`;
  if (credit) return Math.abs(credit);
  if (debit) return -Math.abs(debit);
  return "The amount is missing";
}

/** A first guess at the mapping from the header names (a file without a header: from its first rows), for the host to check. */
export function guessMapping(headers: string[], sample: string[][] = []): CsvMapping {
  if (headers[0] === "Column 1") return guessByContent(headers, sample);
  const find = (pattern: RegExp, except?: string[]) => headers.find((h) => pattern.test(h) && !except?.includes(h));
  const date = find(/^(completed date|date|data mov|data( de)? movimento|booking date|buchungstag|fecha|transaction date|datum|data)/i) ?? find(/date|data|datum/i);
  const credit = find(/^(cr[ée]dito|credit|credit amount|haben|entradas?)$/i);
  const debit = find(/^(d[ée]bito|debit|debit amount|soll|sa[ií]das?)$/i);
  const amount = credit ? undefined : find(/^(amount|montante|valor|importe|betrag|quantia|bedrag)/i);
  const payer = find(/payer|ordenante|remetente|name|nome|naam/i);
  const reference = find(/payment reference|reference|refer[êe]ncia|description|descri[çc][ãa]o|descritivo|verwendungszweck|concepto|details|mededelingen|omschrijving/i, payer ? [payer] : []);
  const currency = find(/^(currency|moeda|divisa|w[äa]hrung|munt)$/i);
  const id = find(/transferwise id|transaction id|^id$/i);
  const direction = amount ? directionColumn(headers) : undefined;
  const mapping: CsvMapping = { date, amount, credit, debit: credit ? debit : undefined, direction, payer, reference, currency, id, state: stateColumn(headers) };
  return Object.fromEntries(Object.entries(mapping).filter(([, v]) => v)) as CsvMapping;
}

/** Without names: the first column of dates, the first other column of amounts, the longest text as the reference. */
function guessByContent(headers: string[], sample: string[][]): CsvMapping {
  const all = (test: (cell: string) => boolean) => headers.findIndex((_, c) => sample.length > 0 && sample.every((r) => test((r[c] ?? "").trim())));
  const dateAt = all((c) => parseStatementDate(c) !== null);
  const amountAt = headers.findIndex((_, c) => c !== dateAt && sample.length > 0 && sample.every((r) => /\d/.test(r[c] ?? "") && parseStatementAmount(r[c] ?? "") !== null));
  const textLength = (c: number) => sample.reduce((n, r) => n + (/[a-z]/i.test(r[c] ?? "") ? (r[c] ?? "").length : 0), 0);
  const texts = headers.map((_, c) => c).filter((c) => c !== dateAt && c !== amountAt && textLength(c) > 0).sort((a, b) => textLength(b) - textLength(a));
  const mapping: CsvMapping = { date: headers[dateAt], amount: headers[amountAt], reference: headers[texts[0] ?? -1], payer: headers[texts[1] ?? -1] };
  return Object.fromEntries(Object.entries(mapping).filter(([, v]) => v)) as CsvMapping;
}

/** A column saying credit or debit beside an unsigned amount: ING's "Af Bij", "D/C", "Credit/Debit", Wise's "Direction". */
const directionColumn = (headers: string[]) =>
  headers.find((h) => /^(af ?\/? ?bij|bij ?\/? ?af|d ?\/ ?c|c ?\/ ?d|cr ?\/ ?dr|dr ?\/ ?cr|credit ?\/ ?debit|debit ?\/ ?credit|direction|cdtdbtind|soll ?\/ ?haben|s ?\/ ?h|d[ée]bito ?\/ ?cr[ée]dito|cr[ée]dito ?\/ ?d[ée]bito)$/i.test(h.trim()));

/** The column that says whether the bank completed a row: Revolut "State", Wise "Status". */
const stateColumn = (headers: string[]) => headers.find((h) => /^(state|status|transaction status|estado|situa[çc][ãa]o)$/i.test(h.trim()));

/**
 * A mapping remembered or sent before it named a state column (no `state`
 * key) reads the file's State or Status column all the same: a pending or
 * reverted transfer must never mark a party paid. `state: ""` reads none.
 */
export function withStateColumn(headers: string[], mapping: CsvMapping): CsvMapping {
  if (mapping.state !== undefined) return mapping;
  const state = stateColumn(headers);
  return state ? { ...mapping, state } : mapping;
}

/**
 * Issue 35: a mapping without a direction (remembered before, or sent by a
 * caller) reads the file's credit/debit column ("Af Bij", "D/C") beside an
 * unsigned amount all the same: else every debit would read as money in.
 * `direction: ""` reads none.
 */
export function withDirectionColumn(headers: string[], mapping: CsvMapping): CsvMapping {
  if (mapping.direction !== undefined || !mapping.amount) return mapping;
  const direction = directionColumn(headers);
  return direction ? { ...mapping, direction } : mapping;
}
