import type { Route } from "./+types/ledger";
import { listLedger } from "~/models/ledger.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/ledger (admin, cents): {parties: [{partyId, reference, due, paid, balance, status, ...}], totals: {due, paid, outstanding}}. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const { parties, totals } = listLedger();
    return json({
      parties: parties.map((p) => ({
        partyId: p.partyId,
        partyName: p.partyName,
        reference: p.reference,
        due: p.due,
        paid: p.paid,
        balance: p.balance,
        status: p.status,
        lastPayment: p.lastPayment,
      })),
      totals,
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
