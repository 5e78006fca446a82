import type { Route } from "./+types/room-type-inventory";
import { roomTypeInventory } from "~/models/room-types.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/room-types/{id}/inventory (admin): the room type with totalUnits, assignedUnits, availableUnits. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(roomTypeInventory({ id: params.id }));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
