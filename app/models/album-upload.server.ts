import { createHash, randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { PayloadTooLargeError, ValidationError } from "../utils/errors";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_FORM, NO_PHOTOS_MESSAGE, photoTooLargeMessage, tooManyPhotosMessage } from "./album-formats";
import { queueCopies } from "./album-copies.server";
import { incomingDir } from "./album-storage.server";
import { addPhotos, type IncomingFile, type Uploader } from "./album.server";
import type { Actor } from "./activity.server";
import { displayName, recordFileNames } from "./uploads.server";

const NOT_MULTIPART = "Send the photos as multipart/form-data in the field file.";

/** A received file waits in the incoming folder under a random name until it is checked and kept. */
export async function incomingPath() {
  const dir = incomingDir();
  await mkdir(dir, { recursive: true });
  return join(dir, `in-${randomBytes(12).toString("hex")}`);
}

/**
 * POST /api/album/photos and the /album form: every `file` part is written to
 * the incoming folder (one part in memory at a time, 50 MB at most), then
 * all are kept or none. Answers what was added and what was skipped as a
 * photo this uploader had already shared.
 */
export async function receivePhotos(request: Request, uploader: Uploader, actor: Actor = "guest") {
  const contentType = request.headers.get("content-type") ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!contentType.startsWith("multipart/form-data") || !boundary || !request.body) throw new ValidationError(NOT_MULTIPART);
  const { stream, names } = recordFileNames(request.body, boundary[1] ?? boundary[2]!);
  const streamed = new Request(request.url, { method: "POST", headers: request.headers, body: stream, duplex: "half" } as RequestInit);
  const files: IncomingFile[] = [];
  let seen = 0;
  try {
    try {
      await parseFormData(streamed, { maxFileSize: MAX_PHOTO_BYTES, maxFiles: MAX_PHOTOS_PER_FORM }, async (file) => {
        seen++;
        if (file.fieldName !== "file" || file.size === 0) return null;
        const bytes = Buffer.from(await file.arrayBuffer());
        const path = await incomingPath();
        await writeFile(path, bytes, { flag: "wx" });
        files.push({ name: displayName(file.name), path, bytes: bytes.length, hash: createHash("sha256").update(bytes).digest("hex") });
        return null;
      });
    } catch (error) {
      if (error instanceof MaxFileSizeExceededError) throw new PayloadTooLargeError(photoTooLargeMessage(displayName(names[seen] ?? "file")));
      if (error instanceof MaxFilesExceededError) throw new ValidationError(tooManyPhotosMessage);
      if (error instanceof FormDataParseError || error instanceof MultipartParseError) throw new ValidationError(NOT_MULTIPART);
      throw error;
    }
    if (!files.length) throw new ValidationError(NO_PHOTOS_MESSAGE);
    const result = await addPhotos(uploader, files, actor);
    void queueCopies(result.added.map((p) => p.id));
    return result;
  } finally {
    // Kept files were moved into the store; what is left here was refused or skipped.
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  }
}
