import type { Route } from "./+types/room-assignment-decline";
import { declineRoomAssignment } from "~/models/room-assignments.server";
import { declineSchema } from "~/schemas/room-assignment";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAssignmentOwner } from "./room-assignment-guest.server";

/** POST /api/room-assignments/{id}/decline {reason}: the reason must not be blank (400). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { actor } = await requireAssignmentOwner(request, params.id);
    const { reason } = await readJson(request, declineSchema);
    return json(declineRoomAssignment({ id: params.id, reason, actor }));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
