import { parseWithZod } from "@conform-to/zod/v4";
import { addCharge, recordPayment, removeCharge, removePayment } from "~/models/ledger.server";
import { ledgerPageActionSchema } from "~/schemas/ledger";
import { AppError } from "~/utils/errors";
import { centsToEuroText } from "~/utils/money";
import { rowAnswer, rowInvalid } from "./action-replies.server";

/**
 * Payment Status's ledger forms (issue 25), the same model calls as
 * POST /api/parties/{id}/payments and /charges and their DELETEs. Answered
 * like the page's other row forms: a redirect with a toast without
 * JavaScript, data and a toast with it.
 */
export async function answerLedgerIntent(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ledgerPageActionSchema });
  if (submission.status !== "success") return rowInvalid(request, formData, submission.error);
  const value = submission.value;
  const ok = (description: string) => rowAnswer(request, formData, { type: "success", title: "Success", description });
  try {
    switch (value.intent) {
      case "add-payment": {
        const { intent: _, ...input } = value;
        recordPayment(input);
        return ok(`Payment of ${centsToEuroText(value.amount)} recorded`);
      }
      case "add-charge":
        addCharge({ partyId: value.partyId, label: value.label, amount: value.amount });
        return ok(`Charge "${value.label}" of ${centsToEuroText(value.amount)} added`);
      case "remove-payment":
        removePayment(value.id);
        return ok("Payment removed");
      case "remove-charge":
        removeCharge(value.id);
        return ok("Charge removed");
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return rowAnswer(request, formData, { type: "error", title: "Error", description: error.message }, error.status);
  }
}
