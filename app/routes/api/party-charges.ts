import type { Route } from "./+types/party-charges";
import { addCharge } from "~/models/ledger.server";
import { chargeSchema } from "~/schemas/ledger";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** POST /api/parties/{id}/charges {label, amount} (admin; cents, negative for a discount): 201 the charge. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const input = await readJson(request, chargeSchema);
    return json(addCharge({ ...input, partyId: params.id }), 201);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
