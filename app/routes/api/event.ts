import type { Route } from "./+types/event";
import { deleteEvent, requireEvent, updateEvent } from "~/models/events.server";
import { eventPatchSchema } from "~/schemas/event";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

const ALLOWED = ["GET", "PATCH", "DELETE"];

/** GET /api/events/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(requireEvent({ id: params.id }));
  });
}

/** PATCH /api/events/{id}; DELETE also deletes its event RSVPs (admin). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(updateEvent(params.id, await readJson(request, eventPatchSchema)));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteEvent({ id: params.id }));
    }
    return methodNotAllowed(ALLOWED);
  });
}
