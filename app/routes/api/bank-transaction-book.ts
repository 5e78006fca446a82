import type { Route } from "./+types/bank-transaction-book";
import { bookBankTransaction } from "~/models/bank-statements.server";
import { bookSchema } from "~/schemas/bank";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** POST /api/bank-transactions/{id}/book {partyId} | {split: [{partyId, amount}]} (admin, cents): the transaction, booked. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(bookBankTransaction(params.id, await readJson(request, bookSchema)));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
