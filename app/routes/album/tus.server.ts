import { handleTus } from "~/models/album-tus.server";
import { handleApi } from "~/utils/api.server";
import { ForbiddenError } from "~/utils/errors";
import { requireAlbumViewer } from "./viewer.server";

/** One request to the tus endpoint (/api/album/uploads), for the signed-in guest. */
export async function tusAnswer(request: Request) {
  return handleApi(async () => {
    const viewer = await requireAlbumViewer(request);
    if (viewer.role !== "guest") throw new ForbiddenError("Photos are shared by guests, from their own invitation.");
    return asApiError(request, await handleTus(request, viewer.uploader));
  });
}

/**
 * The tus server's own refusals (a missing Tus-Resumable, a wrong offset or
 * content type, an unknown upload) are plain text, and the hooks' JSON goes
 * out untyped; a caller of the API reads a JSON error with a message
 * (CONTRACT.md 2). A HEAD answer keeps its empty body. A request for an
 * extension this server does not take (Upload-Concat: tus answers 501) is the
 * caller's error: 400, as the fuzz found.
 */
async function asApiError(request: Request, response: Response) {
  if (response.status < 400) return response;
  const status = response.status === 501 ? 400 : response.status;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const text = (await response.text()).trim();
  let message = text;
  try {
    message = String(JSON.parse(text).message ?? text);
  } catch {
    // Plain text: the message as it is.
  }
  return Response.json({ message: message || "The upload was refused." }, { status, headers });
}
