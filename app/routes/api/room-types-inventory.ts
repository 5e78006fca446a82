import type { Route } from "./+types/room-types-inventory";
import { roomTypesInventory } from "~/models/room-types.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/room-types-inventory (admin): every room type with totalUnits, assignedUnits, availableUnits. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(roomTypesInventory());
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
