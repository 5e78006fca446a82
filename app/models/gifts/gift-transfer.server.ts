import { epcPayload } from "../epc-qr";
import { getEventConfig } from "../event-config.server";

/**
 * Issue 40: how a guest transfers a gift: the host's bank details (event
 * configuration) and the EPC QR payload with the gift's amount and its
 * G40-XXXX reference; null when the host has set no IBAN.
 */
export function giftTransfer(gift: { amount: number; reference: string | null }) {
  const payment = getEventConfig().payment;
  if (!payment?.iban || !payment.bankHolder || !gift.reference) return null;
  return {
    holder: payment.bankHolder,
    iban: payment.iban,
    bic: payment.bic,
    bankName: payment.bankName,
    amount: gift.amount,
    reference: gift.reference,
    epc: epcPayload({ bic: payment.bic, holder: payment.bankHolder, iban: payment.iban, amountCents: gift.amount, reference: gift.reference }),
  };
}
export type GiftTransfer = NonNullable<ReturnType<typeof giftTransfer>>;
