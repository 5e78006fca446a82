import type { Route } from "./+types/party-payments";
import { recordPayment } from "~/models/ledger.server";
import { paymentSchema } from "~/schemas/ledger";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** POST /api/parties/{id}/payments {amount, date, method, note?} (admin; cents): 201 the payment. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const input = await readJson(request, paymentSchema);
    return json(recordPayment({ ...input, partyId: params.id }), 201);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
