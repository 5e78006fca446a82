import { data } from "react-router";
import { createGiftFund, deleteGiftFund, listGiftFunds, toApiGiftFund, updateGiftFund } from "~/models/gifts/gift-funds.server";
import { thankGift } from "~/models/gifts/gift-thanks.server";
import { giftFundTotals, listGifts, toApiGift } from "~/models/gifts/gifts.server";
import { giftFundSchema } from "~/schemas/gift";
import { redirectWithToast } from "~/session.server";
import { zodFieldErrors } from "~/utils/api.server";
import { AppError, type FieldErrors } from "~/utils/errors";
import { parseEuroAmount } from "~/utils/money";
import { readFormWithPhotos } from "./room-type-form.server";

/** The Gifts page's data: every fund with its totals; the chosen fund's gifts (?fund=), the fund being edited (?edit=). */
export function giftsPageData(url: URL) {
  const totals = giftFundTotals();
  const funds = listGiftFunds().map((f) => ({ ...toApiGiftFund(f), ...(totals.get(f.id) ?? { promised: 0, received: 0, count: 0 }) }));
  const chosen = funds.find((f) => f.id === url.searchParams.get("fund")) ?? funds[0] ?? null;
  return {
    funds,
    chosen,
    gifts: chosen ? listGifts(chosen.id).map(toApiGift) : [],
    editing: funds.find((f) => f.id === url.searchParams.get("edit")) ?? null,
  };
}
export type GiftsPageFund = ReturnType<typeof giftsPageData>["funds"][number];
export type GiftsPageGift = ReturnType<typeof giftsPageData>["gifts"][number];

const text = (fd: FormData, name: string) => String(fd.get(name) ?? "");

/** The fund form as the API's body: the goal typed in euros, the ticks as booleans. */
function fundBody(fd: FormData) {
  const goalText = text(fd, "goal").trim();
  return {
    title: text(fd, "title"),
    titlePt: text(fd, "titlePt"),
    text: text(fd, "text"),
    textPt: text(fd, "textPt"),
    imageId: text(fd, "imageId"),
    goal: goalText ? (parseEuroAmount(goalText) ?? Number.NaN) : null,
    showTotal: fd.get("showTotal") === "on",
    showNames: fd.get("showNames") === "on",
    opensAt: text(fd, "opensAt"),
    closesAt: text(fd, "closesAt"),
  };
}

const refused = (message: string, errors: FieldErrors = {}, status = 400) =>
  data({ error: message, errors, toast: { type: "error" as const, title: "Error", description: message } }, { status });

/** The page's forms: save a fund (a new picture through the existing upload), delete or close it, tick a gift thanked and mail the note. */
export async function giftsPageAction(request: Request) {
  const { formData: fd, uploadError } = await readFormWithPhotos(request, { fileField: "picture", appendUrls: (f, urls) => f.set("imageId", urls[0]!) });
  if (uploadError) return refused(uploadError.message, { picture: [uploadError.message] }, uploadError.status);
  const intent = text(fd, "intent");
  const back = new URL(request.url);
  back.searchParams.delete("edit");
  try {
    if (intent === "save-fund") {
      const parsed = giftFundSchema.safeParse(fundBody(fd));
      if (!parsed.success) return refused("Check the fund's fields", zodFieldErrors(parsed.error));
      const id = text(fd, "id");
      const fund = id ? updateGiftFund(id, parsed.data) : createGiftFund(parsed.data);
      back.searchParams.set("fund", fund.id);
      return redirectWithToast(request, back.pathname + back.search, { type: "success", title: "Fund saved", description: `"${fund.title}" is saved (reference ${fund.reference}).` });
    }
    if (intent === "delete-fund") {
      const done = deleteGiftFund(text(fd, "id"));
      if (done.deleted) back.searchParams.delete("fund");
      return redirectWithToast(request, back.pathname + back.search, {
        type: "success",
        title: done.deleted ? "Fund deleted" : "Fund closed",
        description: done.deleted ? "The fund is deleted." : "The fund has gifts, so it is closed and kept.",
      });
    }
    if (intent === "thank") {
      const { gift, mailed } = thankGift(text(fd, "id"), { thanked: fd.get("thanked") === "true", note: text(fd, "note") });
      const description = mailed ? `Thank-you note queued to ${gift.giverName}.` : gift.thankedAt ? `${gift.giverName}'s gift is ticked thanked.` : `${gift.giverName}'s gift is no longer ticked.`;
      return redirectWithToast(request, back.pathname + back.search, { type: "success", title: "Gift updated", description });
    }
    return refused("Unknown action");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refused(error.message, error.errors ?? {}, error.status);
  }
}
