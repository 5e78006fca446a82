import type { Route } from "./+types/party-regenerate-code";
import { regeneratePartyCode } from "~/models/parties.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** POST /api/parties/{id}/regenerate-code (admin): a new invitation code; sessions signed in with the old one end. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(regeneratePartyCode({ id: params.id }));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
