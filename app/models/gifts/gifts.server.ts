import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { giftFunds, gifts, guests, parties } from "../../../db/schema";
import { db, immediate } from "../../db.server";
import type { PledgeInput } from "../../schemas/gift";
import { ConflictError, NotFoundError } from "../../utils/errors";
import { centsToEuroText } from "../../utils/money";
import { recordActivity, type Actor } from "../activity.server";
import type { GuestIdentity } from "../identity";
import { isFundOpen, listGiftFunds, requireGiftFund, type GiftFund } from "./gift-funds.server";
import { releaseUndoneGifts } from "./gift-match.server";
import { freeGiftReference } from "./gift-reference.server";

/*
 * Issue 40: gifts. A guest's pledge is "promised" with its own G40-XXXX
 * reference; the statement import makes it "received". Nothing here touches
 * the party's ledger: a gift is never owed and never pays a balance.
 */

export type Gift = typeof gifts.$inferSelect;
type Lang = "en" | "pt";

/** Suggested amounts on the giving page, in cents. */
export const SUGGESTED_GIFT_AMOUNTS = [2_500, 5_000, 10_000, 20_000];

/** Who gives: the party or the guest signed in, with their name, e-mail and language (for the thank-you). */
function giverOf(identity: GuestIdentity) {
  if (identity.type === "party") {
    const p = db.select({ name: parties.name, email: parties.primaryEmail, language: parties.language }).from(parties).where(eq(parties.id, identity.id)).get();
    if (!p) throw new NotFoundError("Party not found");
    return { partyId: identity.id, guestId: null, giverName: p.name, language: p.language };
  }
  const g = db.select({ partyId: guests.partyId, firstName: guests.firstName, lastName: guests.lastName, language: guests.language }).from(guests).where(eq(guests.id, identity.id)).get();
  if (!g) throw new NotFoundError("Guest not found");
  return { partyId: g.partyId, guestId: identity.id, giverName: `${g.firstName} ${g.lastName}`.trim(), language: g.language };
}

/** POST /api/my-gifts and the giving form: a pledge to an open fund, "promised" until the statement shows it. */
export function pledgeGift(identity: GuestIdentity, input: PledgeInput, actor: Actor = "guest"): Gift {
  return immediate(() => {
    const fund = db.select().from(giftFunds).where(eq(giftFunds.id, input.fundId)).get();
    if (!fund) throw new NotFoundError("Gift fund not found");
    if (!isFundOpen(fund)) throw new ConflictError("This fund is not open for gifts.");
    const giver = giverOf(identity);
    const gift = db
      .insert(gifts)
      .values({ ...giver, fundId: fund.id, amount: input.amount, message: input.message, reference: freeGiftReference(), status: "promised" })
      .returning()
      .get();
    recordActivity({ actor, kind: "gift", partyId: giver.partyId, summary: `${giver.giverName} promised a gift of ${centsToEuroText(gift.amount)} to "${fund.title}" (${gift.reference})` });
    return gift;
  });
}

const ownGifts = (identity: GuestIdentity) => (identity.type === "party" ? eq(gifts.partyId, identity.id) : eq(gifts.guestId, identity.id));

const localized = (en: string | null, pt: string | null, lang: Lang) => (lang === "pt" && pt ? pt : en);

/** The guest's own gifts (GET /api/my-gifts), newest first: never another giver's. */
export function myGifts(identity: GuestIdentity, lang: Lang = "en") {
  releaseUndoneGifts();
  return db
    .select({ g: gifts, title: giftFunds.title, titlePt: giftFunds.titlePt })
    .from(gifts)
    .innerJoin(giftFunds, eq(giftFunds.id, gifts.fundId))
    .where(ownGifts(identity))
    .orderBy(desc(gifts.createdAt))
    .all()
    .map(({ g, title, titlePt }) => ({
      id: g.id,
      fundId: g.fundId,
      fundTitle: localized(title, titlePt, lang)!,
      amount: g.amount,
      receivedAmount: g.receivedAmount,
      message: g.message,
      reference: g.reference,
      status: g.status,
      receivedAt: g.receivedAt,
      createdAt: g.createdAt,
    }));
}
export type MyGift = ReturnType<typeof myGifts>[number];

