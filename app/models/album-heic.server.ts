/*
 * Issue 39: iPhone photos are HEIC (HEVC inside). The image library's
 * prebuilt build reads no HEVC (a patent matter), so a WASM build of libheif
 * (heic-decode) decodes them. It works on a whole buffer: 50 MB at most.
 * Loaded with the first HEIC, not before: libheif's WASM costs a process
 * that never meets one (the copies' child, made afresh for each batch) its
 * memory for nothing.
 */
const decoder = () => import("heic-decode").then((m) => m.default);

/** The primary image's size, from the container alone: nothing is decoded. */
export async function decodeHeicSize(buffer: Buffer) {
  const images = await (await decoder()).all({ buffer });
  try {
    const first = images[0];
    if (!first) throw new Error("no image");
    return { width: first.width, height: first.height };
  } finally {
    images.dispose();
  }
}

/** The primary image as RGBA pixels, turned as the file says (libheif applies the rotation itself). */
export async function decodeHeic(buffer: Buffer) {
  const { width, height, data } = await (await decoder())({ buffer });
  return { width, height, pixels: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
}
