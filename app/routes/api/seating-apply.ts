import type { Route } from "./+types/seating-apply";
import { applySeating } from "~/models/seating/plan.server";
import { applySchema } from "~/schemas/seating";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/seating/apply {eventId, assignments} (admin): the whole plan, all or nothing; a hard rule broken is 409 naming it (issue 37). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(applySeating(await readTravelJson(request, applySchema)));
  });
}
