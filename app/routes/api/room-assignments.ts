import type { Route } from "./+types/room-assignments";
import { createRoomAssignment, listRoomAssignments } from "~/models/room-assignments.server";
import { roomAssignmentFiltersSchema, roomAssignmentSchema } from "~/schemas/room-assignment";
import { requireAdmin, requireAdminPerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { handleApi, json, methodNotAllowed, parseWith, readJson } from "~/utils/api.server";

/** GET /api/room-assignments[?status=] (admin): each with its party (name) and room type (name, location). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    const filters = parseWith(roomAssignmentFiltersSchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(guestCredentialsFor(person, listRoomAssignments(filters)));
  });
}

/** POST /api/room-assignments (admin): over-booking and a second assignment of the same pair are 409. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createRoomAssignment(await readJson(request, roomAssignmentSchema)), 201);
  });
}
