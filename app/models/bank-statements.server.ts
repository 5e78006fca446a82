import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { bankBookings, bankCsvMappings, bankImports, bankTransactions, guests, parties, payments } from "../../db/schema";
import { newId } from "../../db/schema";
import { db, immediate, prepared, relaxed, sqlite } from "../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import { BANK_TRANSACTION_STATUSES, centsToEuroText } from "../utils/money";
import { recordActivity, type Actor } from "./activity.server";
import type { CsvMapping } from "./bank-csv";
import type { Identity } from "./bank-identity";
import { createMatcher, IGNORED_NOT_EURO, IGNORED_OUTGOING, samePayer, type MatchParty } from "./bank-match";
import type { ReadStatement } from "./bank-read";
import { readStatementOffThread } from "./bank-read.server";
import { syncLogAside, withoutCheckpoints } from "./wal-checkpoint.server";
import {
  NOT_COMPLETED_PREFIX,
  REVERSAL_NOT_FOUND,
  REVERSAL_OF_DEBIT,
  REVERSAL_PREFIX,
  REVERSED_BY_ENTRY,
  sameText,
  type ParsedStatement,
  type StatementTransaction,
} from "./bank-statement";
import { bookGiftCredit } from "./gifts/gift-match.server";
import { backfillMissingReferences, listLedger, recordPayment, removePayment } from "./ledger.server";

/*
 * Issue 25 item 4: bank statements in, matched to parties, booked through the
 * ledger (recordPayment: the rooms' paid flags, the receipt on the priority
 * lane, the activity log). An import is stored in transactions of up to 500
 * lines: each line is inserted-or-found by its identity keys together with
 * the bookings made with it, so a re-import, an overlapping statement or two
 * imports at once add nothing twice, and a crash mid-import leaves whole
 * lines, each booked once, that the same file again completes.
 */

export { NeedsMappingError } from "./bank-read";
export { readStatement } from "./bank-read.server";

export type BankTransactionStatus = (typeof BANK_TRANSACTION_STATUSES)[number];
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** Issue 35: a statement file holds at most this many transactions (a 10 MB file holds about 80,000). */
export const MAX_STATEMENT_TRANSACTIONS = 100_000;

export type ImportReport = {
  importId: string;
  format: ParsedStatement["format"];
  read: number;
  new: number;
  duplicates: number;
  /** New transactions possibly the same money as one seen before: status "duplicate", waiting for the host. */
  possibleDuplicates: number;
  booked: number;
  proposed: number;
  unmatched: number;
  ignored: number;
  /** Booked transactions this statement reports reversed: each now waits for the host on review (decision 072). */
  reversed: number;
  /** Rows that are no transaction (a footer, a balance line, a blank line): skipped, not errors. */
  skipped: number;
  errors: { line: number; message: string }[];
  reversedAfterBooking: ReversalReport[];
};

/** A booked transfer a later statement reports reversed: what was booked to whom, and the bank's word. */
export type ReversalReport = {
  transactionId: string;
  date: string;
  amount: number;
  currency: string;
  payer: string | null;
  reference: string | null;
  reason: string;
  bookings: { paymentId: string; partyId: string; partyName: string; amount: number }[];
};

/** Every party with what matching reads: references and codes, members' names, open balance. */
function matchParties(): MatchParty[] {
  backfillMissingReferences();
  const balances = new Map(listLedger().parties.map((p) => [p.partyId, p.balance]));
  const list = new Map<string, MatchParty>();
  for (const p of db.select({ id: parties.id, ref: parties.paymentReference, code: parties.authCode }).from(parties).all()) {
    list.set(p.id, { id: p.id, codes: [p.ref, p.code].filter((c): c is string => !!c), members: [], balance: balances.get(p.id) ?? 0 });
  }
  for (const g of db.select({ partyId: guests.partyId, firstName: guests.firstName, lastName: guests.lastName, code: guests.customCode }).from(guests).where(isNotNull(guests.partyId)).all()) {
    const party = list.get(g.partyId!);
    if (!party) continue;
    party.members.push({ firstName: g.firstName, lastName: g.lastName });
    if (g.code) party.codes.push(g.code);
  }
  return [...list.values()];
}

const bookingNote = (t: { payer: string | null; reference: string | null }) =>
  `Bank statement${t.payer ? `: ${t.payer}` : ""}${t.reference ? ` "${t.reference}"` : ""}`.slice(0, 500);

/** Books a stored transaction's parts as ledger payments, each linked to it. Inside the caller's transaction. */
function bookParts(tx: { id: string; date: string; payer: string | null; reference: string | null }, parts: { partyId: string; amount: number }[], actor: Actor) {
  for (const part of parts) {
    const payment = recordPayment({ partyId: part.partyId, amount: part.amount, date: tx.date, method: "bank-transfer", note: bookingNote(tx) }, actor);
    db.insert(bankBookings).values({ transactionId: tx.id, paymentId: payment.id }).run();
  }
  db.update(bankTransactions).set({ status: "booked", proposedPartyId: null, ignoreReason: null }).where(eq(bankTransactions.id, tx.id)).run();
}

