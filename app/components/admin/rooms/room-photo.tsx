import { uploadSrcSet } from "~/utils/uploads";
import { cn } from "~/utils/cn";

/**
 * An uploaded photo at the size it is shown: the browser picks the 480, 960
 * or 2400 px copy from `sizes`, so a thumbnail never downloads the full image.
 */
export function RoomPhoto({ url, alt, sizes, className }: { url: string; alt: string; sizes: string; className?: string }) {
  return (
    <img
      src={url}
      srcSet={uploadSrcSet(url)}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={160}
      height={120}
      className={cn("aspect-[4/3] rounded-md bg-muted object-cover", className)}
    />
  );
}
