import { randomInt } from "node:crypto";
import { asc, eq, isNull, sql } from "drizzle-orm";
import { charges, parties, partyRoomAssignments, payments } from "../../db/schema";
import { db, immediate, prepared, sqlite } from "../db.server";
import { NotFoundError, ValidationError } from "../utils/errors";
import { centsToEuroText, PAYMENT_METHODS } from "../utils/money";
import { recordActivity, type Actor } from "./activity.server";
import { paymentReference as legacyReference } from "./guest-views.server";
import { queuePaymentReceipt } from "./payment-receipt.server";

/*
 * Issue 25: what each party owes and what has arrived, in integer cents.
 * Due = its confirmed rooms (pricePerNight × quantity, SPEC.md 9: the price
 * of the whole stay, in euro) + the host's charges (negative: discounts).
 * Paid = the payments booked. Balance = due − paid; below zero, credit.
 *
 * The rooms' paid flags follow the ledger (syncPaidFlags, after every change
 * in the same transaction): a confirmed room is paid when the party's balance
 * is zero or below, or when its own "Payment Received" switch made a payment
 * for it (that payment names the room, and switching off removes it).
 */

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const LEDGER_STATUSES = ["Unpaid", "Partially Paid", "Paid in Full", "Credit"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const PAYMENT_REFERENCE_PREFIX = "C40-";
/** No 0, O, 1 or I: read aloud or typed from a phone, none can be mistaken for another. */
export const PAYMENT_REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const PAYMENT_REFERENCE_PATTERN = /^C40-[2-9A-HJ-NP-Z]{4}$/;

export function ledgerStatus(due: number, paid: number): LedgerStatus {
  const balance = due - paid;
  if (balance < 0) return "Credit";
  if (balance === 0 && due > 0) return "Paid in Full";
  return paid > 0 ? "Partially Paid" : "Unpaid";
}

/** A random reference with that prefix (issue 40's gift references use "G40-"). */
export function randomReference(prefix = PAYMENT_REFERENCE_PREFIX) {
  let code = "";
  for (let i = 0; i < 4; i++) code += PAYMENT_REFERENCE_ALPHABET[randomInt(PAYMENT_REFERENCE_ALPHABET.length)];
  return prefix + code;
}

/** The party's reference, given now if it has none yet (a free one, checked in the same transaction). */
export function ensurePaymentReference(partyId: string): string {
  // Every party has one from the start (backfill): a read, not a write transaction, on each guest page (issue 28).
  const known = ledgerReads().reference.get({ id: partyId })?.ref;
  if (known) return known;
  return immediate(() => {
    const party = db.select({ ref: parties.paymentReference }).from(parties).where(eq(parties.id, partyId)).get();
    if (!party) throw new NotFoundError("Party not found");
    if (party.ref) return party.ref;
    for (;;) {
      const ref = randomReference();
      if (db.select({ id: parties.id }).from(parties).where(eq(parties.paymentReference, ref)).get()) continue;
      db.update(parties).set({ paymentReference: ref }).where(eq(parties.id, partyId)).run();
      return ref;
    }
  });
}

/**
 * At start (idempotent): every party gets a reference, and a room ticked paid
 * before the ledger existed (or by the demo seed) gets the payment its switch
 * stands for, so the ledger agrees with the flags. A consistent database is
 * left as it is: a paid room without its own payment has a settled party.
 */
export function backfillLedger() {
  immediate(() => {
    backfillMissingReferences();
    const partyIds = db
      .selectDistinct({ partyId: partyRoomAssignments.partyId })
      .from(partyRoomAssignments)
      .where(eq(partyRoomAssignments.isPaid, true))
      .all()
      .map((r) => r.partyId);
    for (const partyId of partyIds) {
      if (partyTotals(partyId).balance <= 0) continue;
      for (const room of paidRoomsWithoutOwnPayment(partyId)) {
        db.insert(payments)
          .values({
            partyId,
            amount: room.amount,
            date: (room.paidAt ?? new Date().toISOString()).slice(0, 10),
            method: "other",
            note: SWITCH_NOTE,
            roomAssignmentId: room.id,
          })
          .run();
      }
      syncPaidFlags(partyId);
    }
  });
}

function paidRoomsWithoutOwnPayment(partyId: string) {
  return db.all<{ id: string; amount: number; paidAt: string | null }>(sql`
    select a.id as id, rt.price_per_night * a.quantity * 100 as amount, a.paid_at as paidAt
    from party_room_assignments a join room_types rt on rt.id = a.room_type_id
    where a.party_id = ${partyId} and a.is_paid = 1 and a.confirmation_status = 'confirmed'
      and not exists (select 1 from payments p where p.room_assignment_id = a.id)
  `);
}

/** What a confirmed room costs, in cents. */
export function roomAmount(assignmentId: string) {
  const row = db.get<{ amount: number }>(sql`
    select rt.price_per_night * a.quantity * 100 as amount
    from party_room_assignments a join room_types rt on rt.id = a.room_type_id where a.id = ${assignmentId}
  `);
  if (!row) throw new NotFoundError("Room assignment not found");
  return row.amount;
}

function partyTotals(partyId: string) {
  const row = ledgerReads().totals.get({ id: partyId }) as { rooms: number; charged: number; paid: number };
  const due = row.rooms + row.charged;
  return { due, paid: row.paid, balance: due - row.paid };
}

/**
 * Sets each room's isPaid/paidAt from the ledger. paidAt: the switch
 * payment's time for a room paid by its switch, else the date of the payment
 * that brought the balance to zero. Call inside the change's transaction.
 */
export function syncPaidFlags(partyId: string) {
  const { due, balance } = partyTotals(partyId);
  const list = db.select().from(payments).where(eq(payments.partyId, partyId)).orderBy(asc(payments.date), asc(payments.createdAt)).all();
  let running = 0;
  let completedOn: string | null = null;
  for (const p of list) {
    running += p.amount;
    if (running >= due) {
      completedOn = p.date;
      break;
    }
  }
  const rooms = db.select().from(partyRoomAssignments).where(eq(partyRoomAssignments.partyId, partyId)).all();
  for (const room of rooms) {
    const own = list.find((p) => p.roomAssignmentId === room.id);
    const paid = room.confirmationStatus === "confirmed" && (!!own || balance <= 0);
    const paidAt = !paid ? null : own ? own.createdAt : room.isPaid && room.paidAt ? room.paidAt : (completedOn ?? new Date().toISOString());
    if (paid !== room.isPaid || paidAt !== room.paidAt) {
      db.update(partyRoomAssignments).set({ isPaid: paid, paidAt }).where(eq(partyRoomAssignments.id, room.id)).run();
    }
  }
}

export const SWITCH_NOTE = "Payment Received switch";

const METHOD_LABEL: Record<PaymentMethod, string> = {
  "bank-transfer": "bank transfer",
  "payment-link": "payment link",
  mbway: "MB WAY",
  cash: "cash",
  other: "other",
};
export const paymentMethodLabel = (m: PaymentMethod) => METHOD_LABEL[m];

function requirePartyRow(partyId: string) {
  const party = db.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId)).get();
  if (!party) throw new NotFoundError("Party not found");
}

