/*
 * CSV reading and writing (RFC 4180, plus what spreadsheets really produce):
 * quoted fields with commas, doubled quotes and line breaks inside, CRLF / LF
 * / CR line ends, a UTF-8 byte order mark, and ";" or tab as the separator
 * (a Portuguese or German Excel writes ";").
 */

export class CsvError extends Error {}

export type Delimiter = "," | ";" | "\t";

/** The separator used most in the first line, outside quotes (comma when none). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of stripBom(text)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as Delimiter]++;
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ",");
  return counts[best] > 0 ? best : ",";
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Rows of fields with the line each row starts on (1-based), blank lines left out. */
export function parseCsvWithLines(input: string, delimiter: Delimiter = detectDelimiter(input)) {
  const text = stripBom(input);
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;

  const endField = () => {
    fields.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    if (fields.some((f) => f.trim() !== "")) rows.push({ line: rowLine, fields });
    fields = [];
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else if (ch === "\r" || ch === "\n") {
        // A line break inside a field is kept as a plain "\n", however the file ended its lines.
        if (ch === "\r" && text[i + 1] === "\n") i++;
        line++;
        field += "\n";
      } else {
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
    } else if (ch === delimiter) {
      endField();
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      // A stray quote inside an unquoted field is kept as a character.
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(`A quoted field that starts on line ${quoteLine} is never closed.`);
  if (fieldStarted || field !== "" || fields.length > 0) endRow();
  return rows;
}

export function parseCsv(input: string, delimiter?: Delimiter) {
  return parseCsvWithLines(input, delimiter).map((r) => r.fields);
}

/**
 * A cell a spreadsheet would run as a formula (a leading =, +, -, @, tab or
 * carriage return) gets a leading apostrophe, so an exported name cannot
 * execute. A cell that is only a number (-12.5) or a phone number
 * (+351 912 345 678) is left alone.
 */
function guardFormula(value: string) {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
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

export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return "";
  const text = guardFormula(String(value));
  return /[",;\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Every CSV the site exports goes through here (issue 14): UTF-8 with a byte
 * order mark (so Excel reads "Müller"), formula cells neutralised, CRLF line
 * ends, and "," or ";" between cells (";" for a Portuguese spreadsheet).
 */
export function toCsv(rows: CsvValue[][], { separator = ",", bom = true }: { separator?: CsvSeparator; bom?: boolean } = {}) {
  return (bom ? "\uFEFF" : "") + rows.map((r) => r.map(csvCell).join(separator)).join("\r\n") + "\r\n";
}

/** `?sep=semicolon` asks for ";" (Portuguese spreadsheets); anything else is ",". */
export const csvSeparatorFrom = (url: string | URL): CsvSeparator =>
  new URL(url).searchParams.get("sep") === "semicolon" ? ";" : ",";

/** An export's answer: the rows as CSV in the separator the request asked for. */
export function csvDownload(request: Request, rows: CsvValue[][], filename: string) {
  return csvResponse(toCsv(rows, { separator: csvSeparatorFrom(request.url) }), filename);
}

/** The same export with semicolons: the link shown beside each export. */
export function semicolonHref(href: string) {
  return `${href}${href.includes("?") ? "&" : "?"}sep=semicolon`;
}

/** Text from an uploaded file: UTF-8, or Windows-1252 when it is not valid UTF-8 (older Excel). */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export function csvResponse(csv: string, filename: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
