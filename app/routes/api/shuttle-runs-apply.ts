import type { Route } from "./+types/shuttle-runs-apply";
import { applyProposal } from "~/models/shuttle-proposal.server";
import { toApiRun } from "~/models/shuttle-runs.server";
import { applySchema } from "~/schemas/travel";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/shuttle-runs/apply {runs} (admin): a proposal's runs become the plan, all or nothing (issue 26); with the warnings and who was mailed (issue 36). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const { runs, warnings, mailed } = applyProposal(await readTravelJson(request, applySchema));
    return json({ runs: runs.map(toApiRun), warnings, mailed });
  });
}
