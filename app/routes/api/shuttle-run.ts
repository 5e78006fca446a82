import type { Route } from "./+types/shuttle-run";
import { deleteRun, requireRun, toApiRun, updateRun } from "~/models/shuttle-runs.server";
import { shuttleRunPatchSchema } from "~/schemas/travel";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/shuttle-runs/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(toApiRun(requireRun(params.id)));
  });
}

/** PATCH /api/shuttle-runs/{id} (partyIds: the whole list on the run); DELETE (admin). Parties whose pickup changed are mailed. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(toApiRun(updateRun(params.id, await readTravelJson(request, shuttleRunPatchSchema))));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteRun(params.id));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
