import { Readable } from "node:stream";
import type { Route } from "./+types/file";
import { albumStore } from "~/models/album-storage.server";
import { copyKey, readablePhoto } from "~/models/album.server";
import { FORMAT_EXTENSION, FORMAT_MIME } from "~/models/album-formats";
import { handleApi } from "~/utils/api.server";
import { NotFoundError } from "~/utils/errors";
import { readOriginal } from "~/models/album-zip.server";
import { requireAlbumViewer } from "./viewer.server";

/**
 * /album/photos/{id}/thumb.webp | screen.webp | original[?download]: one
 * photo's file, for whoever may see the photo (album.server.ts readablePhoto).
 * Never under the name or type it was sent with: the type is the checked
 * format's, the name the photo's id.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const photo = readablePhoto(params.id, await requireAlbumViewer(request));
    // Matched without regard to case, like every route (decision 075): so is the variant.
    const variant = params.variant.toLowerCase();
    const size = variant === "thumb.webp" ? "thumb" : variant === "screen.webp" ? "screen" : null;
    if (!size && variant !== "original") throw new NotFoundError();
    if (size && photo.copies !== "ready") throw new NotFoundError("This photo is still being prepared.");
    const key = size ? copyKey(photo.id, size) : `originals/${photo.id}`;
    const bytes = await albumStore().size(key);
    if (bytes === null) throw new NotFoundError();
    const download = new URL(request.url).searchParams.has("download");
    const name = `photo-${photo.id.slice(0, 8)}.${size ? "webp" : FORMAT_EXTENSION[photo.format]}`;
    const stream = size ? albumStore().read(key) : readOriginal(key, bytes);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": size ? "image/webp" : FORMAT_MIME[photo.format],
        "Content-Length": String(bytes),
        "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${name}"`,
        // Private: whether a photo may be seen can change (the host hides it).
        "Cache-Control": "private, max-age=3600",
      },
    });
  });
}
