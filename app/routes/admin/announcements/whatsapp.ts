import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/whatsapp";
import { announcementWhatsApp } from "~/models/announcements.server";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";

const schema = z
  .object({
    id: z.string().trim().min(1).max(100),
    partyId: z.string().trim().min(1).max(100).optional(),
    guestId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => !!v.partyId !== !!v.guestId);

/**
 * POST {id, partyId | guestId}: the announcement for one recipient without
 * an e-mail, as a 303 to wa.me (the host's own phone sends it), as on the
 * Invitations page. A plain form: works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return redirectWithToast(request, "/admin/announcements", { type: "error", title: "WhatsApp", description: "Choose one party or guest." });
  }
  const { id, partyId, guestId } = parsed.data;
  try {
    const { url } = announcementWhatsApp({ id, ref: partyId ? { partyId } : { guestId: guestId! }, origin: publicOrigin() });
    return redirect(url, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(request, "/admin/announcements", { type: "error", title: "WhatsApp", description: error.message });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return redirect("/admin/announcements");
}
