import { z } from "zod";
import { BANK_TRANSACTION_STATUSES } from "../utils/money";
import { requiredText } from "./fields";

/*
 * Issue 25 item 4, the bank statements' API bodies (amounts in cents) and the
 * CSV column mapping, shared by the /api routes and the admin pages.
 */
const MAX_CENTS = 100_000_000;
export const SPLIT_AMOUNT_MESSAGE = "Each amount must be more than 0";
const column = z.string({ error: "A column is named by its header text" }).trim().max(200).optional().transform((v) => v || undefined);

export const csvMappingSchema = z.object({
  date: column,
  amount: column,
  credit: column,
  debit: column,
  direction: column,
  payer: column,
  reference: column,
  currency: column,
  id: column,
  // "" kept: the host cleared the state column (absent: State or Status is read).
  state: z.string({ error: "A column is named by its header text" }).trim().max(200).optional(),
  // Issue 35: which of a slash date's numbers is the day, when the file's dates cannot tell ("" lets the file tell).
  dayOrder: z
    .enum(["day-month", "month-day", ""], { error: "dayOrder must be day-month or month-day" })
    .optional()
    .transform((v) => v || undefined),
});

export const bookSchema = z.union(
  [
    z.object({ partyId: requiredText("partyId is required", 100) }).strict(),
    z
      .object({
        split: z
          .array(
            z.object({
              partyId: requiredText("partyId is required", 100),
              amount: z.number({ error: SPLIT_AMOUNT_MESSAGE }).int(SPLIT_AMOUNT_MESSAGE).min(1, SPLIT_AMOUNT_MESSAGE).max(MAX_CENTS, SPLIT_AMOUNT_MESSAGE),
            }),
            { error: "split must be a list of {partyId, amount}" },
          )
          .min(1, "Name at least one party")
          .max(20, "At most 20 parties"),
      })
      .strict(),
  ],
  { error: "Send {partyId} or {split: [{partyId, amount}]}" },
);

export const ignoreSchema = z.object({ reason: requiredText("Say why it is ignored", 200) });

// "reversed" (decision 072): booked transactions a later statement reports reversed, waiting for the host.
const BANK_LIST_FILTERS = [...BANK_TRANSACTION_STATUSES, "reversed"] as const;
export const bankStatusSchema = z.enum(BANK_LIST_FILTERS, { error: `status must be one of ${BANK_LIST_FILTERS.join(", ")}` });

/** GET /api/bank-transactions?status=&limit=&offset= (issue 35: limit default 100, at most 1,000). */
export const bankListQuerySchema = z.object({
  status: bankStatusSchema.optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be between 1 and 1000").max(1000, "limit must be between 1 and 1000").default(100),
  offset: z.coerce.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be 0 or more").max(10_000_000, "offset is too large").default(0),
});
