import type { Route } from "./+types/album-uploads";
import { methodNotAllowed } from "~/utils/api.server";
import { tusAnswer } from "~/routes/album/tus.server";

/**
 * POST /api/album/uploads (guest): the tus endpoint (tus 1.0.0, creation,
 * creation-with-upload, termination). POST creates an upload (Upload-Length at
 * most 50 MB, within the quota); HEAD /api/album/uploads/{id} says how much
 * arrived; PATCH sends the next chunk; the last one keeps the photo (204 with
 * Album-Photo: its id) or refuses it (400, 413, 422 as POST /api/album/photos).
 * An upload is only ever its creator's; nothing here is served back (no GET).
 */
export function loader({ request }: Route.LoaderArgs) {
  if (request.method !== "HEAD") return methodNotAllowed(["POST", "HEAD", "PATCH", "DELETE", "OPTIONS"]);
  return tusAnswer(request);
}

export function action({ request }: Route.ActionArgs) {
  return tusAnswer(request);
}
