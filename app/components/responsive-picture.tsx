import type { ResponsiveImage } from "~/assets/images";

type Props = {
  image: ResponsiveImage;
  /** Empty string for decorative images. */
  alt: string;
  /** The `sizes` attribute, e.g. "100vw" or "(min-width: 640px) 50vw, 100vw". */
  sizes: string;
  /** Applied to the <img>, which is what gets laid out. */
  className?: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
};

const srcSet = (sources: ResponsiveImage["avif"]) => sources.map(({ src, w }) => `${src} ${w}w`).join(", ");

/** A <picture> offering AVIF, then WebP, with the intrinsic size set to avoid layout shift. */
export function ResponsivePicture({ image, alt, sizes, className, loading = "lazy", fetchPriority }: Props) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.webp)} sizes={sizes} />
      <img
        src={image.fallback}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}