/**
 * POST /api/bank-statements and the import page: reads, dedupes, matches and
 * books (one transaction up to 500 lines, else batches); the chosen CSV
 * mapping is remembered with it.
 */
export async function importBankStatement(
  input: { bytes: Uint8Array; fileName?: string | null; mapping?: CsvMapping | null },
  actor: Actor = "admin",
  /** Told the import's id when a long statement starts its batches (the import page shows its progress). */
  started?: (importId: string) => void,
): Promise<ImportReport> {
  const statement = await readStatementOffThread(input.bytes, input.mapping);
  const lines = statement.transactions.length + statement.errors.length;
  if (lines > MAX_STATEMENT_TRANSACTIONS) {
    const message = `This statement holds ${lines.toLocaleString("en")} transactions; at most ${MAX_STATEMENT_TRANSACTIONS.toLocaleString("en")} are read from one file: export a shorter period.`;
    throw new ValidationError(message, { file: [message] });
  }
  const all = statement.transactions.map((t, i) => i);
  if (all.length <= ONE_TRANSACTION_LINES) {
    return immediate(() => {
      const run = beginImport(statement, input.fileName, actor);
      for (const i of all) run.line(i);
      return run.finish();
    });
  }
  // Issue 35: a long statement is stored a batch at a time, the event loop free between batches, so the site keeps answering.
  const run = immediate(() => beginImport(statement, input.fileName, actor, true));
  underWay.add(run.importId);
  started?.(run.importId);
  try {
    const report = await withoutCheckpoints(async () => {
      for (let next = 0; next < all.length; ) {
        await new Promise((resolve) => setImmediate(resolve));
        // Not waiting for the disk: a batch lost in a power cut is stored again by the same file, and the last commit, synced, takes every batch to disk before the answer.
        next = relaxed(() =>
          immediate(() => {
            const from = next;
            const until = performance.now() + BATCH_MS;
            let i = from;
            do run.line(i++);
            while (i < all.length && i - from < BATCH_LINES && performance.now() < until);
            run.progress(i);
            return i;
          }),
        );
      }
      await syncLogAside();
      return immediate(run.finish);
    });
    finishedReports.set(report.importId, report);
    if (finishedReports.size > KEPT_REPORTS) finishedReports.delete(finishedReports.keys().next().value!);
    return report;
  } finally {
    underWay.delete(run.importId);
  }
}

/** Long imports being stored by this process, and the last reports of those done, for the import page (decision 076). */
const underWay = new Set<string>();
const finishedReports = new Map<string, ImportReport>();
const KEPT_REPORTS = 20;

export type ImportProgress =
  | { state: "importing" | "stopped"; fileName: string | null; done: number; total: number }
  | { state: "done"; fileName: string | null; report: ImportReport };

/**
 * How far a long import got: under way (lines stored of the file's), done
 * (its report; the stored counts once this process no longer holds the
 * lines that could not be read), or stopped half way by a restart or a
 * failure (the same file again stores the rest).
 */
export function bankImportProgress(importId: string): ImportProgress {
  const row = db.select().from(bankImports).where(eq(bankImports.id, importId)).get();
  if (!row) throw new NotFoundError("No such import");
  if (row.linesDone !== null) return { state: underWay.has(row.id) ? "importing" : "stopped", fileName: row.fileName, done: row.linesDone, total: row.readCount };
  const kept = finishedReports.get(row.id);
  if (kept) return { state: "done", fileName: row.fileName, report: kept };
  const { id, readCount, newCount, errorCount: _, fileName, createdAt: __, linesDone: ___, ...counts } = row;
  return { state: "done", fileName, report: { importId: id, read: readCount, new: newCount, ...counts, errors: [], reversedAfterBooking: [] } };
}

/**
 * Up to this many lines an import is one transaction: all of it is stored
 * or none (a crash mid-import leaves nothing). A longer one is stored in
 * transactions of BATCH_LINES; a crash leaves the batches done, and the same
 * file again stores the rest (every line is known by its keys). One
 * transaction of 5,000 lines held the loop about a second (decision 076).
 */
const BATCH_LINES = 500;
const ONE_TRANSACTION_LINES = BATCH_LINES;
/** A batch also ends after this long: a request waiting behind it waits at most about this (decision 076). */
const BATCH_MS = 10;

