import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/whatsapp";
import { recordWhatsApp } from "~/models/invitations.server";
import { whatsappSchema } from "~/schemas/invitations";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";

/**
 * POST {partyId | guestId, kind} (a field missing from the body may be in the
 * query string): records the WhatsApp invitation (or
 * reminder) and answers 303 to wa.me with the text, so the host's own phone
 * or WhatsApp Web sends it. A plain form: works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  // The Invitations page's buttons name the invitee in the body and the kind in the address.
  const formData = await request.formData();
  for (const [key, value] of new URL(request.url).searchParams) if (!formData.has(key)) formData.set(key, value);
  const submission = parseWithZod(formData, { schema: whatsappSchema });
  if (submission.status !== "success") {
    return redirectWithToast(request, "/admin/invitations", { type: "error", title: "WhatsApp", description: "Choose one party or guest." });
  }
  const { partyId, guestId, kind } = submission.value;
  try {
    const { url } = recordWhatsApp({ ref: partyId ? { partyId } : { guestId: guestId! }, kind, origin: publicOrigin() });
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
