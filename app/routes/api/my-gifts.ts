import type { Route } from "./+types/my-gifts";
import { getLang } from "~/i18n/lang.server";
import { giftTransfer } from "~/models/gifts/gift-transfer.server";
import { guestGiftFunds, myGifts, pledgeGift } from "~/models/gifts/gifts.server";
import { pledgeSchema } from "~/schemas/gift";
import { getGuestIdentity } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";

async function identityOf(request: Request) {
  const identity = await getGuestIdentity(request);
  if (!identity) throw new UnauthorizedError("No guest session");
  return identity;
}

/** GET /api/my-gifts (the signed-in guest): {funds, gifts}: the open funds (totals and names only as the host shows them) and the guest's own gifts. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const identity = await identityOf(request);
    const lang = await getLang(request);
    return json({ funds: guestGiftFunds(lang), gifts: myGifts(identity, lang) });
  });
}

/** POST /api/my-gifts {fundId, amount, message}: 201 the promised gift with its reference and how to transfer it (bank details, EPC payload). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const identity = await identityOf(request);
    const gift = pledgeGift(identity, await readJson(request, pledgeSchema));
    const { id, fundId, amount, message, reference, status, createdAt } = gift;
    return json({ id, fundId, amount, message, reference, status, createdAt, transfer: giftTransfer(gift) }, 201);
  });
}
