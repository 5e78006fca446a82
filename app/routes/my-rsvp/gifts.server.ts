import { data, redirect } from "react-router";
import { messagesFor } from "~/i18n/messages";
import { giftTransfer } from "~/models/gifts/gift-transfer.server";
import { guestGiftFunds, myGifts, pledgeGift, SUGGESTED_GIFT_AMOUNTS } from "~/models/gifts/gifts.server";
import type { GuestIdentity } from "~/models/identity";
import { AMOUNT_MESSAGE, pledgeSchema } from "~/schemas/gift";
import { zodFieldErrors } from "~/utils/api.server";
import { AppError } from "~/utils/errors";
import { epcQrDataUri } from "./payment-qr.server";

type Lang = "en" | "pt";

/** /my-rsvp/gifts: the open funds, the guest's own gifts, and after a pledge (?gift=) how to transfer it with its QR code. */
export async function giftsPageView(identity: GuestIdentity, lang: Lang, url: URL) {
  const gifts = myGifts(identity, lang);
  const just = gifts.find((g) => g.id === url.searchParams.get("gift") && g.status === "promised") ?? null;
  const transfer = just ? giftTransfer(just) : null;
  return {
    funds: guestGiftFunds(lang),
    gifts,
    suggested: SUGGESTED_GIFT_AMOUNTS,
    fundId: url.searchParams.get("fund"),
    transfer,
    /** The gift just promised when the host has no bank details yet: its reference alone. */
    pledgedReference: just && !transfer ? just.reference : null,
    qr: transfer?.epc ? await epcQrDataUri(transfer.epc) : null,
  };
}

/** The give form: a suggested amount or another in whole euros (cents for the model), then the same call as POST /api/my-gifts. */
export async function pledgeFromForm(request: Request, identity: GuestIdentity, lang: Lang) {
  const fd = await request.formData();
  const preset = String(fd.get("preset") ?? "");
  const typed = String(fd.get("other") ?? "").trim();
  const euros = preset && preset !== "other" && !typed ? preset : typed;
  const body = { fundId: String(fd.get("fundId") ?? ""), amount: /^\d{1,7}$/.test(euros) ? Number(euros) * 100 : Number.NaN, message: String(fd.get("message") ?? "") };
  const t = messagesFor(lang).gifts;
  const parsed = pledgeSchema.safeParse(body);
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error);
    if (errors.amount) errors.amount = [lang === "pt" ? "Indique um número inteiro de euros, pelo menos 1" : AMOUNT_MESSAGE];
    return data({ errors, failure: t.pledgeFailed }, { status: 400 });
  }
  try {
    const gift = pledgeGift(identity, parsed.data);
    return redirect(`/my-rsvp/gifts?gift=${gift.id}#transfer`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ errors: { fundId: [error.message] }, failure: t.pledgeFailed }, { status: error.status });
  }
}

/** /my-rsvp's gifts card: the open funds' names and the guest's own gifts; null when there is neither (no card). */
export function myRsvpGifts(identity: GuestIdentity, lang: Lang) {
  const funds = guestGiftFunds(lang).map(({ id, title }) => ({ id, title }));
  const gifts = myGifts(identity, lang);
  return funds.length || gifts.length ? { funds, gifts, suggested: SUGGESTED_GIFT_AMOUNTS } : null;
}
