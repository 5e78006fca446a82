import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { buffer as readAll } from "node:stream/consumers";
import sharp from "sharp";
import { MAX_PHOTO_PIXELS } from "./album-formats";
import { decodeHeic } from "./album-heic.server";
import { albumStore, incomingDir } from "./album-storage.server";
import { COPY_SIZES, copyKey, pendingCopies, photoRow, setCopies, type CopySize } from "./album.server";

/*
 * Issue 39: the album shows sized WebP copies, never the original. They are
 * made after the upload has been answered, one photo at a time (a 48 MP
 * decode takes a few hundred MB), under the image library's pixel limit, with
 * the EXIF orientation applied and every metadata (location too) left out:
 * sharp writes none unless asked.
 */

// One libvips thread per image (it takes every core by default): the copies
// are background work, and on a 2-core machine the guest pages' p99 went to
// 531 ms while 5 guests shared 200 photos (scripts/bench/album.mjs). Global to
// the process; an admin's room photo is encoded a little slower too.
sharp.concurrency(1);

const queue: string[] = [];
let running: Promise<void> | null = null;

/** Queues copies for these photos; they are made in the background. */
export function queueCopies(ids: string[]) {
  queue.push(...ids);
  running ??= drain().finally(() => (running = null));
  return running;
}

/** At start: photos whose copies were not made before a stop get them now. */
export function resumePendingCopies() {
  const ids = pendingCopies().map((p) => p.id);
  if (ids.length) void queueCopies(ids);
}

/** Resolves once every queued photo has its copies (tests, the bench). */
export const copiesSettled = () => running ?? Promise.resolve();

async function drain() {
  for (let id = queue.shift(); id; id = queue.shift()) {
    try {
      await makeCopies(id);
      setCopies(id, "ready");
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "album copy failed", id, error: String((error as Error)?.message ?? error) }));
      if (photoRow(id)) setCopies(id, "failed");
    }
  }
}

async function source(id: string) {
  const photo = photoRow(id);
  if (!photo) throw new Error("gone");
  const original = await readAll(albumStore().read(photo.storageKey));
  if (photo.format !== "heic") return sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate();
  const { width, height, pixels } = await decodeHeic(original);
  if (width * height > MAX_PHOTO_PIXELS) throw new Error("over the pixel limit");
  return sharp(pixels, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PHOTO_PIXELS });
}

async function makeCopies(id: string) {
  const image = await source(id);
  const dir = incomingDir();
  await mkdir(dir, { recursive: true });
  for (const size of Object.keys(COPY_SIZES) as CopySize[]) {
    const side = COPY_SIZES[size];
    const tmp = join(dir, `copy-${randomBytes(8).toString("hex")}.webp`);
    try {
      await image.clone().resize({ width: side, height: side, fit: "inside", withoutEnlargement: true }).webp({ quality: size === "thumb" ? 72 : 80 }).toFile(tmp);
      await albumStore().adopt(copyKey(id, size), tmp);
    } finally {
      await rm(tmp, { force: true });
    }
  }
}

