import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { bankBookings, bankCsvMappings, bankImports, bankTransactions, guests, parties, payments } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import { BANK_TRANSACTION_STATUSES, centsToEuroText } from "../utils/money";
import { recordActivity, type Actor } from "./activity.server";
import { parseCamt053 } from "./bank-camt";
import { checkMapping, csvLayout, guessMapping, parseCsvStatement, withStateColumn, type CsvMapping } from "./bank-csv";
import { createMatcher, IGNORED_NOT_EURO, IGNORED_OUTGOING, type MatchParty } from "./bank-match";
import { parseMt940 } from "./bank-mt940";
import {
  dedupeKey,
  detectFormat,
  NOT_COMPLETED_PREFIX,
  REVERSAL_NOT_FOUND,
  REVERSAL_OF_DEBIT,
  REVERSAL_PREFIX,
  REVERSED_BY_ENTRY,
  sameText,
  statementText,
  StatementError,
  type ParsedStatement,
  type StatementTransaction,
} from "./bank-statement";
import { bookGiftCredit } from "./gifts/gift-match.server";
import { backfillMissingReferences, listLedger, recordPayment, removePayment } from "./ledger.server";

/*
 * Issue 25 item 4: bank statements in, matched to parties, booked through the
 * ledger (recordPayment: the rooms' paid flags, the receipt on the priority
 * lane, the activity log). An import is one transaction: every transaction is
 * inserted-or-ignored on its unique dedupe key and the bookings made with it,
 * so a re-import, an overlapping statement or two imports at once add
 * nothing twice, and a crash mid-import leaves nothing half booked.
 */

export type BankTransactionStatus = (typeof BANK_TRANSACTION_STATUSES)[number];
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

/** A CSV whose header line has no remembered mapping: the host picks the columns (422). */
export class NeedsMappingError extends Error {
  constructor(readonly layout: { headers: string[]; sample: string[][]; suggested: CsvMapping }) {
    super("This CSV layout is new: say which columns hold the date, amount, payer and reference.");
  }
}

