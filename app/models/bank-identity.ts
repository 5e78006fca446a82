import { createHash } from "node:crypto";
import { dedupeKey, type StatementTransaction } from "./bank-statement";

/*
 * Issue 35: what each transaction of one statement is known by, whatever the
 * CSV mapping chosen. Pure: the model looks the keys up and stores them.
 *
 * - "raw:": the line as the bank wrote it and its place among identical
 *   lines of the file (the 3rd identical card payment is the 3rd
 *   occurrence), so identical lines are all kept and a re-import, with any
 *   mapping, adds nothing;
 * - "key:": the older key of date, amount, payer and reference (with the
 *   occurrence), so a transaction stored before is known again and a row
 *   whose state changed (PENDING then COMPLETED) is the same row;
 * - "id:"/"rvsl:": the bank's id, for the first line of the file with that
 *   id and amount: a fee row reusing its transfer's id is another line;
 * - "ref:": every id the bank gives it (EndToEndId, AcctSvcrRef...): not
 *   who it is, only that another format may hold the same money.
 */

export type Identity = {
  /** Keys saying "this is that transaction". */
  keys: string[];
  /** The bank-id key, when this line holds it (a stored transaction with it and another amount is not this one). */
  idKey: string | null;
  /** Keys saying "possibly the same money". */
  refs: string[];
  /** An earlier line of this file with the same bank id and amount: the same money listed twice, kept as a possible duplicate of it. */
  sameIdAs: number | null;
};

const hash = (text: string) => createHash("sha1").update(text).digest("base64url");

export function identities(transactions: StatementTransaction[]): Identity[] {
  const seen = new Map<string, number>();
  const nth = (key: string) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n;
  };
  const firstWithId = new Map<string, number>();
  return transactions.map((t, index) => {
    const raw = `raw:${hash(t.raw)}`;
    const keys = [`${raw}#${nth(raw)}`];
    let idKey: string | null = null;
    let sameIdAs: number | null = null;
    if (t.bankId) {
      const id = dedupeKey(t);
      const first = firstWithId.get(id);
      if (first === undefined) {
        firstWithId.set(id, index);
        idKey = id;
        keys.push(id);
      } else if (transactions[first]!.amount === t.amount) sameIdAs = first;
    } else {
      const legacy = dedupeKey(t);
      const n = nth(legacy);
      keys.push(n === 1 ? legacy : `${legacy}#${n}`);
    }
    const refs = [...new Set([...(t.ids ?? []), ...(t.bankId ? [t.bankId] : [])])].map((r) => `ref:${r}`);
    return { keys, idKey, refs, sameIdAs };
  });
}
