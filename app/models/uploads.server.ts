import { randomBytes } from "node:crypto";
import { unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { like } from "drizzle-orm";
import sharp from "sharp";
import { roomTypes } from "../../db/schema";
import { db } from "../db.server";
import { env } from "../env.server";
import { PayloadTooLargeError, ValidationError } from "../utils/errors";
import {
  fileTooLargeMessage,
  invalidImageMessage,
  MAX_UPLOAD_BYTES,
  UPLOAD_MAX_SIDE,
  UPLOAD_URL_PATTERN,
  UPLOAD_VARIANT_WIDTHS,
  uploadVariantUrls,
} from "../utils/uploads";
import { deleteRoomType, getRoomType, updateRoomType, type RoomTypeInput } from "./room-types.server";
import { recordActivity } from "./activity.server";

export const MAX_FILES_PER_UPLOAD = 10;
/** About 40 megapixels: a small file that decodes to a huge bitmap (a "bomb") is refused. */
const MAX_INPUT_PIXELS = 40_000_000;

export const NO_FILES_MESSAGE = "No files uploaded - Choose one or more images.";
export const NOT_MULTIPART_MESSAGE = "Send the images as multipart/form-data in the field files.";
export const TOO_MANY_FILES_MESSAGE = `Too many files - Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`;
export const tooManyPixelsMessage = (file: string) => `Image too large - ${file} has more than 40 megapixels.`;

const uploadDir = () => resolve(env().UPLOAD_DIR);

type Received = { name: string; bytes: Buffer };
type Encoded = { base: string; files: { name: string; bytes: Buffer }[] };

/**
 * The multipart parser says a part was too big but not which: read the part
 * headers as the body streams past, so the 413 can name the file. The
 * boundary cannot occur inside a part, so every "--boundary" starts a header.
 */
export function recordFileNames(body: ReadableStream<Uint8Array>, boundary: string) {
  const names: string[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  const headerEnd = Buffer.from("\r\n\r\n");
  let carry = Buffer.alloc(0);
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const buf = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        let from = 0;
        let pending: number | undefined;
        for (;;) {
          const at = buf.indexOf(delimiter, from);
          if (at === -1) break;
          const end = buf.indexOf(headerEnd, at + delimiter.length);
          if (end === -1) {
            pending = at;
            break;
          }
          const header = buf.subarray(at + delimiter.length, end).toString("utf8");
          const filename = /filename\*?=(?:UTF-8'')?"?([^";\r\n]*)"?/i.exec(header)?.[1];
          if (filename !== undefined) names.push(safeDecode(filename));
          from = end + headerEnd.length;
        }
        // Keep an unfinished header, or just enough bytes for a delimiter cut in two.
        const keepFrom = pending ?? Math.max(from, buf.length - delimiter.length);
        carry = buf.length - keepFrom > 64 * 1024 ? Buffer.alloc(0) : Buffer.from(buf.subarray(keepFrom));
        controller.enqueue(chunk);
      },
    }),
  );
  return { stream, names };
}

function safeDecode(name: string) {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A file name fit to quote back in a message (no control characters, not endless). */
export const displayName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 120) || "file";

/** Streams the multipart body; each file in `field` is read up to 10MB (413 beyond, naming it). */
async function receiveFiles(request: Request, field: string): Promise<Received[]> {
  const contentType = request.headers.get("content-type") ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!contentType.startsWith("multipart/form-data") || !boundary || !request.body) {
    throw new ValidationError(NOT_MULTIPART_MESSAGE);
  }
  const { stream, names } = recordFileNames(request.body, boundary[1] ?? boundary[2]!);
  const streamed = new Request(request.url, { method: "POST", headers: request.headers, body: stream, duplex: "half" } as RequestInit);
  const received: Received[] = [];
  let filesSeen = 0;
  try {
    await parseFormData(streamed, { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: MAX_FILES_PER_UPLOAD }, async (file) => {
      filesSeen++;
      // A file input left empty still sends a part, with no bytes: that is no file.
      if (file.fieldName !== field || file.size === 0) return null;
      received.push({ name: displayName(file.name), bytes: Buffer.from(await file.arrayBuffer()) });
      return null;
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      throw new PayloadTooLargeError(fileTooLargeMessage(displayName(names[filesSeen] ?? "file")));
    }
    if (error instanceof MaxTotalSizeExceededError) throw new PayloadTooLargeError(TOO_MANY_FILES_MESSAGE);
    if (error instanceof MaxFilesExceededError) throw new ValidationError(TOO_MANY_FILES_MESSAGE);
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) throw new ValidationError(NOT_MULTIPART_MESSAGE);
    throw error;
  }
  return received;
}

