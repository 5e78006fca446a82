import type { Route } from "./+types/charge";
import { removeCharge } from "~/models/ledger.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** DELETE /api/charges/{id} (admin): {id}. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireAdmin(request);
    return json(removeCharge(params.id));
  });
}

export function loader() {
  return methodNotAllowed(["DELETE"]);
}
