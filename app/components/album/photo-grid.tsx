import { Link } from "react-router";

export type Tile = { id: string; takenDay: string; sharedBy: string; width: number; height: number; ready: boolean };

const thumb = (id: string) => `/album/photos/${id}/thumb.webp`;
const screen = (id: string) => `/album/photos/${id}/screen.webp`;

/** A photo's small copy, with the screen copy offered for wide tiles (srcset); sized, so nothing jumps while it loads. */
export function PhotoThumb({ tile, alt, eager = false, pending = "…", wide = true }: { tile: Tile; alt: string; eager?: boolean; pending?: string; wide?: boolean }) {
  if (!tile.ready) return <span className="flex aspect-square items-center justify-center rounded-md bg-ink/10 p-1 text-center text-xs text-ink/70">{pending}</span>;
  return (
    <img
      src={thumb(tile.id)}
      srcSet={wide ? `${thumb(tile.id)} 480w, ${screen(tile.id)} 1600w` : undefined}
      sizes={wide ? "(min-width: 1024px) 200px, 33vw" : undefined}
      width={480}
      height={480}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-square h-auto w-full object-cover"
    />
  );
}

/** The album's grid: square tiles, three across on a phone, each a link to its full-screen view. */
export function PhotoGrid({ tiles, altFor, label }: { tiles: Tile[]; altFor: (t: Tile) => string; label: string }) {
  return (
    <ul className="grid grid-cols-3 gap-1 sm:grid-cols-4 lg:grid-cols-6" aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.id}>
          <Link to={`/album/${tile.id}`} className="block overflow-hidden rounded-md focus-visible:ring-4 focus-visible:ring-wine/40 focus-visible:outline-none">
            <PhotoThumb tile={tile} alt={altFor(tile)} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const dayHeading = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
