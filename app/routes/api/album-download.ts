import { Readable } from "node:stream";
import type { Route } from "./+types/album-download";
import { albumState } from "~/models/album.server";
import { ALBUM_NOT_OPEN_MESSAGE } from "~/models/album-formats";
import { albumZip } from "~/models/album-zip.server";
import { handleApi, methodNotAllowed } from "~/utils/api.server";
import { ForbiddenError } from "~/utils/errors";
import { requireAlbumViewer } from "~/routes/album/viewer.server";

/**
 * GET /api/album/download (guest or admin): one ZIP of the approved photos'
 * originals, streamed (application/zip, attachment "album.zip"), a folder per day.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireAlbumViewer(request);
    if (viewer.role === "guest" && !albumState().open) throw new ForbiddenError(ALBUM_NOT_OPEN_MESSAGE);
    const body = Readable.toWeb(albumZip() as Readable) as ReadableStream;
    return new Response(body, {
      headers: { "Content-Type": "application/zip", "Content-Disposition": 'attachment; filename="album.zip"', "Cache-Control": "no-store" },
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
