import type { Route } from "./+types/room-types";
import { createRoomType, listRoomTypes } from "~/models/room-types.server";
import { roomTypeSchema } from "~/schemas/room-type";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/room-types (admin). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(listRoomTypes());
  });
}

/** POST /api/room-types (admin); imageUrls are URLs from POST /api/upload/images. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createRoomType(await readJson(request, roomTypeSchema)), 201);
  });
}
