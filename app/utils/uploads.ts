/*
 * Uploaded photos, client-safe: the URL shape the server gives out and the
 * srcset of the smaller copies it stores beside each photo.
 */

/** Every stored photo: /uploads/<32 hex>.webp (the longest side at most 2400 px). */
export const UPLOAD_URL_PATTERN = /^\/uploads\/([a-f0-9]{32})\.webp$/;

/** Widths of the smaller copies, stored as /uploads/<name>-<width>.webp. */
export const UPLOAD_VARIANT_WIDTHS = [480, 960] as const;
export const UPLOAD_MAX_SIDE = 2400;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const invalidImageMessage = (file: string) => `Invalid file type - ${file} is not an image file`;
export const fileTooLargeMessage = (file: string) => `File too large - ${file} exceeds 10MB limit`;

/** The URLs of a photo's smaller copies, or [] for a URL that is not one of ours. */
export function uploadVariantUrls(url: string) {
  const name = UPLOAD_URL_PATTERN.exec(url)?.[1];
  return name ? UPLOAD_VARIANT_WIDTHS.map((w) => ({ width: w, url: `/uploads/${name}-${w}.webp` })) : [];
}

/**
 * `srcset` for an <img> of an uploaded photo ("... 480w, ... 960w, ... 2400w"),
 * or undefined for any other URL, so `<img srcSet={uploadSrcSet(url)}>` is always safe.
 */
export function uploadSrcSet(url: string) {
  const variants = uploadVariantUrls(url);
  if (variants.length === 0) return undefined;
  return [...variants.map((v) => `${v.url} ${v.width}w`), `${url} ${UPLOAD_MAX_SIDE}w`].join(", ");
}

/** The site's own artwork a venue gallery may show besides uploaded photos (issue 18). */
export const ARTWORK_URLS = ["art:villa-pool", "art:vineyard"] as const;
