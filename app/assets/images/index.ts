// Responsive renditions of the site's own artwork (source SVGs live in art/,
// regenerate with `node scripts/make-artwork.mjs`). Vite turns each import into
// a hashed asset URL.
import hero640avif from "./hero-640.avif";
import hero640webp from "./hero-640.webp";
import hero1280avif from "./hero-1280.avif";
import hero1280webp from "./hero-1280.webp";
import hero1920avif from "./hero-1920.avif";
import hero1920webp from "./hero-1920.webp";
import villaPool480avif from "./villa-pool-480.avif";
import villaPool480webp from "./villa-pool-480.webp";
import villaPool960avif from "./villa-pool-960.avif";
import villaPool960webp from "./villa-pool-960.webp";
import vineyard480avif from "./vineyard-480.avif";
import vineyard480webp from "./vineyard-480.webp";
import vineyard960avif from "./vineyard-960.avif";
import vineyard960webp from "./vineyard-960.webp";

export type ImageSource = { src: string; w: number };

export type ResponsiveImage = {
  /** Intrinsic size of the largest rendition (sets the aspect ratio). */
  width: number;
  height: number;
  avif: ImageSource[];
  webp: ImageSource[];
  /** Used by the <img> itself, for browsers that ignore <source>. */
  fallback: string;
};

/** Golden-hour panorama: a quinta on a hill above the vineyards (16:9). */
export const heroImage: ResponsiveImage = {
  width: 1920,
  height: 1080,
  avif: [
    { src: hero640avif, w: 640 },
    { src: hero1280avif, w: 1280 },
    { src: hero1920avif, w: 1920 },
  ],
  webp: [
    { src: hero640webp, w: 640 },
    { src: hero1280webp, w: 1280 },
    { src: hero1920webp, w: 1920 },
  ],
  fallback: hero1280webp,
};

/** The whitewashed villa across the pool, with loungers and festoon lights (4:3). */
export const villaPoolImage: ResponsiveImage = {
  width: 960,
  height: 720,
  avif: [
    { src: villaPool480avif, w: 480 },
    { src: villaPool960avif, w: 960 },
  ],
  webp: [
    { src: villaPool480webp, w: 480 },
    { src: villaPool960webp, w: 960 },
  ],
  fallback: villaPool960webp,
};

/** Vine rows running toward a low sun, an olive tree on the headland (4:3). */
export const vineyardImage: ResponsiveImage = {
  width: 960,
  height: 720,
  avif: [
    { src: vineyard480avif, w: 480 },
    { src: vineyard960avif, w: 960 },
  ],
  webp: [
    { src: vineyard480webp, w: 480 },
    { src: vineyard960webp, w: 960 },
  ],
  fallback: vineyard960webp,
};
