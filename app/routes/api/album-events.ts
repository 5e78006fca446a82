import type { Route } from "./+types/album-events";
import { env } from "~/env.server";
import { albumListenerCount, onAlbumEvent } from "~/models/album-events.server";
import { ALBUM_NOT_OPEN_MESSAGE } from "~/models/album-formats";
import { albumState, newestShownPhotoId } from "~/models/album.server";
import { requireAlbumViewer } from "~/routes/album/viewer.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { BusyError, ForbiddenError } from "~/utils/errors";
import { eventStream, wantsEventStream } from "~/utils/event-stream.server";

const STREAMS_BUSY_MESSAGE = "Too many album screens are open. Please try again in a minute.";

/**
 * GET /api/album/events (guest once the album is open, or admin): the
 * slideshow's push channel (decision 082). With `Accept: text/event-stream`
 * an endless stream: `retry: 5000`, then `event: photo` with the newest
 * photo's id (`{"id": null}` when none), then `event: photo` {id} for each
 * photo that joins the shared album and `event: removed` {id} for each that
 * leaves it, and `: ping` every 25 s. Without it: 200 {newest: id | null}.
 * 401 nobody, 403 a guest before the album opens, 503 past the open streams' cap.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await allowedViewer(request);
    if (!wantsEventStream(request)) return json({ newest: newestShownPhotoId() });
    if (albumListenerCount() >= env().ALBUM_EVENT_STREAMS_MAX) throw new BusyError(STREAMS_BUSY_MESSAGE, 60);
    return eventStream(
      request,
      (send) => {
        send("photo", { id: newestShownPhotoId() });
        return onAlbumEvent((event) => send(event.type, { id: event.id }));
      },
      // Signed out, or the reveal moved later: a guest's stream ends at the next ping.
      { pingMs: env().ALBUM_EVENTS_PING_MS, stillAllowed: () => allowedViewer(request).then(() => true) },
    );
  });
}

/** The slideshow's viewers, as GET /api/album has them. */
async function allowedViewer(request: Request) {
  const viewer = await requireAlbumViewer(request);
  if (viewer.role === "guest" && !albumState().open) throw new ForbiddenError(ALBUM_NOT_OPEN_MESSAGE);
  return viewer;
}

export function action() {
  return methodNotAllowed(["GET"]);
}
