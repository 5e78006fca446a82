import type { Route } from "./+types/travel";
import { travelOverview } from "~/models/shuttle-runs.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/travel (admin): everyone's answers with their runs, the runs and the warnings (issue 26). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(travelOverview());
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
