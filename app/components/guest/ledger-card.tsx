import { fmt, useLang, useT } from "~/i18n";
import type { GuestLedger } from "~/models/ledger.server";
import { formatCents, formatDate } from "~/utils/format";

/**
 * Issue 25 on /my-rsvp: what the party owes, each payment received with its
 * date, the balance (or credit), the payment deadline and its reference; with
 * the host's IBAN, the EPC QR code a banking app reads to fill in the transfer.
 */
export function LedgerSummary({
  ledger,
  deadline,
  qr,
  holder,
}: {
  ledger: GuestLedger;
  deadline: string | null;
  qr: string | null;
  holder: string | null;
}) {
  const t = useT();
  const l = t.ledger;
  const lang = useLang();
  const money = (c: number) => formatCents(c, lang);
  const row = "flex flex-wrap items-baseline justify-between gap-2 py-2";
  return (
    <section aria-labelledby="ledger-heading" className="space-y-4" data-testid="ledger">
      <h3 id="ledger-heading" className="font-display text-2xl font-semibold">
        {l.title}
      </h3>
      <dl className="divide-y divide-dashed divide-ink/15 border-y border-dashed border-ink/15 text-base">
        <div className={row}>
          <dt>{l.due}</dt>
          <dd className="font-semibold tabular-nums" data-testid="ledger-due">
            {money(ledger.due)}
          </dd>
        </div>
        {ledger.charges.map((c) => (
          <div key={c.id} className={`${row} text-muted-foreground`}>
            <dt>{c.label}</dt>
            <dd className="tabular-nums">{money(c.amount)}</dd>
          </div>
        ))}
        <div className={row}>
          <dt>{l.paid}</dt>
          <dd className="font-semibold tabular-nums">{money(ledger.paid)}</dd>
        </div>
        <div className={row}>
          <dt className="font-display text-xl font-semibold">{ledger.balance < 0 ? l.credit : l.balance}</dt>
          <dd className="font-display text-2xl font-semibold text-wine tabular-nums" data-testid="ledger-balance">
            {money(Math.abs(ledger.balance))}
          </dd>
        </div>
      </dl>
      <div>
        <p className="font-semibold">{l.payments}</p>
        {ledger.payments.length ? (
          <ul className="mt-1 list-disc pl-6" data-testid="ledger-payments">
            {ledger.payments.map((p) => (
              <li key={p.id}>{fmt(l.paymentOn, { amount: money(p.amount), date: formatDate(p.date, lang) })}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-muted-foreground">{l.noPayments}</p>
        )}
      </div>
      {deadline && ledger.balance > 0 ? (
        <p className="rounded-xl bg-terracotta/10 px-4 py-3">
          <span className="font-semibold">{t.guest.paymentDeadline}: </span>
          {formatDate(deadline, lang)}
        </p>
      ) : null}
      <p className="font-semibold" data-testid="ledger-reference">
        {/* The reference never breaks at its dash (a phone wrapped "C40-" from the rest). */}
        {l.yourReference.split("{reference}")[0]}
        <span className="whitespace-nowrap">{ledger.reference}</span>
        {l.yourReference.split("{reference}")[1]}
      </p>
      {qr ? (
        <figure className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 ring-1 ring-ink/10 sm:flex-row sm:items-start sm:gap-4">
          <img
            src={qr}
            width={180}
            height={180}
            data-testid="epc-qr"
            alt={fmt(l.qrAlt, { amount: money(ledger.balance), holder: holder ?? "", reference: ledger.reference })}
          />
          <figcaption className="text-base">
            <span className="block font-semibold">{l.qrTitle}</span>
            {fmt(l.qrHint, { amount: money(ledger.balance), reference: ledger.reference })}
          </figcaption>
        </figure>
      ) : null}
    </section>
  );
}
