import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import { MaxFileSizeExceededError, MultipartParseError, parseMultipartStream, type MultipartPart } from "@remix-run/multipart-parser";
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

/** One file part written to the incoming folder under a random name, with its size and SHA-256. */
async function keepPart(part: MultipartPart): Promise<IncomingFile> {
  const path = await incomingPath();
  const handle = await open(path, "wx");
  const hash = createHash("sha256");
  try {
    for (const chunk of part.content) {
      hash.update(chunk);
      await handle.write(chunk);
    }
  } catch (error) {
    await handle.close();
    await rm(path, { force: true });
    throw error;
  }
  await handle.close();
  return { name: displayName(part.filename ?? ""), path, bytes: part.size, hash: hash.digest("hex") };
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
  const files: IncomingFile[] = [];
  let seen = 0;
  try {
    try {
      // Each part's bytes go to disk as they were read off the connection, hashed on the way:
      // no copy of a photo is made in memory (a File, then its ArrayBuffer, was two per photo).
      for await (const part of parseMultipartStream(stream, { boundary: boundary[1] ?? boundary[2]!, maxFileSize: MAX_PHOTO_BYTES, maxTotalSize: MAX_PHOTOS_PER_FORM * MAX_PHOTO_BYTES + 1024 * 1024 })) {
        if (part.filename === undefined) continue;
        if (++seen > MAX_PHOTOS_PER_FORM) throw new ValidationError(tooManyPhotosMessage);
        if (part.name !== "file" || part.size === 0) continue;
        files.push(await keepPart(part));
      }
    } catch (error) {
      if (error instanceof MaxFileSizeExceededError) throw new PayloadTooLargeError(photoTooLargeMessage(displayName(names[seen] ?? "file")));
      if (error instanceof MultipartParseError) throw new ValidationError(NOT_MULTIPART);
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
