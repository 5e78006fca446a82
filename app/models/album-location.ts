import { crc32 } from "node:zlib";

/*
 * Issue 39: a phone writes where a photo was taken into its EXIF. The copies
 * the album shows carry no metadata at all; the originals in "download all"
 * keep theirs, but for the location unless the host chose to keep it. The
 * EXIF block sits near the start of a JPEG, WebP, PNG and an iPhone HEIC, so
 * the GPS block is wiped in the file's head, in place: same length, every
 * offset still right, nothing re-encoded.
 */

export const LOCATION_HEAD_BYTES = 256 * 1024;
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const GPS_POINTER = 0x8825;

/** Every TIFF header of an EXIF block in `head`: after "Exif\0\0" (JPEG, WebP, HEIC) or a PNG eXIf chunk's type. */
function tiffStarts(head: Buffer) {
  const starts: { at: number; pngChunk?: number }[] = [];
  for (let i = head.indexOf("Exif\0\0", 0, "latin1"); i !== -1; i = head.indexOf("Exif\0\0", i + 6, "latin1")) starts.push({ at: i + 6 });
  for (let i = head.indexOf("eXIf", 0, "latin1"); i !== -1; i = head.indexOf("eXIf", i + 4, "latin1")) starts.push({ at: i + 4, pngChunk: i - 4 });
  return starts;
}

/** Wipes the GPS block of every EXIF found in `head` (changed in place). Answers how many it wiped. */
export function wipeLocation(head: Buffer) {
  let wiped = 0;
  for (const { at, pngChunk } of tiffStarts(head)) {
    if (wipeGps(head, at)) {
      wiped++;
      if (pngChunk !== undefined) fixPngCrc(head, pngChunk);
    }
  }
  return wiped;
}

function wipeGps(b: Buffer, tiff: number) {
  if (tiff + 8 > b.length) return false;
  const order = b.toString("latin1", tiff, tiff + 2);
  if (order !== "II" && order !== "MM") return false;
  const le = order === "II";
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  if (u16(tiff + 2) !== 42) return false;
  const ifd0 = tiff + u32(tiff + 4);
  if (ifd0 + 2 > b.length) return false;
  const entries = u16(ifd0);
  for (let e = 0; e < entries; e++) {
    const entry = ifd0 + 2 + e * 12;
    if (entry + 12 > b.length) return false;
    if (u16(entry) !== GPS_POINTER) continue;
    const gps = tiff + u32(entry + 8);
    const gpsEntries = gps + 2 <= b.length ? u16(gps) : 0;
    const gpsEnd = gps + 2 + gpsEntries * 12 + 4;
    if (gps + 2 <= b.length && gpsEnd <= b.length) {
      for (let g = 0; g < gpsEntries; g++) {
        const item = gps + 2 + g * 12;
        const size = (TYPE_SIZE[u16(item + 2)] ?? 1) * u32(item + 4);
        const data = tiff + u32(item + 8);
        if (size > 4 && data + size <= b.length) b.fill(0, data, data + size);
      }
      b.fill(0, gps, gpsEnd);
    }
    // The pointer itself goes too, so no reader looks for a GPS block even if it lay past the head.
    b.fill(0, entry, entry + 12);
    if (le) b.writeUInt16LE(0xffff, entry);
    else b.writeUInt16BE(0xffff, entry);
    return true;
  }
  return false;
}

function fixPngCrc(b: Buffer, chunk: number) {
  if (chunk < 0) return;
  const length = b.readUInt32BE(chunk);
  const end = chunk + 8 + length;
  if (end + 4 > b.length) return;
  b.writeUInt32BE(crc32(b.subarray(chunk + 4, end)) >>> 0, end);
}