/** An import under way: the record, the counts, and each line's work (inside the caller's transaction). */
function beginImport(statement: ReadStatement, fileName: string | null | undefined, actor: Actor, inBatches = false) {
  releaseOrphanedBookings();
  if (statement.remember) {
    const { headerKey, mapping } = statement.remember;
    db.insert(bankCsvMappings).values({ headerKey, mapping }).onConflictDoUpdate({ target: bankCsvMappings.headerKey, set: { mapping, updatedAt: new Date().toISOString() } }).run();
  }
  const counts = { read: statement.transactions.length, new: 0, duplicates: 0, possibleDuplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, reversed: 0, skipped: statement.skipped ?? 0 };
  const reversedAfterBooking: ReversalReport[] = [];
  const record = db
    .insert(bankImports)
    .values({ fileName: fileName?.slice(0, 200) || null, format: statement.format, readCount: counts.read, newCount: 0, duplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, errorCount: statement.errors.length, linesDone: inBatches ? 0 : null })
    .returning({ id: bankImports.id })
    .get();
  const matcher = createMatcher(matchParties());
  const known = statement.identities;
  // The transaction each line of this file is stored as, for a later line naming the same bank id.
  const storedAs: (string | undefined)[] = [];
  const line = (i: number) => {
    const t = statement.transactions[i]!;
    const identity = known[i]!;
    const same = findSame(t, identity);
    if (same) addKeys(same.id, identity);
    const stored = same ? (t.notCompleted ? null : reopenCompleted(t, same, record.id)) : insertNew(t, identity, record.id);
    if (!stored) {
      const reversal = t.reversed && same ? markReversed(same, t.notCompleted ?? "Not completed at the bank", actor) : null;
      if (reversal) {
        counts.reversed++;
        reversedAfterBooking.push(reversal);
      } else counts.duplicates++;
      storedAs[i] = same?.id;
      return;
    }
    storedAs[i] = stored.id;
    if (t.reversalEntry && !t.notCompleted) {
      // CAMT RvslInd: never a guest's payment, never matched (decision 072).
      const taken = t.amount < 0 ? takeBackCredit(t, stored.id, actor) : { report: null, reason: REVERSAL_OF_DEBIT };
      db.update(bankTransactions).set({ status: "ignored", ignoreReason: taken.reason }).where(eq(bankTransactions.id, stored.id)).run();
      if (taken.report) {
        counts.reversed++;
        reversedAfterBooking.push(taken.report);
      } else {
        counts.new++;
        counts.ignored++;
      }
      return;
    }
    counts.new++;
    const original = same || t.notCompleted || t.amount <= 0 ? null : possibleOriginal(t, identity, record.id, identity.sameIdAs === null ? undefined : storedAs[identity.sameIdAs]);
    if (original) {
      // Issue 35: the same money seen before (another format, the same bank id twice): never booked twice, the host decides.
      counts.possibleDuplicates++;
      db.update(bankTransactions).set({ status: "duplicate", duplicateOf: original }).where(eq(bankTransactions.id, stored.id)).run();
      return;
    }
    // Issue 40 (decision 084): a gift reference goes to its gift, never to a balance.
    const gift = t.notCompleted ? null : bookGiftCredit({ ...stored, amount: t.amount, currency: t.currency }, actor);
    if (gift) {
      counts[gift]++;
      return;
    }
    const decision = t.notCompleted ? { status: "ignored" as const, reason: t.notCompleted } : matcher.decide(t);
    counts[decision.status]++;
    if (decision.status === "booked") {
      bookParts(stored, decision.split, actor);
      for (const part of decision.split) matcher.paid(part.partyId, part.amount);
    } else if (decision.status === "proposed") {
      db.update(bankTransactions).set({ status: "proposed", proposedPartyId: decision.partyId }).where(eq(bankTransactions.id, stored.id)).run();
      // The proposal holds that much of the balance: a second credit of the same amount from the same name (a German bank's file had two) is not proposed for it too.
      matcher.paid(decision.partyId, t.amount);
    } else if (decision.status === "ignored") {
      db.update(bankTransactions).set({ status: "ignored", ignoreReason: decision.reason }).where(eq(bankTransactions.id, stored.id)).run();
    }
  };
  /** The counts so far and the lines stored, with the batch: a cut import's record says what it stored. */
  const store = (linesDone: number | null) => {
    const { read: _, new: fresh, ...rest } = counts;
    db.update(bankImports).set({ newCount: fresh, ...rest, linesDone }).where(eq(bankImports.id, record.id)).run();
  };
  const finish = (): ImportReport => {
    store(null);
    recordActivity({
      actor,
      kind: "payment",
      summary: `Bank statement ${fileName ?? ""} imported: ${counts.read} read, ${counts.new} new, ${counts.duplicates} duplicates, ${counts.booked} booked, ${counts.proposed} proposed, ${counts.unmatched} unmatched, ${counts.ignored} ignored, ${statement.errors.length} errors${counts.possibleDuplicates ? `, ${counts.possibleDuplicates} possibly seen before` : ""}${counts.reversed ? `, ${counts.reversed} reversed after booking` : ""}`,
    });
    return { importId: record.id, format: statement.format, ...counts, errors: statement.errors, reversedAfterBooking };
  };
  return { importId: record.id, line, progress: (done: number) => store(done), finish };
}

