import type { Route } from "./+types/bank-transactions";
import { listBankTransactions } from "~/models/bank-statements.server";
import { bankStatusSchema } from "~/schemas/bank";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith } from "~/utils/api.server";

/**
 * GET /api/bank-transactions?status=booked|proposed|unmatched|ignored|reversed (admin, cents): {transactions}, newest first.
 * `reversed`: booked ones a later statement reports reversed, waiting for the host (decision 072).
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const raw = new URL(request.url).searchParams.get("status");
    const status = raw ? parseWith(bankStatusSchema, raw) : undefined;
    return json({ transactions: listBankTransactions({ status }) });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
