import type { Route } from "./+types/upload-images";
import { storeUploadedImages } from "~/models/uploads.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/**
 * POST /api/upload/images (admin), multipart field `files`: each an image of
 * at most 10MB, re-encoded to WebP; 201 {urls}. One bad file and nothing is kept.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    return json({ urls: await storeUploadedImages(request) }, 201);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
