import { z } from "zod";
import { PAYMENT_METHODS } from "../utils/money";
import { calendarDate, optionalText, requiredText } from "./fields";

/*
 * Issue 25, the ledger's API bodies: amounts are integer cents (a discount is
 * a negative charge). The admin page's forms read euros as typed and turn
 * them into cents before the same checks (app/utils/money.ts).
 */
export const AMOUNT_NOT_ZERO = "Amount must be a whole number of cents other than 0";
export const AMOUNT_POSITIVE = "Amount must be more than 0";
export const METHOD_MESSAGE = "Method must be one of bank-transfer, payment-link, mbway, cash, other";
const MAX_CENTS = 100_000_000; // one million euro: far beyond any party, and safely an integer

const cents = (message: string) => z.number({ error: message }).int(message).min(-MAX_CENTS, message).max(MAX_CENTS, message);

export const chargeSchema = z.object({
  label: requiredText("Label is required", 200),
  amount: cents(AMOUNT_NOT_ZERO).refine((n) => n !== 0, AMOUNT_NOT_ZERO),
});

export const paymentSchema = z.object({
  amount: cents(AMOUNT_POSITIVE).refine((n) => n > 0, AMOUNT_POSITIVE),
  date: calendarDate(),
  method: z.enum(PAYMENT_METHODS, { error: METHOD_MESSAGE }),
  note: optionalText(500),
});
