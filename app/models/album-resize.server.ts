import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { MAX_PHOTO_PIXELS, type AlbumFormat } from "./album-formats";
import { decodeHeic } from "./album-heic.server";

/*
 * Issue 39: the two sized WebP copies of one original, file to file. No
 * database and no store here: it runs in the copies' child process
 * (album-copies.worker.ts), or in the server itself where no worker is built.
 * Under the image library's pixel limit, turned per EXIF, with no metadata at
 * all (sharp writes none unless asked, so the location goes too).
 */

export type CopyJob = { input: string; format: AlbumFormat; screen: { path: string; side: number }; thumb: { path: string; side: number } };

const fit = (side: number) => ({ width: side, height: side, fit: "inside" as const, withoutEnlargement: true });

async function source(job: CopyJob) {
  // The file, not a buffer: libvips reads what it needs from the disk.
  if (job.format !== "heic") return sharp(job.input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate();
  // libheif (WASM) works on a whole buffer: 50 MB at most.
  const { width, height, pixels } = await decodeHeic(await readFile(job.input));
  if (width * height > MAX_PHOTO_PIXELS) throw new Error("over the pixel limit");
  return sharp(pixels, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PHOTO_PIXELS });
}

export async function makeCopyFiles(job: CopyJob) {
  const image = await source(job);
  await image.resize(fit(job.screen.side)).webp({ quality: 80 }).toFile(job.screen.path);
  // The thumbnail from the screen copy: the original (up to 50 MP) is decoded once.
  await sharp(job.screen.path).resize(fit(job.thumb.side)).webp({ quality: 72 }).toFile(job.thumb.path);
}