/** Received totals and givers per fund: what a guest may read of others' gifts (the sum, names or a count). */
function receivedByFund() {
  const rows = db
    .select({ fundId: gifts.fundId, giverName: gifts.giverName, amount: gifts.receivedAmount })
    .from(gifts)
    .where(eq(gifts.status, "received"))
    .orderBy(asc(gifts.receivedAt))
    .all();
  const by = new Map<string, { total: number; names: string[] }>();
  for (const r of rows) {
    const f = by.get(r.fundId) ?? { total: 0, names: [] };
    f.total += r.amount ?? 0;
    if (!f.names.includes(r.giverName)) f.names.push(r.giverName);
    by.set(r.fundId, f);
  }
  return by;
}

/** The funds a guest sees: open ones, in their language; a total only when shown, names only when shown (else a count). */
export function guestGiftFunds(lang: Lang = "en") {
  releaseUndoneGifts();
  const received = receivedByFund();
  return listGiftFunds()
    .filter((f) => isFundOpen(f))
    .map((f) => {
      const r = received.get(f.id) ?? { total: 0, names: [] };
      return {
        id: f.id,
        title: localized(f.title, f.titlePt, lang)!,
        text: localized(f.text, f.textPt, lang),
        imageId: f.imageId,
        goal: f.showTotal ? f.goal : null,
        total: f.showTotal ? r.total : null,
        givers: f.showNames ? r.names : null,
        giverCount: r.names.length,
        closesAt: f.closesAt,
      };
    });
}
export type GuestGiftFund = ReturnType<typeof guestGiftFunds>[number];

/** GET /api/gifts?fundId= and the host's page: every gift of a fund, newest first. */
export function listGifts(fundId: string) {
  requireGiftFund(fundId);
  releaseUndoneGifts();
  return db.select().from(gifts).where(eq(gifts.fundId, fundId)).orderBy(desc(gifts.createdAt)).all();
}

export const toApiGift = (g: Gift) => ({
  id: g.id,
  fundId: g.fundId,
  partyId: g.partyId,
  guestId: g.guestId,
  giverName: g.giverName,
  language: g.language,
  amount: g.amount,
  receivedAmount: g.receivedAmount,
  message: g.message,
  reference: g.reference,
  status: g.status,
  receivedAt: g.receivedAt,
  thanked: !!g.thankedAt,
  thankedAt: g.thankedAt,
  bankTransactionId: g.bankTransactionId,
  createdAt: g.createdAt,
});

/** Per fund: promised (pledges not yet arrived), received, how many gifts. */
export function giftFundTotals(): Map<string, { promised: number; received: number; count: number }> {
  releaseUndoneGifts();
  const rows = db
    .select({
      fundId: gifts.fundId,
      promised: sql<number>`coalesce(sum(case when ${gifts.status} = 'promised' then ${gifts.amount} end), 0)`,
      received: sql<number>`coalesce(sum(${gifts.receivedAmount}), 0)`,
      count: sql<number>`count(*)`,
    })
    .from(gifts)
    .groupBy(gifts.fundId)
    .all();
  return new Map(rows.map((r) => [r.fundId, { promised: r.promised, received: r.received, count: r.count }]));
}

export function requireGift(id: string): Gift {
  const gift = db.select().from(gifts).where(eq(gifts.id, id)).get();
  if (!gift) throw new NotFoundError("Gift not found");
  return gift;
}

/** Every fund's gifts, for the CSV. */
export function giftsOfFunds(funds: GiftFund[]) {
  if (funds.length === 0) return [];
  releaseUndoneGifts();
  return db.select().from(gifts).where(inArray(gifts.fundId, funds.map((f) => f.id))).orderBy(asc(gifts.fundId), asc(gifts.createdAt)).all();
}

/** Sets or clears the thanked tick. */
export function setGiftThanked(id: string, thanked: boolean, actor: Actor = "admin"): Gift {
  return immediate(() => {
    const gift = requireGift(id);
    const thankedAt = thanked ? (gift.thankedAt ?? new Date().toISOString()) : null;
    const after = db.update(gifts).set({ thankedAt }).where(eq(gifts.id, id)).returning().get()!;
    if (!!gift.thankedAt !== thanked) {
      const which = gift.reference ? `Gift ${gift.reference}` : "Gift";
      recordActivity({ actor, kind: "gift", partyId: gift.partyId, summary: `${which} from ${gift.giverName} marked ${thanked ? "thanked" : "not thanked"}` });
    }
    return after;
  });
}
