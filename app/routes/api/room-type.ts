import type { Route } from "./+types/room-type";
import { requireRoomType } from "~/models/room-types.server";
import { deleteRoomTypeWithPhotos, updateRoomTypeWithPhotos } from "~/models/uploads.server";
import { roomTypePatchSchema } from "~/schemas/room-type";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/room-types/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(requireRoomType({ id: params.id }));
  });
}

/**
 * PATCH /api/room-types/{id}: totalUnits below what is assigned is 409; photos
 * taken out of imageUrls are deleted. DELETE removes its assignments and photos.
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(await updateRoomTypeWithPhotos(params.id, await readJson(request, roomTypePatchSchema)));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      const deleted = await deleteRoomTypeWithPhotos({ id: params.id });
      return json({ id: deleted.id });
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
