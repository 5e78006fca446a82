import type { Route } from "./+types/party-room-assignments";
import { requireParty } from "~/models/parties.server";
import { guestRoomAssignmentWithTypeView } from "~/models/guest-views.server";
import { createRoomAssignment, listPartyRoomAssignments } from "~/models/room-assignments.server";
import { partyRoomAssignmentSchema } from "~/schemas/room-assignment";
import { requireAdmin, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/parties/{id}/room-assignments: the party's rooms with their full room type (its guest or the admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireGuestFor(request, { partyId: params.id });
    requireParty({ id: params.id });
    const rooms = listPartyRoomAssignments({ partyId: params.id });
    return json(caller.role === "admin" ? rooms : rooms.map(guestRoomAssignmentWithTypeView));
  });
}

/** POST /api/parties/{id}/room-assignments (admin): {roomTypeId, quantity, paymentDeadline}. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    const input = await readJson(request, partyRoomAssignmentSchema);
    return json(createRoomAssignment({ ...input, partyId: params.id }), 201);
  });
}
