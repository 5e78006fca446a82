import type { Route } from "./+types/announcements";
import { listAnnouncements, sendAnnouncement } from "~/models/announcements.server";
import { announcementSchema } from "~/schemas/announcements";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { publicOrigin } from "~/utils/origin.server";

/** GET /api/announcements (admin): every announcement, newest first, with its recipients' counts. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(listAnnouncements());
  });
}

/**
 * POST /api/announcements (admin) {subject, body, subjectPt?, bodyPt?, audience}:
 * 201 {id, recipients, queued, skipped: [{partyId | guestId, reason: "no-email"}]}.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    const input = await readJson(request, announcementSchema);
    return json(sendAnnouncement({ ...input, origin: publicOrigin() }), 201);
  });
}
