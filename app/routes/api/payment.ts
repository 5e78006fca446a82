import type { Route } from "./+types/payment";
import { removePayment } from "~/models/ledger.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** DELETE /api/payments/{id} (admin): {id}; the party's rooms are un-marked if its balance opens again. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireAdmin(request);
    return json(removePayment(params.id));
  });
}

export function loader() {
  return methodNotAllowed(["DELETE"]);
}
