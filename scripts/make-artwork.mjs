#!/usr/bin/env node
// Renders the hand-drawn SVG artwork in art/ to responsive AVIF + WebP files in
// app/assets/images/. Run after editing any art/*.svg:
//
//   node scripts/make-artwork.mjs            # all images
//   node scripts/make-artwork.mjs hero       # just one
//
// Each SVG is rasterised at twice the target width and downscaled, which gives
// cleaner anti-aliasing on the fine vine rows than rendering at 1x.
import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const artDir = path.join(root, "art");
const outDir = path.join(root, "app/assets/images");

/** name -> widths to produce. The SVGs declare their own aspect ratio. */
const IMAGES = {
  hero: [640, 1280, 1920],
  "villa-pool": [480, 960],
  vineyard: [480, 960],
};

// Tuned by eye and by file size: smooth gradients survive these settings
// without visible banding, and the files stay small (see the size report).
const AVIF = { quality: 60, effort: 7, chromaSubsampling: "4:2:0" };
const WEBP = { quality: 80, effort: 6, smartSubsample: true };
const SUPERSAMPLE = 2;

const only = process.argv.slice(2);
const names = only.length ? only : Object.keys(IMAGES);
for (const name of names) {
  if (!IMAGES[name]) {
    console.error(`Unknown image "${name}". Known: ${Object.keys(IMAGES).join(", ")}`);
    process.exit(1);
  }
}

await mkdir(outDir, { recursive: true });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

for (const name of names) {
  const svg = await readFile(path.join(artDir, `${name}.svg`));
  const meta = await sharp(svg).metadata();
  if (!meta.width || !meta.height) throw new Error(`${name}.svg has no intrinsic size`);
  for (const width of IMAGES[name]) {
    const density = (72 * width * SUPERSAMPLE) / meta.width;
    const height = Math.round((width * meta.height) / meta.width);
    const raster = await sharp(svg, { density })
      .resize(width, height, { fit: "fill", kernel: "lanczos3" })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = () => sharp(raster.data, { raw: raster.info });
    const base = path.join(outDir, `${name}-${width}`);
    await input().avif(AVIF).toFile(`${base}.avif`);
    await input().webp(WEBP).toFile(`${base}.webp`);
    const [a, w] = await Promise.all([stat(`${base}.avif`), stat(`${base}.webp`)]);
    console.log(`${name}-${width} (${width}x${height})  avif ${kb(a.size).padStart(9)}  webp ${kb(w.size).padStart(9)}`);
  }
}
