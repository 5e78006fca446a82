import type { Route } from "./+types/shuttle-runs-propose";
import { proposeShuttleRuns } from "~/models/shuttle-proposal.server";
import { plannerSettingsSchema } from "~/schemas/travel";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/shuttle-runs/propose (admin): the planner's runs for today's requests, locked runs kept; nothing saved (issue 26). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(proposeShuttleRuns(await readTravelJson(request, plannerSettingsSchema)));
  });
}
