import type { Route } from "./+types/my-ledger";
import { guestLedger } from "~/models/ledger.server";
import { getGuestIdentity } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";

/** GET /api/my-ledger (the signed-in guest, cents): {reference, charges, payments, due, paid, balance, status}. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const identity = await getGuestIdentity(request);
    if (!identity) throw new UnauthorizedError("No guest session");
    return json(guestLedger(identity));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