const STORED = { id: bankTransactions.id, date: bankTransactions.date, payer: bankTransactions.payer, reference: bankTransactions.reference };

/**
 * The statements an import runs for every line, prepared once: an 80,000-line
 * statement runs each 80,000 times, and building them through the query
 * builder each time cost more than running them.
 */
const lineSql = prepared(() => {
  const counted = "t.status in ('booked', 'proposed', 'unmatched') and (t.import_id is null or t.import_id <> @importId) and t.amount = @amount and t.currency = @currency";
  return {
    holders: sqlite().prepare<[string], { key: string; id: string; amount: number }>(
      "select k.key as key, t.id as id, t.amount as amount from bank_transaction_keys k join bank_transactions t on t.id = k.transaction_id where k.key in (select value from json_each(?))",
    ),
    insert: sqlite().prepare(
      `insert into bank_transactions (id, dedupe_key, bank_id, amount, currency, date, payer, reference, status, import_id, created_at, updated_at)
       values (@id, @dedupeKey, @bankId, @amount, @currency, @date, @payer, @reference, 'unmatched', @importId, @now, @now)`,
    ),
    key: sqlite().prepare("insert or ignore into bank_transaction_keys (key, transaction_id) values (?, ?)"),
    countedId: sqlite().prepare<[string], string>("select id from bank_transactions where id = ? and status in ('booked', 'proposed', 'unmatched')").pluck(),
    byRef: sqlite()
      .prepare<{ keys: string; importId: string; amount: number; currency: string }, string>(
        `select t.id from bank_transaction_keys k join bank_transactions t on t.id = k.transaction_id where k.key in (select value from json_each(@keys)) and ${counted} limit 1`,
      )
      .pluck(),
    near: sqlite().prepare<{ from: string; to: string; importId: string; amount: number; currency: string }, { id: string; payer: string | null }>(
      `select t.id as id, t.payer as payer from bank_transactions t where ${counted} and t.date between @from and @to order by t.created_at`,
    ),
  };
});

/** The transaction stored as unmatched, with every key it is known by. */
function insertNew(t: StatementTransaction, identity: Identity, importId: string) {
  const stored = { id: newId(), date: t.date, payer: t.payer, reference: t.reference };
  const row = { ...stored, dedupeKey: identity.keys[0]!, bankId: t.bankId, amount: t.amount, currency: t.currency, importId, now: new Date().toISOString() };
  lineSql().insert.run(row);
  for (const key of [...identity.keys, ...identity.refs]) lineSql().key.run(key, stored.id);
  return stored;
}

/**
 * The stored transaction this line is (issue 35): the one holding its raw
 * line and place, its older key, or its bank id with the same amount (a
 * Wise fee row reuses its transfer's id: that is another line).
 */
function findSame(t: StatementTransaction, identity: Identity) {
  const holders = lineSql().holders.all(JSON.stringify(identity.keys));
  for (const key of identity.keys) {
    const holder = holders.find((h) => h.key === key && (key !== identity.idKey || h.amount === t.amount));
    if (holder) return db.select().from(bankTransactions).where(eq(bankTransactions.id, holder.id)).get()!;
  }
  return null;
}

/** A line known again also answers to its keys of this file (a state changed, another mapping), where no other transaction holds them. */
function addKeys(transactionId: string, identity: Identity) {
  const held = new Set(lineSql().holders.all(JSON.stringify(identity.keys)).map((r) => r.key));
  for (const key of [...identity.keys.filter((k) => !held.has(k)), ...identity.refs]) lineSql().key.run(key, transactionId);
}

/**
 * Issue 35: the transaction a new credit is possibly the same money as: an
 * earlier line of this file with the same bank id and amount, or one of
 * another import with one of its bank ids (EndToEndId, AcctSvcrRef...) and the
 * same amount, or with the same amount, currency and payer within a day.
 * Only money that counts (booked, proposed, unmatched) can be booked twice: a
 * reversal or a pending row ignored cannot.
 */
function possibleOriginal(t: StatementTransaction, identity: Identity, importId: string, sameIdInFile: string | undefined): string | null {
  if (sameIdInFile) return lineSql().countedId.get(sameIdInFile) ?? null;
  const money = { importId, amount: t.amount, currency: t.currency };
  if (identity.refs.length) {
    const byRef = lineSql().byRef.get({ ...money, keys: JSON.stringify(identity.refs) });
    if (byRef) return byRef;
  }
  if (!t.payer) return null;
  const near = lineSql().near.all({ ...money, from: shiftDay(t.date, -1), to: shiftDay(t.date, 1) });
  return near.find((n) => samePayer(n.payer, t.payer))?.id ?? null;
}

const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A stored transaction ignored because the bank had not completed it
 * (PENDING in an earlier statement) that this statement shows completed: the
 * same transaction, read again as money that arrived and matched like a new
 * one. Null for any other duplicate.
 */
