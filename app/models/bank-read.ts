import { parseCamt053 } from "./bank-camt";
import { checkMapping, csvLayout, DayOrderNeeded, guessMapping, looksLikeStatement, parseCsvStatement, withDirectionColumn, withStateColumn, type CsvMapping } from "./bank-csv";
import { identities, type Identity } from "./bank-identity";
import { parseMt940 } from "./bank-mt940";
import { detectFormat, NOT_A_STATEMENT, statementText, StatementError, type ParsedStatement } from "./bank-statement";

/*
 * Reading a statement file, from its bytes to its transactions and their
 * identities: pure (no database, the remembered CSV mappings are passed in),
 * so a worker thread can run it for a big file (decision 076) and the main
 * thread for a small one, with the same answer.
 */

/** A CSV whose header line has no remembered mapping: the host picks the columns (422). */
export class NeedsMappingError extends Error {
  constructor(
    readonly layout: { headers: string[]; sample: string[][]; suggested: CsvMapping },
    message = "This CSV layout is new: say which columns hold the date, amount, payer and reference.",
  ) {
    super(message);
  }
}

export type ReadStatement = ParsedStatement & { identities: Identity[]; remember?: { headerKey: string; mapping: CsvMapping } };

/** The statement in the file, or StatementError (no statement, broken XML, entities) / NeedsMappingError. */
export function readStatementBytes(bytes: Uint8Array, mapping: CsvMapping | null | undefined, remembered: Record<string, CsvMapping>): ReadStatement {
  const statement = parse(bytes, mapping, remembered);
  return { ...statement, identities: identities(statement.transactions) };
}

function parse(bytes: Uint8Array, mapping: CsvMapping | null | undefined, remembered: Record<string, CsvMapping>): Omit<ReadStatement, "identities"> {
  const text = statementText(bytes);
  const format = detectFormat(text);
  if (format === "camt053") return parseCamt053(text);
  if (format === "mt940") return parseMt940(text);
  const layout = csvLayout(text);
  const chosen = mapping ?? remembered[layout.headerKey] ?? null;
  if (!chosen && !looksLikeStatement(layout)) throw new StatementError(NOT_A_STATEMENT);
  if (!chosen) throw new NeedsMappingError({ headers: layout.headers, sample: layout.sample, suggested: guessMapping(layout.headers, layout.sample) });
  checkMapping(layout.headers, chosen);
  try {
    const full = withDirectionColumn(layout.headers, withStateColumn(layout.headers, chosen));
    return { ...parseCsvStatement(text, full, layout), remember: mapping ? { headerKey: layout.headerKey, mapping } : undefined };
  } catch (error) {
    // Asked once per layout: the answer is remembered with the mapping.
    if (error instanceof DayOrderNeeded) throw new NeedsMappingError({ headers: layout.headers, sample: layout.sample, suggested: chosen }, error.message);
    throw error;
  }
}