export type ChargeInput = { partyId: string; label: string; amount: number };

export function addCharge(input: ChargeInput, actor: Actor = "admin") {
  return immediate(() => {
    requirePartyRow(input.partyId);
    if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
      throw new ValidationError("Amount must be a whole number of cents other than 0", { amount: ["Amount must be a whole number of cents other than 0"] });
    }
    const row = db.insert(charges).values(input).returning().get();
    recordActivity({ actor, partyId: input.partyId, kind: "payment", summary: `Charge "${row.label}" ${centsToEuroText(row.amount)} added` });
    syncPaidFlags(input.partyId);
    return row;
  });
}

export function removeCharge(id: string, actor: Actor = "admin") {
  return immediate(() => {
    const row = db.delete(charges).where(eq(charges.id, id)).returning().get();
    if (!row) throw new NotFoundError("Charge not found");
    recordActivity({ actor, partyId: row.partyId, kind: "payment", summary: `Charge "${row.label}" ${centsToEuroText(row.amount)} removed` });
    syncPaidFlags(row.partyId);
    return { id: row.id };
  });
}

export type PaymentInput = { partyId: string; amount: number; date: string; method: PaymentMethod; note?: string | null; roomAssignmentId?: string | null };

export function recordPayment(input: PaymentInput, actor: Actor = "admin") {
  return immediate(() => {
    requirePartyRow(input.partyId);
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new ValidationError("Amount must be more than 0", { amount: ["Amount must be more than 0"] });
    }
    const row = db
      .insert(payments)
      .values({ ...input, note: input.note?.trim() || null, roomAssignmentId: input.roomAssignmentId ?? null })
      .returning()
      .get();
    recordActivity({
      actor,
      partyId: row.partyId,
      kind: "payment",
      summary: `Payment ${centsToEuroText(row.amount)} (${METHOD_LABEL[row.method]}) of ${row.date} recorded${row.note ? `: ${row.note}` : ""}`,
    });
    syncPaidFlags(row.partyId);
    // The party's receipt, in the same transaction as the payment (issue 25 item 5).
    queuePaymentReceipt(row, partyTotals(row.partyId).balance, ensurePaymentReference(row.partyId));
    return row;
  });
}

