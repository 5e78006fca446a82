import { fmt, useLang, useT } from "~/i18n";
import type { GiftTransfer } from "~/models/gifts/gift-transfer.server";
import { formatCents, formatIban } from "~/utils/format";

/** After a pledge: the host's bank details, the gift's reference and the EPC QR code with amount and reference. */
export function GiftTransferBox({ transfer, qr }: { transfer: GiftTransfer; qr: string | null }) {
  const g = useT().gifts;
  const lang = useLang();
  const amount = formatCents(transfer.amount, lang);
  return (
    <section id="transfer" aria-labelledby="transfer-heading" className="space-y-3 rounded-xl bg-limestone px-5 py-4" data-testid="gift-transfer">
      <h3 id="transfer-heading" className="font-display text-xl font-semibold">
        {g.transferTitle}
      </h3>
      <p>{fmt(g.transferHint, { amount, reference: transfer.reference })}</p>
      <dl className="space-y-1">
        <div>
          <dt className="inline font-semibold">IBAN: </dt>
          <dd className="inline whitespace-nowrap">{formatIban(transfer.iban)}</dd>
        </div>
        {transfer.bic ? (
          <div>
            <dt className="inline font-semibold">BIC: </dt>
            <dd className="inline">{transfer.bic}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        {transfer.holder}
        {transfer.bankName ? ` · ${transfer.bankName}` : ""}
      </p>
      <p className="font-semibold" data-testid="gift-reference">
        {fmt(g.reference, { reference: transfer.reference })}
      </p>
      {qr ? <img src={qr} width={180} height={180} data-testid="gift-qr" alt={fmt(g.qrAlt, { amount, holder: transfer.holder, reference: transfer.reference })} /> : null}
    </section>
  );
}
