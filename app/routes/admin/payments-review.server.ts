import { bookBankTransaction, dismissBankReversal, findPartiesToBook, ignoreBankTransaction, undoBankTransaction } from "~/models/bank-statements.server";
import { redirectWithToast } from "~/session.server";
import { AppError, ValidationError } from "~/utils/errors";
import { centsToEuroText, parseEuroAmount } from "~/utils/money";

/** The review page's URL to go back to: the same filters, with or without the opened transaction. */
function backTo(request: Request, keepOpen: boolean) {
  const url = new URL(request.url);
  if (!keepOpen) {
    url.searchParams.delete("tx");
    url.searchParams.delete("q");
  }
  return `${url.pathname}${url.search}`;
}

/** A party named in a split row by its reference, invitation code, e-mail or name: exactly one. */
function partyNamed(text: string) {
  const found = findPartiesToBook(text, 2);
  if (found.length !== 1) throw new ValidationError(found.length ? `"${text}" names more than one party: use its reference` : `No party found for "${text}"`);
  return found[0]!.id;
}

/** The split rows (`party.N`, `amount.N` in euro as typed), empty rows left out. */
function splitFrom(formData: FormData) {
  const parts: { partyId: string; amount: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const who = String(formData.get(`party.${i}`) ?? "").trim();
    const typed = String(formData.get(`amount.${i}`) ?? "").trim();
    if (!who && !typed) continue;
    if (!who) throw new ValidationError(`Row ${i + 1}: name the party`);
    const amount = parseEuroAmount(typed);
    if (amount === null || amount <= 0) throw new ValidationError(`Row ${i + 1}: enter an amount in euro more than 0, e.g. 120,00`);
    parts.push({ partyId: partyNamed(who), amount });
  }
  return parts;
}

/**
 * The review page's forms, the same model calls as POST
 * /api/bank-transactions/{id}/book, /ignore, /undo and /dismiss-reversal. Each answers with a
 * redirect carrying a toast (so it works without JavaScript).
 */
export async function answerReview(request: Request) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  try {
    let message: string;
    switch (intent) {
      case "book": {
        const tx = bookBankTransaction(id, { partyId: String(formData.get("partyId") ?? "") });
        message = `${centsToEuroText(tx.amount)} booked to ${tx.bookings.map((b) => b.partyName).join(", ")}`;
        break;
      }
      case "split": {
        const tx = bookBankTransaction(id, { split: splitFrom(formData) });
        message = `${centsToEuroText(tx.amount)} split between ${tx.bookings.map((b) => b.partyName).join(" and ")}`;
        break;
      }
      case "ignore":
        ignoreBankTransaction(id, String(formData.get("reason") ?? ""));
        message = "Transaction ignored";
        break;
      case "undo": {
        const tx = undoBankTransaction(id);
        // Decision 072: a booking the bank reported reversed is undone for good, not put back in review.
        message = tx.status === "ignored" ? `Booking undone: ${centsToEuroText(tx.amount)} removed from the ledger; the transfer stays ignored (${tx.ignoreReason})` : "Undone: the transaction is back in review";
        break;
      }
      case "dismiss-reversal": {
        const tx = dismissBankReversal(id);
        message = `Payment kept: ${tx.bookings.map((b) => `${centsToEuroText(b.amount)} to ${b.partyName}`).join(", ")}`;
        break;
      }
      default:
        throw new ValidationError("Unknown action");
    }
    return redirectWithToast(request, backTo(request, false), { type: "success", title: "Success", description: message });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast(request, backTo(request, true), { type: "error", title: "Error", description: error.message });
  }
}
