/*
 * Money is integer cents of euro everywhere (issue 25). These turn cents into
 * text and typed text into cents with string work only, so no floating point
 * ever touches an amount.
 */

/** How a payment came in (issue 25): the API's values, in this order on the forms. */
export const PAYMENT_METHODS = ["bank-transfer", "payment-link", "mbway", "cash", "other"] as const;

/** 24000 -> "240.00", -550 -> "-5.50": a plain decimal string (Intl formats it from there). */
export function centsToDecimal(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "€240.00" / "-€5.50" for logs and the admin's CSV (pages format by Intl in their language). */
export function centsToEuroText(cents: number) {
  const text = centsToDecimal(cents);
  return text.startsWith("-") ? `-€${text.slice(1)}` : `€${text}`;
}

/**
 * "1.234,56", "1,234.56", "240", "240,5", "-35.00", "€ 70" -> cents; null when it
 * is no amount. The last "," or "." followed by one or two digits is the
 * decimal mark; a separator followed by groups of three digits is thousands.
 */
export function parseEuroAmount(input: string): number | null {
  let text = input.replace(/[\s\u00a0€]|EUR/gi, "");
  let sign = 1;
  if (/^[+-]/.test(text)) {
    if (text[0] === "-") sign = -1;
    text = text.slice(1);
  }
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = decimal ? text.slice(0, decimal.index) : text;
  const fraction = decimal ? decimal[1]!.padEnd(2, "0") : "00";
  // What is left before the decimal mark: digits, or digits grouped by threes with one kind of separator.
  if (!/^\d+$/.test(whole) && !/^\d{1,3}(\.\d{3})+$/.test(whole) && !/^\d{1,3}(,\d{3})+$/.test(whole)) return null;
  const digits = whole.replace(/[.,]/g, "");
  if (digits.length > 12) return null;
  return sign * (Number(digits) * 100 + Number(fraction));
}

/** Where a bank statement's transaction stands (issue 25 item 4): the API's values. */
export const BANK_TRANSACTION_STATUSES = ["booked", "proposed", "unmatched", "ignored", "duplicate"] as const;
