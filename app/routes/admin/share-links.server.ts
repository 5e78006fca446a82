import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { createShareLink, listShareLinks, revokeShareLink, type ShareListName } from "~/models/share-links.server";
import { shareLinkFormSchema } from "~/schemas/share-link";
import { redirectWithToast, requireAdminPagePerson } from "~/session.server";
import { now } from "~/utils/clock.server";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";

/*
 * "Share a live link" on the rooming list and each caterer's list (issue 27):
 * the page's action, the same model functions as /api/share-links. A viewer
 * never gets here (app/models/roles.server.ts refuses their POST).
 */

export const shareLinksFor = (list: ShareListName, eventId: string | null) => listShareLinks({ list, eventId: eventId ?? undefined }, now());

export async function shareLinkAction(request: Request, list: ShareListName, eventId: string | null, backTo: string) {
  const person = await requireAdminPagePerson(request);
  const submission = parseWithZod(await request.formData(), { schema: shareLinkFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), shared: null }, { status: 400 });
  const v = submission.value;
  try {
    if (v.intent === "revoke-share-link") {
      const link = revokeShareLink(v.id, now());
      return redirectWithToast(request, backTo, { type: "success", title: "Link revoked", description: `"${link.label}" no longer opens the list.` });
    }
    const { link, token } = createShareLink({ list, eventId, label: v.label, expiresAt: v.expiresAt }, { createdBy: person.name, now: now() });
    return data({ result: submission.reply({ resetForm: true }), shared: { label: link.label, url: `${publicOrigin()}/shared/${token}` } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }), shared: null }, { status: error.status });
  }
}
