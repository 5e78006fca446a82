import type { Route } from "./+types/shuttle-run-messages";
import { sendRunMessage } from "~/models/run-messages.server";
import { runMessageSchema } from "~/schemas/weekend";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { publicOrigin } from "~/utils/origin.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/shuttle-runs/{id}/messages {text, textPt?}: 201; mailed on the priority lane, WhatsApp links, on their My weekend (issue 38). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(sendRunMessage(params.id, await readJson(request, runMessageSchema), publicOrigin()), 201);
  });
}
