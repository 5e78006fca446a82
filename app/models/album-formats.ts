/**
 * Issue 39: what a file sent to the album is, read from its first bytes (a
 * phone's name or type header is never trusted), and the limits a photo must
 * keep, each with the message that names it.
 */
export const ALBUM_FORMATS = ["jpeg", "png", "webp", "avif", "heic"] as const;
export type AlbumFormat = (typeof ALBUM_FORMATS)[number];

export const MAX_PHOTO_BYTES = 50 * 1024 * 1024;
/** 50 megapixels: a 48 MP iPhone photo fits; a small file that decodes to a huge bitmap does not. */
export const MAX_PHOTO_PIXELS = 50_000_000;
export const MAX_PHOTOS_PER_FORM = 20;
export const DEFAULT_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;

/** The type an original is served with: set from the checked format, never from what was sent. */
export const FORMAT_MIME: Record<AlbumFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  heic: "image/heic",
};
export const FORMAT_EXTENSION: Record<AlbumFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif", heic: "heic" };

export function formatBytes(n: number) {
  if (n >= 1024 * 1024 * 1024) return `${Math.round((n / 1024 ** 3) * 10) / 10} GB`;
  if (n >= 1024 * 1024) return `${Math.round(n / 1024 ** 2)} MB`;
  return `${Math.max(0, Math.round(n / 1024))} KB`;
}

export const notAPhotoMessage = (name: string) => `${name} is not a photo we can keep - send JPEG, PNG, WebP, AVIF or HEIC.`;
export const photoTooLargeMessage = (name: string) => `${name} is larger than ${formatBytes(MAX_PHOTO_BYTES)}, the limit per photo.`;
export const tooManyPixelsMessage = (name: string) => `${name} has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels, the limit per photo.`;
export const quotaMessage = (quota: number, left: number) =>
  `Not enough album space - each invitation may share ${formatBytes(quota)} of photos and yours has ${formatBytes(left)} left. Nothing was kept.`;
export const tooManyPhotosMessage = `Send at most ${MAX_PHOTOS_PER_FORM} photos at a time.`;
export const NO_PHOTOS_MESSAGE = "Choose one or more photos.";
export const ALBUM_CLOSED_MESSAGE = "The album is closed for new photos.";
export const ALBUM_NOT_OPEN_MESSAGE = "The album is not open yet.";

/** HEIF brands of an iPhone photo (HEVC inside); AVIF brands are AV1, which the image library reads itself. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The format of a file from its first 64 bytes or so; null when it is none we keep. */
export function sniffFormat(head: Uint8Array): AlbumFormat | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (b.length >= 16 && b.toString("latin1", 4, 8) === "ftyp") {
    // The major brand, then the compatible ones: an AVIF may say mif1 first and avif later.
    const boxSize = Math.min(b.readUInt32BE(0), b.length);
    const brands = [b.toString("latin1", 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(b.toString("latin1", at, at + 4));
    if (brands.some((x) => AVIF_BRANDS.has(x))) return "avif";
    if (brands.some((x) => HEIC_BRANDS.has(x))) return "heic";
  }
  return null;
}

/**
 * The day a photo was taken, from the first EXIF date in the file's head
 * ("2026:06:13 21:04:55"; in JPEG, HEIC and the others alike, the EXIF block
 * sits near the start). A camera's clock is local time, which is the day the
 * guests lived. Null when there is none or it is implausible.
 */
export function exifDay(head: Uint8Array): string | null {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString("latin1");
  const match = /((?:19|20)\d\d):(0[1-9]|1[0-2]):(0[1-9]|[12]\d|3[01]) [0-2]\d:[0-5]\d:[0-5]\d/.exec(text);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
