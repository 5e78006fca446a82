import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import { isAppError } from "../utils/errors";
import { ALBUM_CLOSED_MESSAGE, MAX_PHOTO_BYTES, photoTooLargeMessage, quotaMessage } from "./album-formats";
import { queueCopies } from "./album-copies.server";
import { incomingDir } from "./album-storage.server";
import { addPhotos, albumState, quotaLeft, type Uploader } from "./album.server";

/*
 * Issue 39, decision 082: resumable uploads with the tus protocol (the
 * reference server, @tus/server). A photo arrives in chunks into the incoming
 * folder; a dropped connection loses at most the chunk in flight, and the
 * page asks where to go on from. Each upload belongs to whoever created it
 * (kept server-side in its metadata, whatever the client sent); the finished
 * file goes through the same checks and quota as the plain form, then is kept
 * or removed.
 */

export const TUS_PATH = "/api/album/uploads";
const OWNER = "convite-owner";
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const scope = new AsyncLocalStorage<Uploader>();
const ownerKey = (u: Uploader) => `${u.partyId ?? ""}:${u.guestId ?? ""}`;
/** A tus hook refuses by throwing this shape; the body is the API's JSON error. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ message }) });

let server: Server | undefined;
let store: FileStore | undefined;

function tus() {
  if (server) return server;
  const directory = join(incomingDir(), "tus");
  store = new FileStore({ directory, expirationPeriodInMilliseconds: 7 * 24 * 3600 * 1000 });
  server = new Server({
    path: TUS_PATH,
    datastore: store,
    maxSize: MAX_PHOTO_BYTES,
    relativeLocation: true,
    async onUploadCreate(_req, upload) {
      const uploader = scope.getStore()!;
      const state = albumState();
      if (!state.accepting) throw refusal(403, ALBUM_CLOSED_MESSAGE);
      const name = displayName(upload.metadata?.filename);
      if ((upload.size ?? 0) > MAX_PHOTO_BYTES) throw refusal(413, photoTooLargeMessage(name));
      const left = quotaLeft(uploader);
      if ((upload.size ?? 0) > left) throw refusal(413, quotaMessage(state.settings.quotaBytes, left));
      return { metadata: { ...upload.metadata, [OWNER]: ownerKey(uploader) } };
    },
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      // The server names uploads 32 hex digits; anything else (a "../" in a decoded id) never reaches the folder.
      const upload = UPLOAD_ID.test(id) ? await store!.getUpload(id).catch(() => null) : null;
      // Someone else's upload is no upload at all for this caller.
      if (!upload || upload.metadata?.[OWNER] !== ownerKey(scope.getStore()!)) throw refusal(404, "Upload not found");
    },
    async onUploadFinish(_req, upload) {
      const uploader = scope.getStore()!;
      const path = join(directory, upload.id);
      try {
        const hash = await sha256(path);
        const { added, skipped } = await addPhotos(uploader, [{ name: displayName(upload.metadata?.filename), path, bytes: upload.size ?? 0, hash }]);
        void queueCopies(added.map((p) => p.id));
        return { status_code: 204, headers: { "Album-Photo": added[0]?.id ?? "", "Album-Skipped": String(skipped.length) } };
      } catch (error) {
        if (isAppError(error)) throw refusal(error.status, error.message);
        throw error;
      } finally {
        // Kept files were moved into the store; a refused or skipped one goes.
        await Promise.all([rm(path, { force: true }), rm(`${path}.json`, { force: true })]);
      }
    },
  });
  return server;
}

const displayName = (name: string | null | undefined) => (name ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 120) || "photo";

async function sha256(path: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Answers one tus request (POST, HEAD, PATCH, DELETE, OPTIONS) for `uploader`. */
export function handleTus(request: Request, uploader: Uploader) {
  return scope.run(uploader, () => tus().handleWeb(request));
}

