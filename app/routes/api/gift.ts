import type { Route } from "./+types/gift";
import { toApiGift } from "~/models/gifts/gifts.server";
import { thankGift } from "~/models/gifts/gift-thanks.server";
import { giftPatchSchema } from "~/schemas/gift";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** PATCH /api/gifts/{id} {thanked, note?} (admin): the tick; a note with thanked true is mailed to the giver in their language. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    await requireAdmin(request);
    const { gift, mailed } = thankGift(params.id, await readJson(request, giftPatchSchema));
    return json({ ...toApiGift(gift), mailed });
  });
}

export function loader() {
  return methodNotAllowed(["PATCH"]);
}