function reopenCompleted(t: StatementTransaction, earlier: typeof bankTransactions.$inferSelect, importId: string) {
  if (earlier.status !== "ignored" || !earlier.ignoreReason?.startsWith(NOT_COMPLETED_PREFIX)) return null;
  return (
    db
      .update(bankTransactions)
      .set({ ...NO_REVERSAL, amount: t.amount, currency: t.currency, date: t.date, payer: t.payer, reference: t.reference, status: "unmatched", ignoreReason: null, importId, updatedAt: new Date().toISOString() })
      .where(eq(bankTransactions.id, earlier.id))
      .returning(STORED)
      .get() ?? null
  );
}

const NO_REVERSAL = { reversal: null, reversalReportedAt: null, reversalDismissedAt: null };

/**
 * Decision 072: a transaction the statement shows reversed (REVERTED,
 * CANCELLED, REFUNDED...) that is already stored. Booked: nothing is booked or
 * removed; it is marked once (a re-import adds nothing) and waits on review
 * for the host to undo the booking or keep the payment; the report lists it.
 * Never booked: ignored with the bank's state, as a first sight of it would
 * be, so nobody books money that went back. Null (a duplicate) for anything
 * else, or when nothing waits for the host.
 */
function markReversed(earlier: typeof bankTransactions.$inferSelect, reason: string, actor: Actor): ReversalReport | null {
  if (earlier.status === "proposed" || earlier.status === "unmatched" || earlier.status === "duplicate") {
    db.update(bankTransactions).set({ status: "ignored", ignoreReason: reason, proposedPartyId: null }).where(eq(bankTransactions.id, earlier.id)).run();
    recordActivity({ actor, kind: "payment", summary: `Bank transaction ${describe(earlier)}: the bank reports it ${reasonState(reason)}; it was not booked and is now ignored` });
    return null;
  }
  if (earlier.status !== "booked" || earlier.reversal) return null;
  db.update(bankTransactions).set({ reversal: reason, reversalReportedAt: new Date().toISOString(), reversalDismissedAt: null }).where(eq(bankTransactions.id, earlier.id)).run();
  const view = getBankTransaction(earlier.id);
  const to = view.bookings.map((b) => `${b.partyName} ${centsToEuroText(b.amount)}`).join(", ");
  const summary = `Bank transaction ${describe(earlier)} booked to ${to}: the bank now reports it ${reasonState(reason)}; waiting for the host on review (payment kept until undone)`;
  for (const b of view.bookings) recordActivity({ actor, kind: "payment", partyId: b.partyId, summary });
  const { id, date, amount, currency, payer, reference, bookings } = view;
  return { transactionId: id, date, amount, currency, payer, reference, reason, bookings };
}

/** "REVERTED" out of "Not completed at the bank: REVERTED" (and "REVERSED" out of a CAMT reversal's mark). */
const reasonState = (reason: string) => reason.replace(/^(Not completed|Reversed) at the bank: /, "");

/**
 * A CAMT debit with RvslInd takes back an earlier credit (a guest's transfer
 * recalled or bounced). The credit is the one stored credit whose bank id is
 * one of the reversal's ids, or else the one open credit with the same
 * amount, currency, payer and reference; booked, it gets decision 072's mark
 * (review, once), never booked, it is ignored. Returns that report (null when
 * nothing new waits) and why the reversal itself is ignored.
 */
function takeBackCredit(t: StatementTransaction, reversalId: string, actor: Actor): { report: ReversalReport | null; reason: string } {
  const open: BankTransactionStatus[] = ["booked", "proposed", "unmatched"];
  const credits = and(sql`${bankTransactions.amount} > 0`, sql`${bankTransactions.id} <> ${reversalId}`);
  const refs = t.refs ?? [];
  const byId = refs.length ? db.select().from(bankTransactions).where(and(credits, inArray(bankTransactions.bankId, refs))).all() : [];
  const candidates = byId.length
    ? byId
    : db
        .select()
        .from(bankTransactions)
        .where(and(credits, inArray(bankTransactions.status, open), eq(bankTransactions.amount, -t.amount), eq(bankTransactions.currency, t.currency)))
        .all()
        .filter((c) => (t.payer || t.reference) && sameText(c.payer, t.payer) && sameText(c.reference, t.reference));
  const [credit] = candidates;
  if (candidates.length !== 1 || !credit || !open.includes(credit.status)) return { report: null, reason: REVERSAL_NOT_FOUND };
  const why = `${REVERSAL_PREFIX}the credit ${describe(credit)}${credit.status === "booked" ? "" : ", which was not booked and is now ignored"}`;
  return { report: markReversed(credit, REVERSED_BY_ENTRY, actor), reason: why.slice(0, 500) };
}