export function removePayment(id: string, actor: Actor = "admin") {
  return immediate(() => {
    const row = db.delete(payments).where(eq(payments.id, id)).returning().get();
    if (!row) throw new NotFoundError("Payment not found");
    recordActivity({ actor, partyId: row.partyId, kind: "payment", summary: `Payment ${centsToEuroText(row.amount)} of ${row.date} removed (undo)` });
    syncPaidFlags(row.partyId);
    return { id: row.id };
  });
}

/** The payment a room's switch made, if any. */
export function switchPaymentFor(assignmentId: string) {
  return db.select().from(payments).where(eq(payments.roomAssignmentId, assignmentId)).get() ?? null;
}

/** The party's ledger: reference, charges, payments (oldest first) and the figures. */
export function getPartyLedger(partyId: string) {
  const reference = ensurePaymentReference(partyId);
  const chargeRows = ledgerReads().charges.all({ id: partyId });
  const paymentRows = ledgerReads().payments.all({ id: partyId });
  const { due, paid, balance } = partyTotals(partyId);
  return {
    partyId,
    reference,
    charges: chargeRows.map(({ id, label, amount, createdAt }) => ({ id, label, amount, createdAt })),
    payments: paymentRows.map(({ id, amount, date, method, note, roomAssignmentId, createdAt }) => ({ id, amount, date, method, note, roomAssignmentId, createdAt })),
    due,
    paid,
    balance,
    status: ledgerStatus(due, paid),
  };
}
export type PartyLedger = ReturnType<typeof getPartyLedger>;

// Prepared once: a party's ledger is read on each of its guest pages (issue 28).
const ledgerReads = prepared(() => {
  const id = sql.placeholder("id");
  return {
    reference: db.select({ ref: parties.paymentReference }).from(parties).where(eq(parties.id, id)).prepare(),
    charges: db.select().from(charges).where(eq(charges.partyId, id)).orderBy(asc(charges.createdAt)).prepare(),
    payments: db.select().from(payments).where(eq(payments.partyId, id)).orderBy(asc(payments.date), asc(payments.createdAt)).prepare(),
    totals: sqlite().prepare(`
      select
        (select coalesce(sum(rt.price_per_night * a.quantity * 100), 0) from party_room_assignments a
           join room_types rt on rt.id = a.room_type_id
           where a.party_id = @id and a.confirmation_status = 'confirmed') as rooms,
        (select coalesce(sum(amount), 0) from charges where party_id = @id) as charged,
        (select coalesce(sum(amount), 0) from payments where party_id = @id) as paid`),
  };
});

/** The ledger with the party's name, for the admin page; null for no such party. */
export function findPartyLedger(partyId: string) {
  const party = db.select({ name: parties.name }).from(parties).where(eq(parties.id, partyId)).get();
  return party ? { ...getPartyLedger(partyId), partyName: party.name } : null;
}

