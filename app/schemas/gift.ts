import { z } from "zod";
import { calendarDate, idField, optionalText, requiredText } from "./fields";

/* Issue 40: a gift fund as sent to POST /api/gift-funds and PATCH /api/gift-funds/{id}; a guest's pledge; the host's thanks. Money is cents. */

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const optionalDate = (name: string) =>
  z
    .union([calendarDate(`${name} must be a date YYYY-MM-DD`), z.literal("")], { error: `${name} must be a date YYYY-MM-DD` })
    .nullish()
    .transform((v) => v || null);

export const GOAL_MESSAGE = "The goal must be a whole number of cents between 100 and 10000000000, or empty";
export const IMAGE_MESSAGE = "The picture must be an uploaded image (/uploads/...)";
export const DATES_MESSAGE = "The closing date must be after the opening date";

const fundFields = {
  title: requiredText("Please enter a title"),
  titlePt: optionalText(200),
  text: optionalText(2000),
  textPt: optionalText(2000),
  imageId: optionalText(300).refine((v) => v === null || /^\/uploads\/[A-Za-z0-9._-]+$/.test(v), IMAGE_MESSAGE),
  goal: z.number({ error: GOAL_MESSAGE }).int(GOAL_MESSAGE).min(100, GOAL_MESSAGE).max(10_000_000_000, GOAL_MESSAGE).nullish().transform((v) => v ?? null),
  showTotal: flag("showTotal"),
  showNames: flag("showNames"),
  opensAt: optionalDate("opensAt"),
  closesAt: optionalDate("closesAt"),
};

const datesInOrder = (v: { opensAt?: string | null; closesAt?: string | null }) => !v.opensAt || !v.closesAt || v.closesAt > v.opensAt;

export const giftFundSchema = z.object(fundFields).strict().refine(datesInOrder, { message: DATES_MESSAGE, path: ["closesAt"] });
export const giftFundPatchSchema = z.object(fundFields).partial().strict().refine(datesInOrder, { message: DATES_MESSAGE, path: ["closesAt"] });
export type GiftFundInput = z.output<typeof giftFundSchema>;

export const AMOUNT_MESSAGE = "Give a whole number of euros, at least 1";
export const MAX_GIFT_CENTS = 100_000_000;

/** Whole euros, at least 1, in cents. */
export const giftAmount = z
  .number({ error: AMOUNT_MESSAGE })
  .int(AMOUNT_MESSAGE)
  .min(100, AMOUNT_MESSAGE)
  .max(MAX_GIFT_CENTS, AMOUNT_MESSAGE)
  .refine((v) => v % 100 === 0, AMOUNT_MESSAGE);

export const pledgeSchema = z
  .object({
    fundId: idField("Choose a fund"),
    amount: giftAmount,
    message: optionalText(1000),
  })
  .strict();
export type PledgeInput = z.output<typeof pledgeSchema>;

export const giftPatchSchema = z
  .object({
    thanked: flag("thanked"),
    /** The host's thank-you note: mailed to the giver, in their language, when thanked is true. */
    note: optionalText(5000),
  })
  .strict();

export const giftListQuery = z.object({ fundId: idField("fundId is required") });