/** A CAMT reversal entry, or a credit one took back whose booking was undone: no guest's money to put back in review. */
const isBankReversal = (tx: { amount: number; ignoreReason: string | null }) =>
  tx.ignoreReason === REVERSAL_OF_DEBIT || tx.ignoreReason === REVERSED_BY_ENTRY || (tx.amount < 0 && !!tx.ignoreReason?.startsWith(REVERSAL_PREFIX));

/**
 * A booking's payment removed on Payment Status (DELETE /api/payments/{id})
 * takes its link with it (cascade): a "booked" transaction left with no
 * payment is back in review as unmatched, so the money is never shown as
 * booked when the ledger no longer has it. One statement, before any read.
 */
function releaseOrphanedBookings() {
  // One the bank reported reversed (decision 072) is ignored with that reason instead: never bookable again.
  db.run(sql`
    update bank_transactions set status = case when reversal is null then 'unmatched' else 'ignored' end, ignore_reason = reversal, updated_at = ${new Date().toISOString()}
    where status = 'booked' and not exists (select 1 from bank_bookings b where b.transaction_id = bank_transactions.id)
  `);
}

function requireTransaction(id: string) {
  releaseOrphanedBookings();
  const row = db.select().from(bankTransactions).where(eq(bankTransactions.id, id)).get();
  if (!row) throw new NotFoundError("Bank transaction not found");
  return row;
}

const describe = (t: { amount: number; currency: string; date: string; payer: string | null }) =>
  `${t.currency === "EUR" ? centsToEuroText(t.amount) : `${(t.amount / 100).toFixed(2)} ${t.currency}`} of ${t.date}${t.payer ? ` from ${t.payer}` : ""}`;

export type BookInput = { partyId: string } | { split: { partyId: string; amount: number }[] };

/** Books a proposed or unmatched euro credit to one party (its whole amount) or split between parties (adding up to it). */
export function bookBankTransaction(id: string, input: BookInput, actor: Actor = "admin") {
  return immediate(() => {
    const tx = requireTransaction(id);
    if (tx.amount <= 0 || tx.currency !== "EUR") throw new ConflictError("Only incoming euro transfers can be booked; record other money as a payment by hand.");
    if (tx.status === "booked") throw new ConflictError("This transaction is already booked: undo it first.");
    if (tx.status === "ignored") throw new ConflictError("This transaction is ignored: undo that first.");
    const parts = "split" in input ? input.split : [{ partyId: input.partyId, amount: tx.amount }];
    if (parts.length === 0) throw new ValidationError("Name at least one party", { split: ["Name at least one party"] });
    if (parts.some((p) => !Number.isSafeInteger(p.amount) || p.amount <= 0)) {
      throw new ValidationError("Each amount must be more than 0", { split: ["Each amount must be more than 0"] });
    }
    const total = parts.reduce((s, p) => s + p.amount, 0);
    if (total !== tx.amount) {
      const message = `The split adds up to ${centsToEuroText(total)}, the transaction is ${centsToEuroText(tx.amount)}`;
      throw new ValidationError(message, { split: [message] });
    }
    if (new Set(parts.map((p) => p.partyId)).size !== parts.length) throw new ValidationError("Name each party once", { split: ["Name each party once"] });
    bookParts(tx, parts, actor);
    return getBankTransaction(id);
  });
}

/** Sets a proposed or unmatched transaction aside, with the host's reason. */
export function ignoreBankTransaction(id: string, reason: string, actor: Actor = "admin") {
  return immediate(() => {
    const tx = requireTransaction(id);
    if (tx.status === "booked") throw new ConflictError("This transaction is booked: undo the booking first.");
    if (tx.status === "ignored") throw new ConflictError("This transaction is already ignored.");
    const why = reason.trim();
    if (!why) throw new ValidationError("Say why it is ignored", { reason: ["Say why it is ignored"] });
    db.update(bankTransactions).set({ status: "ignored", ignoreReason: why, proposedPartyId: null }).where(eq(bankTransactions.id, id)).run();
    recordActivity({ actor, kind: "payment", summary: `Bank transaction ${describe(tx)} ignored: ${why}` });
    return getBankTransaction(id);
  });
}

/**
 * Undoes a booking (its payments, exactly those, are removed: the rooms and
 * balances follow) or a host's ignore: the transaction is back in review as
 * unmatched. Money out and other currencies stay ignored.
 */
