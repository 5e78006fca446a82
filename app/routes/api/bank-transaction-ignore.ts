import type { Route } from "./+types/bank-transaction-ignore";
import { ignoreBankTransaction } from "~/models/bank-statements.server";
import { ignoreSchema } from "~/schemas/bank";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** POST /api/bank-transactions/{id}/ignore {reason} (admin): the transaction, ignored. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const { reason } = await readJson(request, ignoreSchema);
    return json(ignoreBankTransaction(params.id, reason));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
