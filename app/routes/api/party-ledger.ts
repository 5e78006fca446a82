import type { Route } from "./+types/party-ledger";
import { getPartyLedger } from "~/models/ledger.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/parties/{id}/ledger (admin, cents): {reference, charges, payments, due, paid, balance, status}. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(getPartyLedger(params.id));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
