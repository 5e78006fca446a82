import type { Route } from "./+types/seating";
import { publishSeating, seatingState } from "~/models/seating/plan.server";
import { publishSchema } from "~/schemas/seating";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { eventIdParam } from "./seating-body.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/seating?eventId= (admin): {tables, assignments, locks, warnings, published} (issue 37). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(seatingState(eventIdParam(request)));
  });
}

/** PATCH /api/seating {eventId, published} (admin): show the plan to guests or take it back. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    const input = await readTravelJson(request, publishSchema);
    return json(publishSeating(input.eventId, input.published));
  });
}
