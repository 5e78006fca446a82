// Issue 40: gifts beside the ledger, on a real SQLite file. A fast-check
// property drives random sequences of pledges, statement imports (credits
// naming a pledge, the fund's own reference, the party's payment reference,
// both at once, an unknown gift reference, nothing), host bookings and undos,
// and after each step checks that no cent is created or lost: every credit is
// in exactly one place (a party's payments, a received gift, or still in
// review), and pledges never change what a party owes.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bankTransactions } from "../../../db/schema";
import { db } from "../../db.server";
import { bookBankTransaction, importBankStatement, undoBankTransaction } from "../bank-statements.server";
import { addCharge, getPartyLedger } from "../ledger.server";
import { createParty } from "../parties.server";
import { ensureSingletons } from "../seed.server";
import { createGiftFund } from "./gift-funds.server";
import { GIFT_REASON_PREFIX } from "./gift-match.server";
import { listGifts, myGifts, pledgeGift } from "./gifts.server";
import { giftReferencesIn, holdsPaymentReference } from "./gift-reference.server";

type Credit = { to: "pledge" | "fund" | "party" | "mixed" | "unknown" | "none"; pick: number; euros: number };
type Step = { op: "pledge"; euros: number } | { op: "import"; credits: Credit[] } | { op: "book"; pick: number } | { op: "undo"; pick: number };

const credit = fc.record({ to: fc.constantFrom("pledge" as const, "fund" as const, "party" as const, "mixed" as const, "unknown" as const, "none" as const), pick: fc.nat(), euros: fc.integer({ min: 1, max: 500 }) });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("pledge" as const), euros: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ op: fc.constant("import" as const), credits: fc.array(credit, { minLength: 1, maxLength: 4 }) }),
  fc.record({ op: fc.constant("book" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("undo" as const), pick: fc.nat() }),
);

let line = 0;
const csv = (rows: { ref: string; cents: number }[]) =>
  new TextEncoder().encode(["Id,Date,Amount,Payer,Reference", ...rows.map((r) => `T${++line},2026-03-0${1 + (line % 9)},${(r.cents / 100).toFixed(2)},Payer ${line},${r.ref}`)].join("\n"));
const MAPPING = { id: "Id", date: "Date", amount: "Amount", payer: "Payer", reference: "Reference" };

describe("gifts and the ledger", () => {
  it("no cent is created or lost between balances and gifts over pledges, imports, bookings and undos (fast-check)", async () => {
    ensureSingletons();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 20 }), async (steps) => {
        const party = createParty({ name: `Giver ${Math.random()}` });
        addCharge({ partyId: party.id, label: "Stay", amount: 30_000 });
        const fund = createGiftFund({ title: "Japan", titlePt: null, text: null, textPt: null, imageId: null, goal: null, showTotal: true, showNames: false, opensAt: null, closesAt: null });
        const identity = { type: "party" as const, id: party.id };
        const reference = getPartyLedger(party.id).reference;
        const seen = new Set<string>(); // this run's transactions
        for (const s of steps) {
          if (s.op === "pledge") pledgeGift(identity, { fundId: fund.id, amount: s.euros * 100, message: null });
          else if (s.op === "import") {
            const pledges = myGifts(identity).filter((g) => g.reference);
            const refOf = (c: Credit) => {
              const pledge = pledges.length ? pledges[c.pick % pledges.length]!.reference! : "G40-ZZZZ";
              return { pledge, fund: fund.reference, party: reference, mixed: `${reference} ${pledge}`, unknown: "G40-ZZZZ", none: "Thanks" }[c.to];
            };
            const report = await importBankStatement({ bytes: csv(s.credits.map((c) => ({ ref: refOf(c), cents: c.euros * 100 }))), mapping: MAPPING });
            db.select({ id: bankTransactions.id }).from(bankTransactions).where(eq(bankTransactions.importId, report.importId)).all().forEach((t) => seen.add(t.id));
          } else {
            const mine = db.select().from(bankTransactions).all().filter((t) => seen.has(t.id));
            const open = mine.filter((t) => (s.op === "book" ? t.status === "unmatched" : t.status === "booked" || t.ignoreReason?.startsWith(GIFT_REASON_PREFIX)));
            const t = open[s.pick % Math.max(1, open.length)];
            if (t && s.op === "book") bookBankTransaction(t.id, { partyId: party.id });
            if (t && s.op === "undo") undoBankTransaction(t.id);
          }
          // Every credit of this run is in exactly one place.
          const txs = db.select().from(bankTransactions).all().filter((t) => seen.has(t.id));
          const ledger = getPartyLedger(party.id);
          // Read as the host and guests read it (an undo on review takes the gift back before any read).
          const received = listGifts(fund.id).filter((g) => g.status === "received");
          const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
          const booked = txs.filter((t) => t.status === "booked");
          const toGifts = txs.filter((t) => t.status === "ignored" && t.ignoreReason?.startsWith(GIFT_REASON_PREFIX));
          expect(ledger.paid).toBe(sum(booked));
          expect(received.reduce((a, g) => a + (g.receivedAmount ?? 0), 0)).toBe(sum(toGifts));
          expect(new Set(received.map((g) => g.bankTransactionId)).size).toBe(received.length);
          expect(received.every((g) => toGifts.some((t) => t.id === g.bankTransactionId))).toBe(true);
          expect(sum(booked) + sum(toGifts) + sum(txs.filter((t) => t.status === "unmatched" || t.status === "proposed"))).toBe(sum(txs));
          // Pledges are never owed: the party owes its stay only.
          expect(ledger.due).toBe(30_000);
          expect(ledger.balance).toBe(30_000 - ledger.paid);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("gift references in a transfer's text", () => {
  it("reads G40-XXXX however typed (case, spaces, O for 0), each once, and sees a payment reference beside it", () => {
    expect(giftReferencesIn("Presente g40 7kq2 para a viagem")).toEqual(["G40-7KQ2"]);
    expect(giftReferencesIn("G4O-7KQ2 / G40-7KQ2, G40-H8P3")).toEqual(["G40-7KQ2", "G40-H8P3"]);
    expect(giftReferencesIn("C40-7KQ2")).toEqual([]);
    expect(giftReferencesIn(null)).toEqual([]);
    expect(holdsPaymentReference("C40-7KQ2 G40-H8P3")).toBe(true);
    expect(holdsPaymentReference("G40-H8P3")).toBe(false);
  });
});
