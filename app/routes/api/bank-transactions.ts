import type { Route } from "./+types/bank-transactions";
import { countBankTransactionsWhere, listBankTransactions } from "~/models/bank-statements.server";
import { bankListQuerySchema } from "~/schemas/bank";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith } from "~/utils/api.server";

/**
 * GET /api/bank-transactions?status=booked|proposed|unmatched|ignored|duplicate|reversed&limit=&offset=
 * (admin, cents): {transactions, total}, newest first, `limit` (default 100, at most 1,000) from `offset`;
 * `total` is how many the filter holds. `reversed`: booked ones a later statement reports reversed,
 * waiting for the host (decision 072); `duplicate`: possibly the same money as `duplicateOf` (issue 35).
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const { status, limit, offset } = parseWith(bankListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ transactions: listBankTransactions({ status, limit, offset }), total: countBankTransactionsWhere({ status }) });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