export type ImportReport = {
  importId: string;
  format: ParsedStatement["format"];
  read: number;
  new: number;
  duplicates: number;
  booked: number;
  proposed: number;
  unmatched: number;
  ignored: number;
  /** Booked transactions this statement reports reversed: each now waits for the host on review (decision 072). */
  reversed: number;
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

/** The statement in the file, or a 400 (no statement, broken XML, entities) / NeedsMappingError. */
export function readStatement(bytes: Uint8Array, mapping?: CsvMapping | null): ParsedStatement & { remember?: { headerKey: string; mapping: CsvMapping } } {
  try {
    const text = statementText(bytes);
    const format = detectFormat(text);
    if (format === "camt053") return parseCamt053(text);
    if (format === "mt940") return parseMt940(text);
    const layout = csvLayout(text);
    const chosen = mapping ?? rememberedMapping(layout.headerKey);
    if (!chosen) throw new NeedsMappingError({ headers: layout.headers, sample: layout.sample, suggested: guessMapping(layout.headers) });
    checkMapping(layout.headers, chosen);
    return { ...parseCsvStatement(text, withStateColumn(layout.headers, chosen)), remember: mapping ? { headerKey: layout.headerKey, mapping } : undefined };
  } catch (error) {
    if (error instanceof StatementError) throw new ValidationError(error.message, { file: [error.message] });
    throw error;
  }
}

function rememberedMapping(headerKey: string) {
  return (db.select({ mapping: bankCsvMappings.mapping }).from(bankCsvMappings).where(eq(bankCsvMappings.headerKey, headerKey)).get()?.mapping as CsvMapping | undefined) ?? null;
}

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
 * books in one transaction; the chosen CSV mapping is remembered with it.
 */
export function importBankStatement(input: { bytes: Uint8Array; fileName?: string | null; mapping?: CsvMapping | null }, actor: Actor = "admin"): ImportReport {
  const statement = readStatement(input.bytes, input.mapping);
  return immediate(() => {
    releaseOrphanedBookings();
    if (statement.remember) {
      const { headerKey, mapping } = statement.remember;
      db.insert(bankCsvMappings).values({ headerKey, mapping }).onConflictDoUpdate({ target: bankCsvMappings.headerKey, set: { mapping, updatedAt: new Date().toISOString() } }).run();
    }
    const counts = { read: statement.transactions.length, new: 0, duplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, reversed: 0 };
    const reversedAfterBooking: ReversalReport[] = [];
    const record = db
      .insert(bankImports)
      .values({ fileName: input.fileName?.slice(0, 200) || null, format: statement.format, readCount: counts.read, newCount: 0, duplicates: 0, booked: 0, proposed: 0, unmatched: 0, ignored: 0, errorCount: statement.errors.length })
      .returning({ id: bankImports.id })
      .get();
    const matcher = createMatcher(matchParties());
    for (const t of statement.transactions) {
      const stored = insertNew(t, record.id) ?? (t.notCompleted ? null : reopenCompleted(t, record.id));
      if (!stored) {
        const reversal = t.reversed ? reportReversal(t, actor) : null;
        if (reversal) {
          counts.reversed++;
          reversedAfterBooking.push(reversal);
        } else counts.duplicates++;
        continue;
      }
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
        continue;
      }
      counts.new++;
      // Issue 40 (decision 084): a gift reference goes to its gift, never to a balance.
      const gift = t.notCompleted ? null : bookGiftCredit({ ...stored, amount: t.amount, currency: t.currency }, actor);
      if (gift) {
        counts[gift]++;
        continue;
      }
      const decision = t.notCompleted ? { status: "ignored" as const, reason: t.notCompleted } : matcher.decide(t);
      counts[decision.status]++;
      if (decision.status === "booked") {
        bookParts(stored, decision.split, actor);
        for (const part of decision.split) matcher.paid(part.partyId, part.amount);
      } else if (decision.status === "proposed") {
        db.update(bankTransactions).set({ status: "proposed", proposedPartyId: decision.partyId }).where(eq(bankTransactions.id, stored.id)).run();
      } else if (decision.status === "ignored") {
        db.update(bankTransactions).set({ status: "ignored", ignoreReason: decision.reason }).where(eq(bankTransactions.id, stored.id)).run();
      }
    }
    const { read: _, new: fresh, ...rest } = counts;
    db.update(bankImports).set({ newCount: fresh, ...rest }).where(eq(bankImports.id, record.id)).run();
    recordActivity({
      actor,
      kind: "payment",
      summary: `Bank statement ${input.fileName ?? ""} imported: ${counts.read} read, ${counts.new} new, ${counts.duplicates} duplicates, ${counts.booked} booked, ${counts.proposed} proposed, ${counts.unmatched} unmatched, ${counts.ignored} ignored, ${statement.errors.length} errors${counts.reversed ? `, ${counts.reversed} reversed after booking` : ""}`,
    });
    return { importId: record.id, format: statement.format, ...counts, errors: statement.errors, reversedAfterBooking };
  });
}

/** The transaction stored as unmatched, or null when the statement already had it (insert-or-ignore). */
function insertNew(t: StatementTransaction, importId: string) {
  return (
    db
      .insert(bankTransactions)
      .values({ dedupeKey: dedupeKey(t), bankId: t.bankId, amount: t.amount, currency: t.currency, date: t.date, payer: t.payer, reference: t.reference, status: "unmatched", importId })
      .onConflictDoNothing({ target: bankTransactions.dedupeKey })
      .returning({ id: bankTransactions.id, date: bankTransactions.date, payer: bankTransactions.payer, reference: bankTransactions.reference })
      .get() ?? null
  );
}

/**
 * A transaction stored as ignored because the bank had not completed it
 * (PENDING in an earlier statement) that this statement shows completed: the
 * same row (same dedupe key) is read again, now as money that arrived, and
 * matched like a new one. Null for any other duplicate.
 */