export function undoBankTransaction(id: string, actor: Actor = "admin") {
  return immediate(() => {
    const tx = requireTransaction(id);
    if (tx.status === "booked") {
      const booked = db
        .select({ paymentId: bankBookings.paymentId, partyId: payments.partyId })
        .from(bankBookings)
        .innerJoin(payments, eq(payments.id, bankBookings.paymentId))
        .where(eq(bankBookings.transactionId, id))
        .all();
      for (const b of booked) removePayment(b.paymentId, actor);
      db.delete(bankBookings).where(eq(bankBookings.transactionId, id)).run();
      const why = tx.reversal ? `; the bank reports it ${reasonState(tx.reversal)}, so it stays ignored` : "";
      const summary = `Bank transaction ${describe(tx)}: booking undone (${booked.length} ${booked.length === 1 ? "payment" : "payments"} removed)${why}`;
      // Decision 072: a reversal's undo is in each party's log, as its report was.
      if (tx.reversal) for (const b of booked) recordActivity({ actor, kind: "payment", partyId: b.partyId, summary });
      else recordActivity({ actor, kind: "payment", summary });
      // Decision 072: money the bank reports reversed is not put back in review to be booked again.
      if (tx.reversal) {
        db.update(bankTransactions).set({ status: "ignored", ignoreReason: tx.reversal, proposedPartyId: null }).where(eq(bankTransactions.id, id)).run();
        return getBankTransaction(id);
      }
    } else if (tx.status === "ignored") {
      if (tx.ignoreReason === IGNORED_OUTGOING || tx.ignoreReason === IGNORED_NOT_EURO) {
        throw new ConflictError(`This transaction is ${tx.ignoreReason === IGNORED_OUTGOING ? "money out" : "not in euro"}; it stays ignored.`);
      }
      if (isBankReversal(tx)) throw new ConflictError(`${tx.ignoreReason}; it stays ignored.`);
      // The money has not arrived: a later statement showing it completed books it.
      if (tx.ignoreReason?.startsWith(NOT_COMPLETED_PREFIX)) throw new ConflictError(`${tx.ignoreReason}; it stays ignored until a statement shows it completed.`);
      recordActivity({ actor, kind: "payment", summary: `Bank transaction ${describe(tx)}: ignore undone` });
    } else {
      throw new ConflictError("Nothing to undo: this transaction is neither booked nor ignored.");
    }
    db.update(bankTransactions).set({ status: "unmatched", ignoreReason: null, proposedPartyId: null }).where(eq(bankTransactions.id, id)).run();
    return getBankTransaction(id);
  });
}

/**
 * Decision 072: the host keeps the payment of a booked transaction the bank
 * reported reversed (they know the money arrived after all): it leaves review,
 * the booking stays. The reversal stays recorded, so a re-import raises nothing.
 */
export function dismissBankReversal(id: string, actor: Actor = "admin") {
  return immediate(() => {
    const tx = requireTransaction(id);
    if (tx.status !== "booked" || !tx.reversal || tx.reversalDismissedAt) throw new ConflictError("Nothing to dismiss: no booked transaction here is reported reversed by the bank.");
    db.update(bankTransactions).set({ reversalDismissedAt: new Date().toISOString() }).where(eq(bankTransactions.id, id)).run();
    const view = getBankTransaction(id);
    const summary = `Bank transaction ${describe(tx)}: the bank reported it ${reasonState(tx.reversal)}; the host kept the payment`;
    for (const b of view.bookings) recordActivity({ actor, kind: "payment", partyId: b.partyId, summary });
    return view;
  });
}

export type BankTransactionView = {
  id: string;
  date: string;
  amount: number;
  currency: string;
  payer: string | null;
  reference: string | null;
  bankId: string | null;
  status: BankTransactionStatus;
  ignoreReason: string | null;
  proposedParty: { id: string; name: string; reference: string | null } | null;
  bookings: { paymentId: string; partyId: string; partyName: string; amount: number }[];
  importId: string | null;
  /** Status "duplicate" (issue 35): the transaction this one is possibly the same money as. */
  duplicateOf: string | null;
  /** Decision 072: a later statement's reversed state for a booked transaction; dismissedAt when the host kept the payment. */
  reversal: { reason: string; reportedAt: string | null; dismissedAt: string | null } | null;
};

/** Booked transactions the bank reported reversed that wait for the host's decision (decision 072). */
const waitingReversal = () => and(eq(bankTransactions.status, "booked"), isNotNull(bankTransactions.reversal), isNull(bankTransactions.reversalDismissedAt));

type ListFilter = { status?: BankTransactionStatus | "reversed"; id?: string };

function listWhere(filter: ListFilter): SQL | undefined {
  if (filter.id) return eq(bankTransactions.id, filter.id);
  if (filter.status === "reversed") return waitingReversal();
  if (filter.status) return eq(bankTransactions.status, filter.status);
  return undefined;
}

/** How many transactions a list's filter holds (the API's `total`). */
export function countBankTransactionsWhere(filter: ListFilter) {
  releaseOrphanedBookings();
  return db.select({ n: sql<number>`count(*)` }).from(bankTransactions).where(listWhere(filter)).get()!.n;
}

