import type { Route } from "./+types/seating-propose";
import { proposeSeating } from "~/models/seating/plan.server";
import { proposeSchema } from "~/schemas/seating";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/seating/propose {eventId, keepLocked?} (admin): a plan keeping every hard rule; nothing saved (issue 37). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const input = await readTravelJson(request, proposeSchema);
    return json(proposeSeating(input.eventId, input.keepLocked ?? true));
  });
}
