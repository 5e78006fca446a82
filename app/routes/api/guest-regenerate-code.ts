import type { Route } from "./+types/guest-regenerate-code";
import { regenerateGuestCode } from "~/models/guests.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** POST /api/guests/{id}/regenerate-code (admin): a new custom code; sessions signed in with the old one end. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json(regenerateGuestCode({ id: params.id }));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
