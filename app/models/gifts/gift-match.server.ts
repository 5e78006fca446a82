import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { bankTransactions, giftFunds, gifts } from "../../../db/schema";
import { db } from "../../db.server";
import { centsToEuroText } from "../../utils/money";
import { recordActivity, type Actor } from "../activity.server";
import { giftReferencesIn, holdsPaymentReference } from "./gift-reference.server";

/*
 * Issue 40 item 3: the statement import's one hook for gifts (decision 084).
 * A credit whose reference holds a gift reference goes to that gift, never to
 * a party's balance; a payment reference (C40-XXXX) never becomes a gift.
 *
 * The transaction is kept "ignored" with the reason "Gift G40-XXXX: ..." so
 * the import's own bookkeeping (payments, undo, orphaned bookings) needs no
 * change: the review page lists it with that reason, and its undo puts it
 * back in review; releaseUndoneGifts then takes the gift back (a pledge is
 * promised again, a gift without pledge is removed), so no cent counts twice.
 */

export const GIFT_REASON_PREFIX = "Gift ";

export type GiftTarget = { giftId: string; fundId: string; reference: string } | { fundId: string; reference: string; giftId?: undefined };

/**
 * What a transfer's text pays: a pledge's reference (the gift), a fund's own
 * reference (a gift typed by hand, no pledge), "review" when it is unclear
 * (two gift references, a gift and a payment reference, an unknown G40-
 * reference), or null: no gift reference, the party matching goes on.
 */
export function giftForReference(text: string | null): GiftTarget | "review" | null {
  const refs = giftReferencesIn(text);
  if (refs.length === 0) return null;
  if (refs.length > 1 || holdsPaymentReference(text)) return "review";
  const reference = refs[0]!;
  const gift = db.select({ id: gifts.id, fundId: gifts.fundId }).from(gifts).where(eq(gifts.reference, reference)).get();
  if (gift) return { giftId: gift.id, fundId: gift.fundId, reference };
  const fund = db.select({ id: giftFunds.id }).from(giftFunds).where(eq(giftFunds.reference, reference)).get();
  return fund ? { fundId: fund.id, reference } : "review";
}

type StoredCredit = { id: string; date: string; amount: number; currency: string; payer: string | null; reference: string | null };

/**
 * Called by the import for each new transaction before the party matching:
 * "booked" (the gift is received), "unmatched" (a gift reference, left for
 * the host on review) or null (not a gift). Inside the import's transaction.
 */
export function bookGiftCredit(tx: StoredCredit, actor: Actor = "admin"): "booked" | "unmatched" | null {
  if (tx.amount <= 0 || tx.currency !== "EUR") return null;
  const target = giftForReference(tx.reference);
  if (!target) return null;
  if (target === "review") return "unmatched";
  const pledge = target.giftId ? db.select().from(gifts).where(eq(gifts.id, target.giftId)).get() : undefined;
  const fund = db.select({ title: giftFunds.title }).from(giftFunds).where(eq(giftFunds.id, target.fundId)).get()!;
  const received = { status: "received" as const, receivedAmount: tx.amount, receivedAt: tx.date, bankTransactionId: tx.id };
  let giver: string;
  let partyId: string | null = null;
  if (pledge && pledge.status === "promised") {
    db.update(gifts).set(received).where(eq(gifts.id, pledge.id)).run();
    giver = pledge.giverName;
    partyId = pledge.partyId;
  } else {
    // No pledge (the fund's reference typed by hand), or a second transfer for a pledge already received: a gift of its own.
    giver = pledge?.giverName ?? tx.payer ?? "Unknown giver";
    partyId = pledge?.partyId ?? null;
    db.insert(gifts).values({ fundId: target.fundId, partyId, guestId: pledge?.guestId ?? null, language: pledge?.language ?? "en", giverName: giver.slice(0, 200), amount: tx.amount, ...received }).run();
  }
  const reason = `${GIFT_REASON_PREFIX}${target.reference}: ${centsToEuroText(tx.amount)} to "${fund.title}"`.slice(0, 500);
  db.update(bankTransactions).set({ status: "ignored", ignoreReason: reason, proposedPartyId: null }).where(eq(bankTransactions.id, tx.id)).run();
  recordActivity({ actor, kind: "gift", partyId, summary: `Gift received from the bank statement: ${centsToEuroText(tx.amount)} from ${giver} to "${fund.title}" (${target.reference}${pledge ? "" : ", no pledge"}); not a payment, no balance changed` });
  return "booked";
}

/**
 * Gifts whose bank transaction the host put back in review (undo) or that is
 * gone: a pledge is promised again, a gift without pledge is removed. One
 * statement each, before any read of gifts.
 */
export function releaseUndoneGifts() {
  const stillGift = sql`exists (select 1 from ${bankTransactions} t where t.id = ${gifts.bankTransactionId} and t.status = 'ignored' and t.ignore_reason like ${`${GIFT_REASON_PREFIX}%`})`;
  const undone = db.select({ id: gifts.id, reference: gifts.reference }).from(gifts).where(and(eq(gifts.status, "received"), sql`not ${stillGift}`)).all();
  if (undone.length === 0) return;
  const pledges = undone.filter((g) => g.reference).map((g) => g.id);
  const handTyped = undone.filter((g) => !g.reference).map((g) => g.id);
  if (pledges.length) db.update(gifts).set({ status: "promised", receivedAmount: null, receivedAt: null, bankTransactionId: null }).where(inArray(gifts.id, pledges)).run();
  if (handTyped.length) db.delete(gifts).where(and(inArray(gifts.id, handTyped), isNotNull(gifts.receivedAt))).run();
}
