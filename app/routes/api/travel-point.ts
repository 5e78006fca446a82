import type { Route } from "./+types/travel-point";
import { deleteTravelPoint, requireTravelPoint, updateTravelPoint } from "~/models/travel-settings.server";
import { travelPointPatchSchema } from "~/schemas/travel";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/travel-points/{id} (admin): one point with every field. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(requireTravelPoint(params.id));
  });
}

/** PATCH /api/travel-points/{id} (any subset of the fields), DELETE (owner, co-host): as the Travel panel's save and delete. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(updateTravelPoint(params.id, await readTravelJson(request, travelPointPatchSchema)));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteTravelPoint(params.id));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
