import type { Route } from "./+types/team-member";
import { deleteHelper, getTeamMember, updateHelper } from "~/models/team.server";
import { helperPatchSchema } from "~/schemas/team";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

const ALLOWED = ["GET", "PATCH", "DELETE"];

/** GET /api/team/{id} (owner). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(getTeamMember(params.id));
  });
}

/** PATCH /api/team/{id} {role?, disabled?}: disabling ends their sessions at once; DELETE removes the helper (owner). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(updateHelper(params.id, await readJson(request, helperPatchSchema)));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      deleteHelper(params.id);
      return json({ success: true });
    }
    return methodNotAllowed(ALLOWED);
  });
}
