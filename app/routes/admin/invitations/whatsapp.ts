import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/whatsapp";
import { recordWhatsApp } from "~/models/invitations.server";
import { whatsappSchema } from "~/schemas/invitations";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";

/**
 * POST {partyId | guestId, kind}: records the WhatsApp invitation (or
 * reminder) and answers 303 to wa.me with the text, so the host's own phone
 * or WhatsApp Web sends it. A plain form: works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const submission = parseWithZod(await request.formData(), { schema: whatsappSchema });
  if (submission.status !== "success") {
    return redirectWithToast(request, "/admin/invitations", { type: "error", title: "WhatsApp", description: "Choose one party or guest." });
  }
  const { partyId, guestId, kind } = submission.value;
  try {
    const { url } = recordWhatsApp({ ref: partyId ? { partyId } : { guestId: guestId! }, kind, origin: publicOrigin(request) });
    return redirect(url, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(request, "/admin/invitations", { type: "error", title: "WhatsApp", description: error.message });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return redirect("/admin/invitations");
}
