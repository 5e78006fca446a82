import type { Route } from "./+types/album-photos";
import { receivePhotos } from "~/models/album-upload.server";
import { guestPhotoView, knownHashes, listOwnPhotos } from "~/models/album.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { ForbiddenError } from "~/utils/errors";
import { requireAlbumViewer } from "~/routes/album/viewer.server";

const GUESTS_ONLY = "Photos are shared by guests, from their own invitation.";

/**
 * GET /api/album/photos[?hash=<sha256>...] (guest): the caller's own photos
 * whatever their state, and which of the given content hashes they already
 * shared (the upload page skips those before sending) -> {photos, known}.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireAlbumViewer(request);
    if (viewer.role !== "guest") throw new ForbiddenError(GUESTS_ONLY);
    const hashes = new URL(request.url).searchParams.getAll("hash").filter((h) => /^[0-9a-f]{64}$/.test(h)).slice(0, 500);
    return json({
      photos: listOwnPhotos(viewer.uploader).map((p) => guestPhotoView(p, true)),
      known: knownHashes(viewer.uploader, hashes),
    });
  });
}

/**
 * POST /api/album/photos (guest), multipart, one or more `file` parts (at
 * most 20, 50 MB each): 201 {added: [{id, status}], skipped: [names]}.
 * 400 not a photo, 413 a file over 50 MB or the quota, 422 over 50 megapixels;
 * one refused and nothing is kept.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const viewer = await requireAlbumViewer(request);
    if (viewer.role !== "guest") throw new ForbiddenError(GUESTS_ONLY);
    const { added, skipped } = await receivePhotos(request, viewer.uploader);
    return json({ added: added.map((p) => ({ id: p.id, status: p.status })), skipped }, 201);
  });
}