/**
 * Decodes one file as an image, whatever its name or type header says, and
 * re-encodes it: turned upright per EXIF, longest side at most 2400 px,
 * WebP, no metadata (sharp drops it unless asked), plus smaller copies.
 */
async function encode(file: Received): Promise<Encoded> {
  const input = () => sharp(file.bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
  try {
    const meta = await input().metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error)?.message))) throw new ValidationError(tooManyPixelsMessage(file.name));
    throw new ValidationError(invalidImageMessage(file.name));
  }
  const base = randomBytes(16).toString("hex");
  try {
    const upright = input().autoOrient();
    const full = await upright
      .clone()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const variants = await Promise.all(
      UPLOAD_VARIANT_WIDTHS.map(async (width) => ({
        name: `${base}-${width}.webp`,
        bytes: await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { base, files: [{ name: `${base}.webp`, bytes: full }, ...variants] };
  } catch {
    // Headers that parse but pixel data that does not (a truncated file) is not an image either.
    throw new ValidationError(invalidImageMessage(file.name));
  }
}

/** Writes every file or none: a failure part-way removes what was written. */
async function writeAll(encoded: Encoded[]) {
  const dir = uploadDir();
  const written: string[] = [];
  try {
    for (const image of encoded) {
      for (const f of image.files) {
        const path = join(dir, f.name);
        await writeFile(path, f.bytes, { flag: "wx" });
        written.push(path);
      }
    }
  } catch (error) {
    await Promise.all(written.map((p) => unlink(p).catch(() => {})));
    throw error;
  }
}

/**
 * POST /api/upload/images (and any page that uploads): every file in `field`
 * must be an image of at most 10MB; if any is refused nothing is stored.
 * Answers the public URLs of the stored photos, in the order sent.
 */
export async function storeUploadedImages(request: Request, field = "files") {
  const received = await receiveFiles(request, field);
  if (received.length === 0) throw new ValidationError(NO_FILES_MESSAGE);
  const encoded: Encoded[] = [];
  // One at a time: each decode can take a few hundred MB at the pixel limit.
  for (const file of received) encoded.push(await encode(file));
  await writeAll(encoded);
  const urls = encoded.map((e) => `/uploads/${e.base}.webp`);
  recordActivity({ actor: "admin", kind: "settings", summary: `${urls.length} photo${urls.length === 1 ? "" : "s"} uploaded: ${urls.join(", ")}` });
  return urls;
}

/**
 * Stores images the server already holds (the demo's room photos), through
 * the same decode and re-encode as an upload. Answers their public URLs.
 */
export async function storeImageBytes(images: Received[]) {
  const encoded: Encoded[] = [];
  for (const image of images) encoded.push(await encode(image));
  await writeAll(encoded);
  return encoded.map((e) => `/uploads/${e.base}.webp`);
}

/** Deletes a photo and its smaller copies. Only our own URL shape maps to a file. */
async function deleteUpload(url: string) {
  const match = UPLOAD_URL_PATTERN.exec(url);
  if (!match) return;
  const dir = uploadDir();
  const names = [`${match[1]}.webp`, ...uploadVariantUrls(url).map((v) => v.url.slice("/uploads/".length))];
  await Promise.all(names.map((n) => unlink(join(dir, n)).catch(() => {})));
}

/** Removes the photos no room type refers to any more (one may be shared by two room types). */
export async function removeUnusedUploads(urls: string[]) {
  for (const url of new Set(urls)) {
    if (!UPLOAD_URL_PATTERN.test(url)) continue;
    const stillUsed = db.select({ id: roomTypes.id }).from(roomTypes).where(like(roomTypes.imageUrls, `%"${url}"%`)).get();
    if (!stillUsed) await deleteUpload(url);
  }
}

/** Deletes a room type and then its photo files (CONTRACT.md 5 / SPEC.md 3). */
export async function deleteRoomTypeWithPhotos({ id }: { id: string }) {
  const deleted = deleteRoomType({ id });
  await removeUnusedUploads(deleted.imageUrls);
  return deleted;
}

/** Updates a room type; photos taken out of its list are deleted from disk. */
export async function updateRoomTypeWithPhotos(id: string, changes: Partial<RoomTypeInput>) {
  const before = getRoomType({ id });
  const updated = updateRoomType(id, changes);
  if (before && changes.imageUrls) {
    await removeUnusedUploads(before.imageUrls.filter((u) => !updated.imageUrls.includes(u)));
  }
  return updated;
}
