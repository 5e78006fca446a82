import type { Route } from "./+types/room-assignment-confirm";
import { confirmRoomAssignment } from "~/models/room-assignments.server";
import { guestRoomAssignmentView } from "~/models/guest-views.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { requireAssignmentOwner } from "./room-assignment-guest.server";

/** POST /api/room-assignments/{id}/confirm: also re-confirms a declined room if the units are still free (409 if not). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const caller = await requireAssignmentOwner(request, params.id);
    const saved = confirmRoomAssignment({ id: params.id });
    return json(caller.role === "admin" ? saved : guestRoomAssignmentView(saved));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
