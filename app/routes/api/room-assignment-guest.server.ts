import { requireRoomAssignment } from "~/models/room-assignments.server";
import { requireCaller, requireGuestFor } from "~/session.server";

/** Confirm and decline: the admin, or a guest of the party the room was assigned to (403 otherwise). */
export async function requireAssignmentOwner(request: Request, id: string) {
  await requireCaller(request);
  const assignment = requireRoomAssignment({ id });
  return requireGuestFor(request, { partyId: assignment.partyId });
}
