import { BanknoteIcon, ExternalLinkIcon, LandmarkIcon, SmartphoneIcon } from "./icons";
import { fmt, useLang, useT } from "~/i18n";
import type { GuestPayment } from "~/models/host-texts";
import type { PaymentSummary } from "~/models/payment-summary";
import { formatDate, formatEuro, formatIban } from "~/utils/format";

/** The amounts: one line per room not declined, the total and the deadline (SPEC.md 9). */
export function PaymentAmounts({ summary }: { summary: PaymentSummary }) {
  const t = useT().guest;
  const lang = useLang();
  if (!summary.lines.length) return <p className="text-muted-foreground">{t.noRoomsToPay}</p>;
  return (
    <div data-testid="payment-amounts">
      <p className="text-muted-foreground">{t.paymentIntro}</p>
      <ul className="mt-4 divide-y divide-dashed divide-ink/15 border-y border-dashed border-ink/15">
        {summary.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <div>
              <p className="font-semibold">
                {fmt(t.roomsLine, { quantity: l.quantity, name: l.name })}
                {l.isPaid ? <span className="ml-2 text-sm font-semibold text-info">({t.paid})</span> : null}
                {l.status === "pending" ? <span className="ml-2 text-sm font-normal text-muted-foreground">({t.awaitingDecision})</span> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {fmt(t.perNight, { amount: formatEuro(l.perNight, lang) })} · {t.nights}
              </p>
            </div>
            <p className="font-semibold tabular-nums">{formatEuro(l.lineTotal, lang)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-display text-2xl font-semibold">{t.totalCost}</span>
        <span data-testid="payment-total" className="font-display text-3xl font-semibold text-wine lining-nums tabular-nums">
          {formatEuro(summary.total, lang)}
        </span>
      </p>
      {summary.deadline ? (
        <p className="mt-2 rounded-xl bg-terracotta/10 px-4 py-3 text-base">
          <span className="font-semibold">{t.paymentDeadline}: </span>
          <span data-testid="payment-deadline">{formatDate(summary.deadline, lang)}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * How to pay, as the host set it on the Event Configuration page, with the
 * reference to write on the payment: the invitation code for a session that
 * signed in with it, otherwise `reference` (not a sign-in secret, issue 15);
 * until the host sets it, "The host will send payment details" (never a
 * placeholder account).
 */
export function PaymentMethods({ code, reference, payment }: { code: string | null; reference?: string | null; payment: GuestPayment | null }) {
  const t = useT().guest;
  const heading = "flex items-center gap-2 font-semibold text-ink";
  if (!payment) {
    return (
      <div className="space-y-3" data-testid="payment-methods">
        <h3 className="font-display text-2xl font-semibold">{t.howToPay}</h3>
        <p className="rounded-xl bg-wine/5 px-4 py-3 font-semibold text-wine ring-1 ring-wine/15">{t.paymentPending}</p>
      </div>
    );
  }
  const { transfer, bank, mobile, note } = payment;
  const bankRows = bank
    ? ([
        [t.accountHolder, bank.holder],
        [t.iban, formatIban(bank.iban)],
        [t.bic, bank.bic],
        [t.bank, bank.bankName],
        [t.bankAddress, bank.bankAddress],
      ].filter(([, v]) => v) as [string, string][])
    : [];
  return (
    <div className="space-y-5" data-testid="payment-methods">
      <h3 className="font-display text-2xl font-semibold">{t.howToPay}</h3>
      <p className="rounded-xl bg-wine/5 px-4 py-3 font-semibold text-wine ring-1 ring-wine/15">
        {code ? fmt(t.referenceReminder, { code }) : reference ? fmt(t.referenceReminderRef, { reference }) : t.referenceReminderName}
      </p>
      {bank ? (
        <div>
          <p className={heading}>
            <LandmarkIcon aria-hidden="true" className="size-5 text-olive" />
            {t.bankTransfer}
          </p>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-base sm:grid-cols-[auto_1fr]">
            {bankRows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-sm text-muted-foreground sm:text-base">{k}</dt>
                <dd className="mb-1 font-medium break-words sm:mb-0">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {transfer ? (
        <div>
          <p className={heading}>
            <BanknoteIcon aria-hidden="true" className="size-5 text-olive" />
            {t.moneyTransfer}
          </p>
          <p className="mt-1 text-base">{fmt(t.moneyTransferText, { provider: transfer.provider })}</p>
          <a
            href={transfer.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex min-h-11 items-center gap-1.5 font-semibold text-wine underline underline-offset-4 focus-visible:ring-4 focus-visible:ring-wine/35 focus-visible:outline-none"
          >
            {fmt(t.openPaymentLink, { provider: transfer.provider })}
            <ExternalLinkIcon aria-hidden="true" className="size-4" />
          </a>
        </div>
      ) : null}
      {mobile ? (
        <div>
          <p className={heading}>
            <SmartphoneIcon aria-hidden="true" className="size-5 text-olive" />
            {t.mobilePayment}
          </p>
          <p className="mt-1 text-base">
            {mobile.app || mobile.holder
              ? fmt(t.mobilePaymentText, { app: mobile.app ?? "", phone: mobile.phone, holder: mobile.holder ?? "" }).replace(" ()", "")
              : mobile.phone}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{t.exchangeRateNote}</p>
        </div>
      ) : null}
      {note ? <p className="text-base whitespace-pre-line">{note}</p> : null}
    </div>
  );
}

export function PaymentInfo({
  summary,
  code,
  reference,
  payment,
}: {
  summary: PaymentSummary;
  code: string | null;
  reference?: string | null;
  payment: GuestPayment | null;
}) {
  return (
    <div className="space-y-8">
      <PaymentAmounts summary={summary} />
      <PaymentMethods code={code} reference={reference} payment={payment} />
    </div>
  );
}
