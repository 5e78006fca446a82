import { cleanText, MT940_WITHOUT_20, parseStatementDate, StatementError, type ParsedStatement, type RowError, type StatementTransaction } from "./bank-statement";

/*
 * MT940 (SWIFT customer statement), issue 25 item 4. The currency is the
 * opening balance's (:60F:/:60M:). Each :61: line is a booking: value date
 * YYMMDD, an optional entry date MMDD, the mark (C credit, D debit, RC/RD
 * their reversals), an optional funds code, the amount with a comma, the
 * type (e.g. NTRF), the customer's reference and, after "//", the bank's.
 * The :86: after it says who paid and why: German-style subfields
 * (?20-?29 the purpose, ?32-?33 the name), SWIFT codewords (/NAME/, /REMI/),
 * or free text (then all of it is the reference).
 */

const LINE_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,12}(?:,\d{0,2})?)([NFS][A-Z0-9]{3})?([^/\n]*)(?:\/\/([^\n]*))?/;

function mtAmount(text: string) {
  const [whole, fraction = ""] = text.split(",");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/**
 * Who paid and why, and the payer's end-to-end id (the same transfer in a
 * CAMT.053 or CSV has it), from a :86: field: German subfields (?20-?29 and
 * ?60-?63 the purpose with its SEPA words EREF+/SVWZ+, ?32-?33 the name);
 * SWIFT codewords (/NAME/, /REMI/, /EREF/, ING and Rabobank); ABN AMRO's
 * "NAAM:" and "OMSCHRIJVING:"; else free text, all of it the reference (the
 * matcher looks for names there).
 */
export function parseInfo86(info: string): { payer: string | null; reference: string | null; endToEnd: string | null } {
  const flat = info.replace(/\r?\n/g, "");
  if (/\?\d{2}/.test(flat)) {
    const fields = new Map<number, string>();
    for (const m of flat.matchAll(/\?(\d{2})([^?]*)/g)) fields.set(Number(m[1]), (fields.get(Number(m[1])) ?? "") + m[2]);
    const purpose = [...fields].filter(([k]) => (k >= 20 && k <= 29) || (k >= 60 && k <= 63)).map(([, v]) => v).join("");
    // ?33 continues ?32: mid-word when ?32 is full (27 characters), else a next word.
    const first = fields.get(32) ?? "";
    const name = first.length >= 27 ? first + (fields.get(33) ?? "") : [first, fields.get(33)].filter(Boolean).join(" ");
    const endToEnd = /EREF\+(.*?)(?=(SVWZ|KREF|MREF|CRED|DEBT|ABWA|ABWE)\+|$)/.exec(purpose)?.[1]?.trim();
    const text = /SVWZ\+(.*?)(?=(ABWA|ABWE)\+|$)/.exec(purpose)?.[1] ?? purpose.replace(/^(EREF|KREF|MREF)\+/, "").replace(/(SVWZ|EREF)\+/g, " ");
    return { payer: cleanText(name), reference: cleanText(text), endToEnd: idOf(endToEnd) };
  }
  if (/\/(NAME|REMI|ORDP|EREF|CNTP)\//.test(flat)) {
    const word = (code: string) => new RegExp(`/${code}/(.*?)(?=/[A-Z]{3,4}/|$)`).exec(flat)?.[1];
    // ING's counterparty: /CNTP/account/BIC/name/city/.
    const name = word("NAME") ?? word("CNTP")?.split("/")[2];
    const remittance = word("REMI")?.replace(/^\/?(USTD|STRD)\/\/?/, "").replace(/\/+$/, "");
    return { payer: cleanText(name), reference: cleanText(remittance), endToEnd: idOf(word("EREF")?.replace(/\/+$/, "")) };
  }
  const abn = /NAAM:\s*(.*?)\s*(?=OMSCHRIJVING:|KENMERK:|MACHTIGING:|$)/.exec(flat);
  if (abn) {
    const text = /OMSCHRIJVING:\s*(.*?)\s*(?=KENMERK:|IBAN:|$)/.exec(flat)?.[1];
    return { payer: cleanText(abn[1]), reference: cleanText(text ?? flat), endToEnd: idOf(/KENMERK:\s*(\S+)/.exec(flat)?.[1]) };
  }
  return { payer: null, reference: cleanText(info), endToEnd: null };
}

const idOf = (text: string | undefined) => {
  const id = cleanText(text);
  return id && id !== "NOTPROVIDED" ? id : null;
};

export function parseMt940(text: string): ParsedStatement {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  // Fields with their first line number; a line not starting a tag continues the field before it.
  const fields: { tag: string; value: string; line: number }[] = [];
  lines.forEach((raw, i) => {
    const m = /^:(\d{2}[A-Z]?):(.*)$/.exec(raw);
    if (m) fields.push({ tag: m[1]!, value: m[2]!, line: i + 1 });
    else if (fields.length && raw.trim() !== "" && !/^-\}?$|^\{/.test(raw.trim())) fields[fields.length - 1]!.value += `\n${raw}`;
  });
  if (!fields.some((f) => f.tag === "20")) throw new StatementError(MT940_WITHOUT_20);
  const transactions: StatementTransaction[] = [];
  const errors: RowError[] = [];
  let currency = "EUR";
  let account = "";
  // Issue 35: a statement (from :20:) with no closing balance (:62F:/:62M:) is cut: its last line may be cut too.
  let closed = true;
  const lastOfOpen = () => {
    const last = transactions.at(-1);
    if (closed || !last || last.line < opened) return;
    transactions.pop();
    errors.push({ line: last.line, message: "The statement has no closing balance (:62F:) after this line: the file may be cut, so this line was not read" });
  };
  let opened = 0;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.tag === "20") {
      lastOfOpen();
      closed = false;
      opened = field.line;
    }
    if (field.tag === "62F" || field.tag === "62M") closed = true;
    if (field.tag === "25") account = field.value.trim();
    if (field.tag === "60F" || field.tag === "60M") currency = /^[CD]\d{6}([A-Z]{3})/.exec(field.value)?.[1] ?? currency;
    if (field.tag !== "61") continue;
    const m = LINE_61.exec(field.value);
    const date = m ? parseStatementDate(m[1]!) : null;
    if (!m || !date) {
      errors.push({ line: field.line, message: `":61:${field.value.split("\n")[0]!.slice(0, 40)}" is not a statement line` });
      continue;
    }
    const cents = mtAmount(m[5]!);
    if (cents === 0) {
      errors.push({ line: field.line, message: "The amount is 0" });
      continue;
    }
    const credit = m[3] === "C" || m[3] === "RD";
    const next = fields[i + 1];
    const info = next?.tag === "86" ? parseInfo86(next.value) : { payer: null, reference: null, endToEnd: null };
    // The bank's reference (after "//") is its id; the customer's (before) is the payer's and may repeat.
    const bankRef = m[8]?.split("\n")[0]?.trim();
    const bankId = bankRef && bankRef !== "NONREF" ? bankRef : null;
    // The customer's reference is an id only when it is one: not NONREF, nor a codeword ING writes there ("EREF").
    const own = m[7]?.trim() ?? "";
    const customerRef = own.length >= 6 ? own : null;
    transactions.push({
      line: field.line,
      raw: `${account}\n${field.value}\n${next?.tag === "86" ? next.value : ""}`,
      bankId: bankId ? `${account}/${bankId}` : null,
      ids: [bankId, customerRef, info.endToEnd].filter((r): r is string => !!r && r !== "NONREF"),
      amount: credit ? cents : -cents,
      currency,
      date,
      payer: info.payer,
      reference: info.reference,
    });
  }
  lastOfOpen();
  errors.sort((a, b) => a.line - b.line);
  return { format: "mt940", transactions, errors };
}
