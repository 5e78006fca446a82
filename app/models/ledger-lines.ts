import { fmt, type Lang } from "../i18n";
import { messagesFor } from "../i18n/messages";
import { formatCents, formatDate } from "../utils/format";

/**
 * Issue 25: the ledger as e-mail lines (confirmation and reminder), in the
 * reader's language: due, each payment received with its date, the balance
 * (or credit), the payment deadline while something is open, the reference.
 */
export function ledgerMailLines(
  ledger: { due: number; paid: number; balance: number; reference: string; payments: { amount: number; date: string }[] },
  deadline: string | null,
  lang: Lang,
) {
  const l = messagesFor(lang).ledger;
  const money = (c: number) => formatCents(c, lang);
  const lines = [fmt(l.mailDue, { amount: money(ledger.due) })];
  for (const p of ledger.payments) lines.push(fmt(l.mailPayment, { amount: money(p.amount), date: formatDate(p.date, lang) }));
  lines.push(ledger.balance < 0 ? fmt(l.mailCredit, { amount: money(-ledger.balance) }) : fmt(l.mailBalance, { amount: money(ledger.balance) }));
  if (deadline && ledger.balance > 0) lines.push(fmt(l.mailDeadline, { date: formatDate(deadline, lang) }));
  lines.push(fmt(l.yourReference, { reference: ledger.reference }));
  return lines;
}
