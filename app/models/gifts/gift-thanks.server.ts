import { and, eq, isNotNull } from "drizzle-orm";
import { giftFunds, guests, parties } from "../../../db/schema";
import { db, immediate } from "../../db.server";
import { fmt } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { formatCents } from "~/utils/format";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { linesHtml, mailDocument } from "../mail-html";
import { enqueueMail } from "../outbox.server";
import type { Actor } from "../activity.server";
import { requireGift, setGiftThanked, type Gift } from "./gifts.server";

/*
 * Issue 40 item 4: the thanked tick, and the host's thank-you note mailed to
 * the giver in the giver's language (the host writes the text; the mail
 * replies to the host). A gift without a known giver's address (a transfer
 * with no pledge) is ticked without mail.
 */

function giverAddresses(gift: Gift): string[] {
  if (gift.guestId) {
    const g = db.select({ email: guests.email }).from(guests).where(eq(guests.id, gift.guestId)).get();
    if (g?.email) return [g.email];
  }
  if (!gift.partyId) return [];
  const p = db.select({ email: parties.primaryEmail }).from(parties).where(eq(parties.id, gift.partyId)).get();
  if (p?.email) return [p.email];
  return db.select({ email: guests.email }).from(guests).where(and(eq(guests.partyId, gift.partyId), isNotNull(guests.email))).all().map((g) => g.email!);
}

/** PATCH /api/gifts/{id} and the host's page: {gift, mailed}; a note with thanked true is mailed once per call. */
export function thankGift(id: string, input: { thanked: boolean; note?: string | null }, actor: Actor = "admin") {
  return immediate(() => {
    const before = requireGift(id);
    const gift = setGiftThanked(id, input.thanked, actor);
    const note = input.thanked ? input.note?.trim() : "";
    if (!note) return { gift, mailed: false };
    const to = giverAddresses(before);
    if (to.length === 0) return { gift, mailed: false };
    const fund = db.select({ title: giftFunds.title, titlePt: giftFunds.titlePt }).from(giftFunds).where(eq(giftFunds.id, gift.fundId)).get()!;
    const lang = gift.language;
    const t = messagesFor(lang);
    const fundTitle = (lang === "pt" && fund.titlePt) || fund.title;
    const lines = [fmt(t.email.greeting, { name: gift.giverName }), "", ...note.split(/\r?\n/), "", fmt(t.gifts.thanksGift, { amount: formatCents(gift.receivedAmount ?? gift.amount, lang), fund: fundTitle })];
    const row = enqueueMail({
      to,
      subject: t.gifts.thanksSubject,
      text: `${lines.join("\n")}\n`,
      html: mailDocument(t.gifts.thanksSubject, lang, linesHtml(lines)),
      send: mailSendingEnabled(),
      kind: "gift-thanks",
      partyId: gift.partyId,
      guestId: gift.guestId,
    });
    if (row.status === "pending") kickMailer();
    return { gift, mailed: true };
  });
}
