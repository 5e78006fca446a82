import type { Route } from "./+types/gift-funds";
import { createGiftFund, listGiftFunds, toApiGiftFund } from "~/models/gifts/gift-funds.server";
import { giftFundSchema } from "~/schemas/gift";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/gift-funds (admin): every fund, closed ones included, amounts in cents (issue 40). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(listGiftFunds().map(toApiGiftFund));
  });
}

/** POST /api/gift-funds (admin): 201 with the fund and its own G40-XXXX reference. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(toApiGiftFund(createGiftFund(await readJson(request, giftFundSchema))), 201);
  });
}
