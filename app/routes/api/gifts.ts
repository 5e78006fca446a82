import type { Route } from "./+types/gifts";
import { listGifts, toApiGift } from "~/models/gifts/gifts.server";
import { giftListQuery } from "~/schemas/gift";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith } from "~/utils/api.server";

/** GET /api/gifts?fundId= (admin): a fund's gifts, newest first, amounts in cents, with the givers' messages. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const { fundId } = parseWith(giftListQuery, Object.fromEntries(new URL(request.url).searchParams));
    return json(listGifts(fundId).map(toApiGift));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
