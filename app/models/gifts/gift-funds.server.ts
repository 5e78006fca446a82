import { asc, eq, sql } from "drizzle-orm";
import { giftFunds, gifts } from "../../../db/schema";
import { db, hasChanges, immediate } from "../../db.server";
import { DATES_MESSAGE, type GiftFundInput } from "../../schemas/gift";
import { NotFoundError, ValidationError } from "../../utils/errors";
import { lisbonDate } from "../../utils/lisbon-time";
import { recordActivity, type Actor } from "../activity.server";
import { freeGiftReference } from "./gift-reference.server";

/*
 * Issue 40: the host's gift funds. A fund is open from opensAt (inclusive)
 * until closesAt (the day it closes, exclusive); either may be empty. A fund
 * with gifts is closed (closesAt = today), never deleted, so no gift loses
 * its fund.
 */

export type GiftFund = typeof giftFunds.$inferSelect;

export function listGiftFunds(): GiftFund[] {
  return db.select().from(giftFunds).orderBy(asc(giftFunds.createdAt)).all();
}

export function requireGiftFund(id: string): GiftFund {
  const fund = db.select().from(giftFunds).where(eq(giftFunds.id, id)).get();
  if (!fund) throw new NotFoundError("Gift fund not found");
  return fund;
}

export const isFundOpen = (f: Pick<GiftFund, "opensAt" | "closesAt">, today = lisbonDate()) => (!f.opensAt || f.opensAt <= today) && (!f.closesAt || today < f.closesAt);

/** The API's fund: amounts in cents. */
export const toApiGiftFund = ({ id, title, titlePt, text, textPt, imageId, goal, showTotal, showNames, opensAt, closesAt, reference }: GiftFund) => ({
  id,
  title,
  titlePt,
  text,
  textPt,
  imageId,
  goal,
  showTotal,
  showNames,
  opensAt,
  closesAt,
  reference,
  open: isFundOpen({ opensAt, closesAt }),
});

export function createGiftFund(input: GiftFundInput, actor: Actor = "admin"): GiftFund {
  return immediate(() => {
    const fund = db.insert(giftFunds).values({ ...input, reference: freeGiftReference() }).returning().get();
    recordActivity({ actor, kind: "gift", summary: `Gift fund "${fund.title}" created (${fund.reference})` });
    return fund;
  });
}

export function updateGiftFund(id: string, changes: Partial<GiftFundInput>, actor: Actor = "admin"): GiftFund {
  return immediate(() => {
    const before = requireGiftFund(id);
    // An empty PATCH (no field at all) changes nothing and is answered with the fund as stored.
    if (!hasChanges(changes)) return before;
    const after = { ...before, ...changes };
    // A PATCH of one date is checked against the other as stored.
    if (after.opensAt && after.closesAt && after.closesAt <= after.opensAt) throw new ValidationError(DATES_MESSAGE, { closesAt: [DATES_MESSAGE] });
    const fund = db.update(giftFunds).set(changes).where(eq(giftFunds.id, id)).returning().get()!;
    recordActivity({ actor, kind: "gift", summary: `Gift fund "${fund.title}" changed` });
    return fund;
  });
}

/** Deletes a fund without gifts; one with gifts is closed from today instead. */
export function deleteGiftFund(id: string, actor: Actor = "admin"): { id: string; deleted: boolean; closed: boolean } {
  return immediate(() => {
    const fund = requireGiftFund(id);
    const count = db.select({ n: sql<number>`count(*)` }).from(gifts).where(eq(gifts.fundId, id)).get()?.n ?? 0;
    if (count > 0) {
      const today = lisbonDate();
      const closesAt = fund.closesAt && fund.closesAt <= today ? fund.closesAt : today;
      db.update(giftFunds).set({ closesAt, opensAt: fund.opensAt && fund.opensAt >= closesAt ? null : fund.opensAt }).where(eq(giftFunds.id, id)).run();
      recordActivity({ actor, kind: "gift", summary: `Gift fund "${fund.title}" closed (it has ${count} ${count === 1 ? "gift" : "gifts"}, so it is kept)` });
      return { id, deleted: false, closed: true };
    }
    db.delete(giftFunds).where(eq(giftFunds.id, id)).run();
    recordActivity({ actor, kind: "gift", summary: `Gift fund "${fund.title}" deleted` });
    return { id, deleted: true, closed: false };
  });
}
