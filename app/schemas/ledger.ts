import { z } from "zod";
import { parseEuroAmount, PAYMENT_METHODS } from "../utils/money";
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

export const EURO_AMOUNT_MESSAGE = "Enter an amount in euro, e.g. 240,00";

/** What the host types on Payment Status ("1.234,56", "240", "-50"), read into cents by string work. */
const euroText = (message: string) =>
  z
    .string({ error: EURO_AMOUNT_MESSAGE })
    .transform((text, ctx) => {
      const amount = parseEuroAmount(text);
      if (amount === null) {
        ctx.addIssue({ code: "custom", message: EURO_AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(cents(message));

const partyIdField = z.string({ error: "Party is required" }).min(1, "Party is required").max(100);
const rowId = z.string({ error: "Missing id" }).min(1, "Missing id").max(100);

/** The Payment Status page's ledger forms (issue 25): record a payment, add a charge, and undo either. */
export const ledgerPageActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-payment"),
    partyId: partyIdField,
    amount: euroText(AMOUNT_POSITIVE).refine((n) => n > 0, AMOUNT_POSITIVE),
    date: calendarDate(),
    method: z.enum(PAYMENT_METHODS, { error: METHOD_MESSAGE }),
    note: optionalText(500),
  }),
  z.object({
    intent: z.literal("add-charge"),
    partyId: partyIdField,
    label: requiredText("Label is required", 200),
    amount: euroText(AMOUNT_NOT_ZERO).refine((n) => n !== 0, AMOUNT_NOT_ZERO),
  }),
  z.object({ intent: z.literal("remove-payment"), id: rowId }),
  z.object({ intent: z.literal("remove-charge"), id: rowId }),
]);
export const LEDGER_PAGE_INTENTS = ["add-payment", "add-charge", "remove-payment", "remove-charge"];
