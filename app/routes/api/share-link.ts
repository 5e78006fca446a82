import type { Route } from "./+types/share-link";
import { revokeShareLink } from "~/models/share-links.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { now } from "~/utils/clock.server";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE /api/share-links/{id}: revoked at once, the address is 404 from then on (owner, co-host). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireAdmin(request);
    return json(revokeShareLink(params.id, now()));
  });
}
