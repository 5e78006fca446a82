import { eq } from "drizzle-orm";
import { giftFunds, gifts } from "../../../db/schema";
import { db } from "../../db.server";
import { randomReference } from "../ledger.server";

/*
 * Issue 40: a gift's or a fund's reference, "G40-7KQ2": the party's payment
 * references are "C40-XXXX", so what a guest types says which it is, and a
 * gift reference never pays a balance. Same alphabet (no 0, O, 1, I).
 */
export const GIFT_REFERENCE_PREFIX = "G40-";

/** A reference no gift and no fund has yet; inside the caller's transaction. */
export function freeGiftReference(): string {
  for (;;) {
    const ref = randomReference(GIFT_REFERENCE_PREFIX);
    const taken = db.select({ id: gifts.id }).from(gifts).where(eq(gifts.reference, ref)).get() ?? db.select({ id: giftFunds.id }).from(giftFunds).where(eq(giftFunds.reference, ref)).get();
    if (!taken) return ref;
  }
}

const CODE = "[2-9A-HJ-NP-Z]{4}";

/** "g40 7kq2", "G4O-7KQ2" and "G40-7KQ2" all read G40-7KQ2 (O read as 0, I as 1, spaces and dashes ignored). */
const squash = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "").replace(/O/g, "0").replace(/I/g, "1");

/** Every gift reference a transfer's text holds, in order, each once. */
export function giftReferencesIn(text: string | null): string[] {
  const found = squash(text ?? "").match(new RegExp(`G40${CODE}`, "g")) ?? [];
  return [...new Set(found.map((m) => GIFT_REFERENCE_PREFIX + m.slice(3)))];
}

/** Whether the text also holds a party's payment reference (C40-XXXX). */
export const holdsPaymentReference = (text: string | null) => new RegExp(`C40${CODE}`).test(squash(text ?? ""));
