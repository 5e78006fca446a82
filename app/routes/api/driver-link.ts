import type { Route } from "./+types/driver-link";
import { revokeDriverLink } from "~/models/driver-links.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { now } from "~/utils/clock.server";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE /api/driver-links/{id}: revoked at once, the driver's address is 404 from then on (issue 38). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireAdmin(request);
    return json(revokeDriverLink(params.id, now()));
  });
}
