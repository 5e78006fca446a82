import type { Route } from "./+types/bank-transaction-undo";
import { undoBankTransaction } from "~/models/bank-statements.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** POST /api/bank-transactions/{id}/undo (admin): a booking's payments removed (or an ignore lifted); the transaction, unmatched. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(undoBankTransaction(params.id));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
