import { eq, isNotNull, and } from "drizzle-orm";
import { guests, parties } from "../../db/schema";
import { db } from "../db.server";
import { fmt } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { formatCents, formatDayMonth } from "~/utils/format";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { getEventConfig } from "./event-config.server";
import { localizeEventConfig } from "./host-texts";
import { linesHtml, mailDocument } from "./mail-html";
import { enqueueMail } from "./outbox.server";

/**
 * Issue 25: a booked payment mails the party a receipt in its language, on
 * the priority lane ("We received €240.00 on 3 March. Balance: €0.00."), to
 * its primary e-mail, else its members'. Queued inside the booking's
 * transaction (the sender is woken after it, setImmediate), never throwing:
 * the payment is booked whatever happens to its mail.
 */
export function queuePaymentReceipt(p: { partyId: string; amount: number; date: string }, balance: number, reference: string) {
  try {
    const party = db.select({ language: parties.language, primaryEmail: parties.primaryEmail, name: parties.name }).from(parties).where(eq(parties.id, p.partyId)).get();
    if (!party) return null;
    const to = party.primaryEmail
      ? [party.primaryEmail]
      : db.select({ email: guests.email }).from(guests).where(and(eq(guests.partyId, p.partyId), isNotNull(guests.email))).all().map((g) => g.email!);
    const lang = party.language;
    const t = messagesFor(lang);
    const title = localizeEventConfig(getEventConfig(), lang).eventTitle;
    // Paid beyond what is due (or with nothing due): a credit in the party's favour, never a negative "balance".
    const line = fmt(balance < 0 ? t.ledger.receiptLineCredit : t.ledger.receiptLine, {
      amount: formatCents(p.amount, lang),
      date: formatDayMonth(p.date, lang),
      balance: formatCents(Math.abs(balance), lang),
    });
    const lines = [fmt(t.email.greeting, { name: party.name }), "", line, fmt(t.ledger.yourReference, { reference }), "", t.ledger.receiptThanks];
    const row = enqueueMail({
      to,
      subject: fmt(t.ledger.receiptSubject, { title }),
      text: `${lines.join("\n")}\n`,
      html: mailDocument(title, lang, linesHtml(lines)),
      send: mailSendingEnabled(),
      kind: "payment-receipt",
      partyId: p.partyId,
    });
    if (row.status === "pending") kickMailer();
    return row;
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "could not queue the payment receipt", error: String(error) }));
    return null;
  }
}
