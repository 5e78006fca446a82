import type { Route } from "./+types/room-assignment-decline";
import { declineRoomAssignment } from "~/models/room-assignments.server";
import { declineSchema } from "~/schemas/room-assignment";
import { guestRoomAssignmentView } from "~/models/guest-views.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAssignmentOwner } from "./room-assignment-guest.server";

/** POST /api/room-assignments/{id}/decline {reason}: the reason must not be blank (400). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const caller = await requireAssignmentOwner(request, params.id);
    const { reason } = await readJson(request, declineSchema);
    const saved = declineRoomAssignment({ id: params.id, reason });
    return json(caller.role === "admin" ? saved : guestRoomAssignmentView(saved));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
