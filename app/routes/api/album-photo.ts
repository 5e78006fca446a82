import type { Route } from "./+types/album-photo";
import { deletePhoto, setPhotoStatus } from "~/models/album.server";
import { photoStatusSchema } from "~/schemas/album";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAlbumViewer } from "~/routes/album/viewer.server";

/**
 * PATCH /api/album/photos/{id} {status: "waiting" | "shown" | "hidden"} (admin) -> 200 {id, status}.
 * DELETE /api/album/photos/{id} (the guest who shared it, or admin) -> 204; its files are removed.
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      const { status } = await readJson(request, photoStatusSchema);
      const photo = setPhotoStatus(params.id, status);
      return json({ id: photo.id, status: photo.status });
    }
    if (request.method === "DELETE") {
      await deletePhoto(params.id, await requireAlbumViewer(request));
      return new Response(null, { status: 204 });
    }
    return methodNotAllowed(["PATCH", "DELETE"]);
  });
}

export function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
