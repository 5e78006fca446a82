import type { Route } from "./+types/shuttle-run-boarding";
import { runBoarding } from "~/models/boarding.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/shuttle-runs/{id}/boarding: who boarded and who is missing, person by person, with phones (admin, issue 38). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(runBoarding(params.id));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
