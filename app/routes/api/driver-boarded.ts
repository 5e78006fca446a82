import type { Route } from "./+types/driver-boarded";
import { openDriverLink, recordDriverTick } from "~/models/driver-links.server";
import { boardedSchema } from "~/schemas/weekend";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { now } from "~/utils/clock.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/driver/{token}/boarded {guestId, boarded, at, clientId, runId?}: 201 for a
 * new tick, 200 for one already received (the phone resending its queue).
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const link = openDriverLink(params.token, now(), { note: false });
    const input = await readJson(request, boardedSchema);
    const { created } = recordDriverTick(link, input);
    return json({ created, guestId: input.guestId, boarded: input.boarded, at: input.at, clientId: input.clientId }, { status: created ? 201 : 200, headers: { "Cache-Control": "no-store" } });
  });
}
