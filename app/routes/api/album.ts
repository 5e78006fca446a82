import type { Route } from "./+types/album";
import { albumState, guestPhotoView, isOwn, listShownPhotos } from "~/models/album.server";
import { pageParam } from "~/schemas/album";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { ForbiddenError } from "~/utils/errors";
import { ALBUM_NOT_OPEN_MESSAGE } from "~/models/album-formats";
import { requireAlbumViewer } from "~/routes/album/viewer.server";

/**
 * GET /api/album?page=N (guest or admin): the approved photos, newest day
 * first, 48 a page -> {photos: [{id, takenDay, sharedBy, width, height,
 * thumb, screen}], page, pages, total}. Before the album opens, 403 for guests.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireAlbumViewer(request);
    if (viewer.role === "guest" && !albumState().open) throw new ForbiddenError(ALBUM_NOT_OPEN_MESSAGE);
    const page = pageParam(new URL(request.url).searchParams.get("page"));
    const { photos, pages, total } = listShownPhotos(page);
    return json({
      photos: photos.map((p) => ({
        ...guestPhotoView(p, viewer.role === "guest" && isOwn(p, viewer.uploader)),
        thumb: `/album/photos/${p.id}/thumb.webp`,
        screen: `/album/photos/${p.id}/screen.webp`,
      })),
      page,
      pages,
      total,
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
