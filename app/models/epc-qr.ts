import { centsToDecimal } from "../utils/money";

/*
 * The European Payments Council's QR code for a SEPA credit transfer
 * (EPC069-12, version 002), which banking apps across the euro area read.
 * Lines, separated by LF: service tag BCD, version 002, character set 1
 * (UTF-8), identification SCT, BIC (optional in 002), beneficiary name (at
 * most 70), IBAN, amount "EUR" + decimal with a point (0.01 to 999999999.99),
 * purpose (empty), structured reference (empty: ours is not an ISO 11649 RF
 * reference), unstructured remittance (at most 140): the party's reference.
 * Trailing empty elements are left out, as the standard allows.
 */
export type EpcTransfer = { bic: string | null; holder: string; iban: string; amountCents: number; reference: string };

export function epcPayload(t: EpcTransfer): string | null {
  if (t.amountCents < 1 || t.amountCents > 99_999_999_999) return null;
  const holder = t.holder.trim().slice(0, 70);
  const iban = t.iban.replace(/\s+/g, "").toUpperCase();
  if (!holder || !iban) return null;
  return ["BCD", "002", "1", "SCT", (t.bic ?? "").replace(/\s+/g, "").toUpperCase(), holder, iban, `EUR${centsToDecimal(t.amountCents)}`, "", "", t.reference.slice(0, 140)].join("\n");
}
