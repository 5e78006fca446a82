import type { Route } from "./+types/seating-rule";
import { deleteRule } from "~/models/seating/rules.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE /api/seating/rules/{id} (admin, issue 37). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireAdmin(request);
    return json(deleteRule(params.id));
  });
}
