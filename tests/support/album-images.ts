import { crc32 } from "node:zlib";
import sharp from "sharp";

/*
 * Issue 39: images for the album's tests, made here with sharp (its own test
 * pictures are not in its npm package), and the hostile ones made by hand.
 */

/** A photo-like JPEG (noise, like a real photo) with a phone's EXIF: the day, a turn, a location. */
export async function phonePhoto(width = 640, height = 480, seed = 1, { orientation, gps = true }: { orientation?: number; gps?: boolean } = {}) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729 + (i >> 5)) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "Apple", Model: "iPhone 15", DateTime: "2026:06:13 21:04:55" },
      ...(gps ? { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 42/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "9/1 8/1 0/1" } } : {}),
    })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
}

/** Incompressible PNG of about `mb` megabytes. */
export async function noisePng(mb: number, seed = 7) {
  const side = Math.ceil(Math.sqrt((mb * 1024 * 1024) / 3));
  const raw = Buffer.alloc(side * side * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x >> 16;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** A small PNG whose header declares width x height (its checksum fixed, so it parses). */
export async function declaredPng(width: number, height: number) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).png().toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A decompression bomb's shape: 9,000 x 9,000 of one colour, a few hundred KB that decode to 240 MB. */
export function bombPng() {
  return sharp({ create: { width: 9000, height: 9000, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
}
