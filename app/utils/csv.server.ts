/*
 * CSV reading and writing. The RFC 4180 work (quoted fields with commas,
 * doubled quotes and line breaks inside, the byte order mark) is done by
 * csv-parse and csv-stringify; what stays here is ours: guessing ";" or tab
 * (a Portuguese or German Excel writes ";"), the line each row starts on for
 * the import's per-row errors, defusing spreadsheet formulas, and reading
 * Windows-1252 files (docs/decisions/050-libraries-for-ics-and-csv.md).
 */
import { CsvError as LibraryCsvError, parse } from "csv-parse/sync";
import { stringify, type Options as StringifyOptions } from "csv-stringify/sync";

export class CsvError extends Error {}

export type Delimiter = "," | ";" | "\t";

/** The separator used most in the first line, outside quotes (comma when none). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as Delimiter]++;
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ",");
  return counts[best] > 0 ? best : ",";
}

/** A row with nothing in it: an empty line, or only delimiters and spaces. */
export const isBlankRow = (fields: string[]) => fields.every((f) => f.trim() === "");

const lineBreaks = (fields: string[]) => fields.reduce((n, f) => n + f.split("\n").length - 1, 0);

/** Rows of fields with the line each row starts on (1-based), blank lines left out unless asked for (a bank statement counts them). */
export function parseCsvWithLines(input: string, delimiter: Delimiter = detectDelimiter(input), { keepBlank = false } = {}) {
  // CRLF, LF and CR all end a line, and a line break inside a field is kept as a plain "\n".
  const text = input.replace(/\r\n?/g, "\n");
  const startLines: number[] = [];
  let lastLine = 0;
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      record_delimiter: "\n",
      bom: true,
      relax_column_count: true,
      // A stray quote inside an unquoted field is kept as a character.
      relax_quotes: true,
      // `lines` is the line a record ends on; it starts as many lines earlier as its fields hold line breaks.
      on_record: (fields: string[], { lines }) => {
        lastLine = lines;
        startLines.push(lines - lineBreaks(fields));
        return fields;
      },
    });
  } catch (error) {
    if (error instanceof LibraryCsvError && error.code === "CSV_QUOTE_NOT_CLOSED") {
      throw new CsvError(`A quoted field in the row that starts on line ${lastLine + 1} is never closed.`);
    }
    if (error instanceof LibraryCsvError) throw new CsvError(`${error.message}.`);
    throw error;
  }
  const rows = records.map((fields, i) => ({ line: startLines[i]!, fields }));
  return keepBlank ? rows : rows.filter((r) => !isBlankRow(r.fields));
}

export function parseCsv(input: string, delimiter?: Delimiter) {
  return parseCsvWithLines(input, delimiter).map((r) => r.fields);
}

/**
 * A cell a spreadsheet would run as a formula (a leading =, +, -, @, tab or
 * carriage return) gets a leading apostrophe, so an exported name cannot
 * execute. A cell that is only a number (-12.5), a phone number
 * (+351 912 345 678), or signs with nothing after them ("-", "--": a
 * spreadsheet shows them as typed, while "'-" would show the apostrophe,
 * issue 36.6) is left alone.
 */
function guardFormula(value: string) {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  if (/^[+-]+$/.test(value)) return value;
  if (/^[+-]?\d+([.,]\d+)?$/.test(value)) return value;
  if (/^\+[\d\s().-]+$/.test(value) && /\d/.test(value)) return value;
  return `'${value}`;
}

/** Undoes guardFormula on import. */
export function unguardFormula(value: string) {
  return /^'[=@+\-\t\r]/.test(value) ? value.slice(1) : value;
}

export type CsvValue = string | number | boolean | null | undefined;
export type CsvSeparator = "," | ";";

const writeOptions: StringifyOptions = {
  record_delimiter: "\r\n",
  // Also quoted: any line break (csv-stringify quotes only the record delimiter, CRLF), and what a
  // spreadsheet set to ";", "," or tab would split, or would trim.
  quoted_match: /[\r\n;,\t]|^\s|\s$/,
  cast: { string: guardFormula, boolean: String, number: String },
};

export function csvCell(value: CsvValue) {
  return stringify([[value]], { ...writeOptions, eof: false });
}

/**
 * Every CSV the site exports goes through here (issue 14): UTF-8 with a byte
 * order mark (so Excel reads "Müller"), formula cells neutralised, CRLF line
 * ends, and "," or ";" between cells (";" for a Portuguese spreadsheet).
 */
export function toCsv(rows: CsvValue[][], { separator = ",", bom = true }: { separator?: CsvSeparator; bom?: boolean } = {}) {
  return stringify(rows, { ...writeOptions, delimiter: separator, bom });
}

/** `?sep=semicolon` asks for ";" (Portuguese spreadsheets); anything else is ",". */
export const csvSeparatorFrom = (url: string | URL): CsvSeparator =>
  new URL(url).searchParams.get("sep") === "semicolon" ? ";" : ",";

/** An export's answer: the rows as CSV in the separator the request asked for. */
export function csvDownload(request: Request, rows: CsvValue[][], filename: string) {
  return csvResponse(toCsv(rows, { separator: csvSeparatorFrom(request.url) }), filename);
}


/**
 * Windows-1252's characters for bytes 0x80-0x9F (ISO-8859-1 has only control
 * characters there, never in a text file, so one table reads both). Node's
 * TextDecoder("windows-1252") decodes them as ISO-8859-1: "€" came out as
 * U+0080 (issue 35).
 */
const CP1252 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    text += String.fromCharCode(...chunk).replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80]!);
  }
  return text;
}

/** Text from an uploaded file: UTF-16 with its byte order mark, UTF-8, or else Windows-1252 (older Excel; ISO-8859-1 reads the same). */
export function decodeCsvBytes(input: ArrayBuffer | Uint8Array) {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** A header-safe attachment name: nothing but letters, digits, ".", "-" and "_" reaches the header (issue 22). */
export function attachment(filename: string) {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120) || "download";
  return `attachment; filename="${safe}"`;
}

export function csvResponse(csv: string, filename: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachment(filename),
      "Cache-Control": "no-store",
    },
  });
}
