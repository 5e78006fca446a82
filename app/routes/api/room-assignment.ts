import type { Route } from "./+types/room-assignment";
import { deleteRoomAssignment, requireRoomAssignment, updateRoomAssignment } from "~/models/room-assignments.server";
import { roomAssignmentPatchSchema } from "~/schemas/room-assignment";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/room-assignments/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(requireRoomAssignment({ id: params.id }));
  });
}

/** PATCH /api/room-assignments/{id}: quantity, paymentDeadline, confirmationStatus, isPaid (admin). DELETE (admin). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(updateRoomAssignment(params.id, await readJson(request, roomAssignmentPatchSchema)));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteRoomAssignment({ id: params.id }));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