/** Per party with anything to pay or paid (rooms, charges or payments), as SQL (one statement at any size). */
// Sums joined as grouped subqueries, each read once (issue 28): with the sums as
// correlated subqueries, SQLite flattened this into the outer queries and ran
// them again for every mention of due, paid or balance (the Payment Status
// page's counts named them ten times a row: 6 of its 20 ms).
export const ledgerPerParty = sql`(
  select p.id as party_id, p.name as party_name, p.payment_reference as reference,
    coalesce(r.due, 0) + coalesce(c.due, 0) as due, coalesce(pm.paid, 0) as paid, pm.last_payment as last_payment
  from parties p
  left join (select a.party_id, sum(rt.price_per_night * a.quantity * 100) as due from party_room_assignments a
       join room_types rt on rt.id = a.room_type_id
       where a.confirmation_status = 'confirmed' group by a.party_id) r on r.party_id = p.id
  left join (select party_id, sum(amount) as due from charges group by party_id) c on c.party_id = p.id
  left join (select party_id, sum(amount) as paid, max(date) as last_payment from payments group by party_id) pm on pm.party_id = p.id
  where exists (select 1 from party_room_assignments a where a.party_id = p.id)
    or c.party_id is not null
    or pm.party_id is not null
)`;

/** GET /api/ledger: every party with a ledger, by name, and the totals (outstanding: the open balances, credit not netted). */
export function listLedger() {
  backfillMissingReferences();
  const rows = db.all<{ partyId: string; partyName: string; reference: string; due: number; paid: number; lastPayment: string | null }>(sql`
    select l.party_id as partyId, l.party_name as partyName, l.reference as reference, l.due as due, l.paid as paid, l.last_payment as lastPayment
    from ${ledgerPerParty} l order by l.party_name, l.party_id
  `);
  const list = rows.map((r) => ({ ...r, balance: r.due - r.paid, status: ledgerStatus(r.due, r.paid) }));
  return {
    parties: list,
    totals: {
      due: list.reduce((s, r) => s + r.due, 0),
      paid: list.reduce((s, r) => s + r.paid, 0),
      outstanding: list.reduce((s, r) => s + Math.max(0, r.balance), 0),
    },
  };
}

/**
 * Parties created since start by any path get their reference before a list
 * shows them: one statement for all of them whatever their number (a clash
 * with a reference in use, rare, fails the unique index and is drawn again).
 */
export function backfillMissingReferences() {
  const char = sql.raw(`substr('${PAYMENT_REFERENCE_ALPHABET}', (abs(random()) % ${PAYMENT_REFERENCE_ALPHABET.length}) + 1, 1)`);
  for (let attempt = 0; ; attempt++) {
    try {
      db.run(sql`update parties set payment_reference = ${PAYMENT_REFERENCE_PREFIX} || ${char} || ${char} || ${char} || ${char} where payment_reference is null`);
      return;
    } catch (error) {
      // drizzle wraps SQLite's error ("Failed to run the query"): the clash is in its cause.
      const clash = `${String(error)} ${String((error as { cause?: unknown }).cause)}`.includes("UNIQUE");
      if (attempt >= 20 || !clash) throw error;
    }
  }
}

/** For the room switch: the party's switch payment of that room, removed. */
export function removeSwitchPayment(assignmentId: string, actor: Actor = "admin") {
  const own = db.select({ id: payments.id }).from(payments).where(eq(payments.roomAssignmentId, assignmentId)).get();
  if (own) removePayment(own.id, actor);
  return !!own;
}

/**
 * What a signed-in guest reads of its ledger (GET /api/my-ledger, /my-rsvp):
 * no host notes, no room links. An individual guest has no rooms nor charges:
 * an empty ledger with its own (derived) reference.
 */
export function guestLedger(identity: { type: "party" | "guest"; id: string }) {
  if (identity.type === "guest") {
    return { reference: legacyReference(identity.id), charges: [], payments: [], due: 0, paid: 0, balance: 0, status: ledgerStatus(0, 0) };
  }
  const l = getPartyLedger(identity.id);
  return {
    reference: l.reference,
    charges: l.charges.map(({ id, label, amount }) => ({ id, label, amount })),
    payments: l.payments.map(({ id, amount, date, method }) => ({ id, amount, date, method })),
    due: l.due,
    paid: l.paid,
    balance: l.balance,
    status: l.status,
  };
}
export type GuestLedger = ReturnType<typeof guestLedger>;
