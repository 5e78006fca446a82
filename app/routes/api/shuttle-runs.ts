import type { Route } from "./+types/shuttle-runs";
import { createRun, listRuns, toApiRun } from "~/models/shuttle-runs.server";
import { shuttleRunSchema } from "~/schemas/travel";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/shuttle-runs (admin): every run with its parties and seats used (issue 26). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(listRuns().map(toApiRun));
  });
}

/** POST /api/shuttle-runs (admin): a run by hand; over its seats is 409 naming the run. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(toApiRun(createRun(await readTravelJson(request, shuttleRunSchema))), 201);
  });
}
