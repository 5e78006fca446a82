import type { Route } from "./+types/announcement";
import { correctAnnouncement, listAnnouncements, withdrawAnnouncement } from "~/models/announcements.server";
import { announcementCorrectionSchema } from "~/schemas/announcements";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { NotFoundError } from "~/utils/errors";
import { publicOrigin } from "~/utils/origin.server";

/** GET /api/announcements/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const found = listAnnouncements().find((a) => a.id === params.id);
    if (!found) throw new NotFoundError("Announcement not found");
    return json(found);
  });
}

/**
 * PATCH /api/announcements/{id} {subject?, body?, subjectPt?, bodyPt?, resend?}:
 * the new texts, mailed again only with `resend: true` -> 200 {announcement, queued, skipped}.
 * DELETE withdraws it (gone from guests' pages) -> 200 the announcement.
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      const changes = await readJson(request, announcementCorrectionSchema);
      return json(correctAnnouncement({ ...changes, id: params.id, origin: publicOrigin() }));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(withdrawAnnouncement({ id: params.id }));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
