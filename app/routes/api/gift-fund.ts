import type { Route } from "./+types/gift-fund";
import { deleteGiftFund, requireGiftFund, toApiGiftFund, updateGiftFund } from "~/models/gifts/gift-funds.server";
import { giftFundPatchSchema } from "~/schemas/gift";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

const ALLOWED = ["GET", "PATCH", "DELETE"];

/** GET /api/gift-funds/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(toApiGiftFund(requireGiftFund(params.id)));
  });
}

/** PATCH /api/gift-funds/{id}; DELETE deletes a fund without gifts and closes one with gifts: {id, deleted, closed} (admin). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(toApiGiftFund(updateGiftFund(params.id, await readJson(request, giftFundPatchSchema))));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteGiftFund(params.id));
    }
    return methodNotAllowed(ALLOWED);
  });
}