/** Transactions (newest first) with their proposal and bookings; one status or all, a page of them (100 unless told). */
export function listBankTransactions(filter: ListFilter & { limit?: number; offset?: number } = {}): BankTransactionView[] {
  releaseOrphanedBookings();
  const where = listWhere(filter);
  const rows = db
    .select({ t: bankTransactions, partyName: parties.name, partyRef: parties.paymentReference })
    .from(bankTransactions)
    .leftJoin(parties, eq(parties.id, bankTransactions.proposedPartyId))
    .where(where)
    .orderBy(desc(bankTransactions.date), desc(bankTransactions.createdAt), bankTransactions.id)
    .limit(filter.limit ?? 100)
    .offset(filter.offset ?? 0)
    .all();
  const ids = rows.filter((r) => r.t.status === "booked").map((r) => r.t.id);
  const bookings = ids.length
    ? db
        .select({ transactionId: bankBookings.transactionId, paymentId: payments.id, partyId: payments.partyId, partyName: parties.name, amount: payments.amount })
        .from(bankBookings)
        .innerJoin(payments, eq(payments.id, bankBookings.paymentId))
        .innerJoin(parties, eq(parties.id, payments.partyId))
        .where(inArray(bankBookings.transactionId, ids))
        .all()
    : [];
  return rows.map(({ t, partyName, partyRef }) => ({
    id: t.id,
    date: t.date,
    amount: t.amount,
    currency: t.currency,
    payer: t.payer,
    reference: t.reference,
    bankId: t.bankId,
    status: t.status,
    ignoreReason: t.ignoreReason,
    proposedParty: t.proposedPartyId && partyName ? { id: t.proposedPartyId, name: partyName, reference: partyRef } : null,
    bookings: bookings.filter((b) => b.transactionId === t.id).map(({ transactionId: _, ...b }) => b),
    importId: t.importId,
    duplicateOf: t.duplicateOf,
    reversal: t.reversal ? { reason: t.reversal, reportedAt: t.reversalReportedAt, dismissedAt: t.reversalDismissedAt } : null,
  }));
}

export function getBankTransaction(id: string) {
  const [row] = listBankTransactions({ id });
  if (!row) throw new NotFoundError("Bank transaction not found");
  return row;
}

/** How many transactions wait in review (proposed, unmatched, possibly seen before, booked but reported reversed). */
export function countBankReview() {
  releaseOrphanedBookings();
  return db.get<{ proposed: number; unmatched: number; duplicate: number; reversed: number }>(sql`
    select coalesce(sum(status = 'proposed'), 0) as proposed, coalesce(sum(status = 'unmatched'), 0) as unmatched, coalesce(sum(status = 'duplicate'), 0) as duplicate,
      coalesce(sum(status = 'booked' and reversal is not null and reversal_dismissed_at is null), 0) as reversed
    from bank_transactions
  `)!;
}

/** How many transactions each status has, and the reversals waiting (the review page's pages). */
export function countBankTransactions(): Record<BankTransactionStatus | "reversed", number> {
  releaseOrphanedBookings();
  const counts = Object.fromEntries(BANK_TRANSACTION_STATUSES.map((s) => [s, 0])) as Record<BankTransactionStatus | "reversed", number>;
  for (const row of db.select({ status: bankTransactions.status, n: sql<number>`count(*)` }).from(bankTransactions).groupBy(bankTransactions.status).all()) counts[row.status] = row.n;
  counts.reversed = db.select({ n: sql<number>`count(*)` }).from(bankTransactions).where(waitingReversal()).get()!.n;
  return counts;
}

/** The last imports, newest first, with their counts. */
export function listBankImports(limit = 10) {
  const rows = db.select().from(bankImports).orderBy(desc(bankImports.createdAt)).limit(limit).all();
  return rows.map((r) => ({ ...r, underWay: underWay.has(r.id) }));
}

/** Parties a host looks for to book to: by name (party or member), invitation code, payment reference or e-mail. */
export function findPartiesToBook(query: string, limit = 10) {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  backfillMissingReferences();
  const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const code = q.replace(/\s+/g, "");
  const ids = db.all<{ id: string }>(sql`
    select p.id as id from parties p
    where p.name like ${like} escape '\\' or p.primary_email like ${like} escape '\\'
      or upper(p.payment_reference) = upper(${code}) or replace(upper(p.payment_reference), '-', '') = replace(upper(${code}), '-', '')
      or p.auth_code = ${code}
      or exists (select 1 from guests g where g.party_id = p.id and (
        (g.first_name || ' ' || g.last_name) like ${like} escape '\\' or g.email like ${like} escape '\\' or g.custom_code = ${code}))
    order by p.name limit ${limit}
  `).map((r) => r.id);
  if (!ids.length) return [];
  const balances = new Map(listLedger().parties.map((p) => [p.partyId, p.balance]));
  return db
    .select({ id: parties.id, name: parties.name, reference: parties.paymentReference })
    .from(parties)
    .where(inArray(parties.id, ids))
    .orderBy(parties.name)
    .all()
    .map((p) => ({ ...p, balance: balances.get(p.id) ?? 0 }));
}