function reopenCompleted(t: StatementTransaction, importId: string) {
  const key = dedupeKey(t);
  const earlier = db.select().from(bankTransactions).where(eq(bankTransactions.dedupeKey, key)).get();
  if (!earlier || earlier.status !== "ignored" || !earlier.ignoreReason?.startsWith(NOT_COMPLETED_PREFIX)) return null;
  return (
    db
      .update(bankTransactions)
      .set({ ...NO_REVERSAL, amount: t.amount, currency: t.currency, date: t.date, payer: t.payer, reference: t.reference, status: "unmatched", ignoreReason: null, importId, updatedAt: new Date().toISOString() })
      .where(eq(bankTransactions.id, earlier.id))
      .returning({ id: bankTransactions.id, date: bankTransactions.date, payer: bankTransactions.payer, reference: bankTransactions.reference })
      .get() ?? null
  );
}

const NO_REVERSAL = { reversal: null, reversalReportedAt: null, reversalDismissedAt: null };

/**
 * Decision 072: a transaction the statement shows reversed (REVERTED,
 * CANCELLED, REFUNDED...) that is already stored. Booked: nothing is booked or
 * removed; it is marked once (a re-import adds nothing) and waits on review
 * for the host to undo the booking or keep the payment; the report lists it.
 * Proposed or unmatched (never booked): ignored with the bank's state, as a
 * first sight of it would be, so nobody books money that went back. Null
 * (a duplicate) for anything else.
 */
function reportReversal(t: StatementTransaction, actor: Actor): ReversalReport | null {
  const earlier = db.select().from(bankTransactions).where(eq(bankTransactions.dedupeKey, dedupeKey(t))).get();
  return earlier ? markReversed(earlier, t.notCompleted ?? "Not completed at the bank", actor) : null;
}

/** Decision 072's mark on a stored transaction the bank reports reversed (see reportReversal); null when nothing waits for the host. */
function markReversed(earlier: typeof bankTransactions.$inferSelect, reason: string, actor: Actor): ReversalReport | null {
  if (earlier.status === "proposed" || earlier.status === "unmatched") {
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
  /** Decision 072: a later statement's reversed state for a booked transaction; dismissedAt when the host kept the payment. */
  reversal: { reason: string; reportedAt: string | null; dismissedAt: string | null } | null;
};

/** Booked transactions the bank reported reversed that wait for the host's decision (decision 072). */
const waitingReversal = () => and(eq(bankTransactions.status, "booked"), isNotNull(bankTransactions.reversal), isNull(bankTransactions.reversalDismissedAt));

/** Transactions (newest first) with their proposal and bookings; one status or all. */
export function listBankTransactions(filter: { status?: BankTransactionStatus | "reversed"; id?: string; limit?: number; offset?: number } = {}): BankTransactionView[] {
  releaseOrphanedBookings();
  let where: SQL | undefined;
  if (filter.id) where = eq(bankTransactions.id, filter.id);
  else if (filter.status === "reversed") where = waitingReversal();
  else if (filter.status) where = eq(bankTransactions.status, filter.status);
  const rows = db
    .select({ t: bankTransactions, partyName: parties.name, partyRef: parties.paymentReference })
    .from(bankTransactions)
    .leftJoin(parties, eq(parties.id, bankTransactions.proposedPartyId))
    .where(where)
    .orderBy(desc(bankTransactions.date), desc(bankTransactions.createdAt), bankTransactions.id)
    .limit(filter.limit ?? 10_000)
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
    reversal: t.reversal ? { reason: t.reversal, reportedAt: t.reversalReportedAt, dismissedAt: t.reversalDismissedAt } : null,
  }));
}

export function getBankTransaction(id: string) {
  const [row] = listBankTransactions({ id });
  if (!row) throw new NotFoundError("Bank transaction not found");
  return row;
}

/** How many transactions wait in review (proposed, unmatched, booked but reported reversed). */
export function countBankReview() {
  releaseOrphanedBookings();
  return db.get<{ proposed: number; unmatched: number; reversed: number }>(sql`
    select coalesce(sum(status = 'proposed'), 0) as proposed, coalesce(sum(status = 'unmatched'), 0) as unmatched,
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
  return db.select().from(bankImports).orderBy(desc(bankImports.createdAt)).limit(limit).all();
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
