import type { Route } from "./+types/bank-transaction-dismiss-reversal";
import { dismissBankReversal } from "~/models/bank-statements.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/**
 * POST /api/bank-transactions/{id}/dismiss-reversal (admin), decision 072: a
 * booked transaction the bank later reported reversed leaves review and its
 * payment is kept; 409 when none is waiting.
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(dismissBankReversal(params.id));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
