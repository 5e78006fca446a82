import { useState } from "react";
import { BedDoubleIcon, ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { fmt, useT } from "~/i18n";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { uploadSrcSet } from "~/utils/uploads";

const SIZES = "(min-width: 640px) 36rem, 100vw";

/**
 * The room's photos. With JavaScript: one photo at a time with previous and
 * next buttons and dots, looping at both ends. Without: a row of photos the
 * guest can swipe through (scroll snapping).
 */
export function PhotoCarousel({ urls, name }: { urls: readonly string[]; name: string }) {
  const t = useT().guest;
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const total = urls.length;

  if (total === 0) {
    return (
      <div className="flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-limestone text-olive">
        <BedDoubleIcon aria-hidden="true" className="size-10" />
        <p className="font-display text-xl font-semibold">{t.noPhotos}</p>
      </div>
    );
  }

  const alt = (i: number) => `${name}: ${fmt(t.photoOf, { n: i + 1, total })}`;

  if (!hydrated) {
    return (
      <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto rounded-2xl pb-2" aria-label={name}>
        {urls.map((url, i) => (
          <li key={url} className="w-[85%] shrink-0 snap-center first:w-full first:last:w-full">
            <img
              src={url}
              srcSet={uploadSrcSet(url)}
              sizes={SIZES}
              alt={alt(i)}
              loading="lazy"
              className="aspect-[16/10] w-full rounded-2xl object-cover"
            />
          </li>
        ))}
      </ul>
    );
  }

  const go = (next: number) => setIndex((next + total) % total);
  const arrow =
    "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md transition hover:bg-white focus-visible:ring-4 focus-visible:ring-wine/40 focus-visible:outline-none";

  return (
    <div role="group" aria-roledescription="carousel" aria-label={name} className="w-full">
      <div className="relative overflow-hidden rounded-2xl bg-limestone">
        <img
          key={urls[index]}
          src={urls[index]}
          srcSet={uploadSrcSet(urls[index]!)}
          sizes={SIZES}
          alt={alt(index)}
          className="aspect-[16/10] w-full object-cover transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none"
        />
        {total > 1 ? (
          <>
            <button type="button" onClick={() => go(index - 1)} className={cn(arrow, "left-2")} aria-label={t.previousPhoto}>
              <ChevronLeftIcon aria-hidden="true" className="size-5" />
            </button>
            <button type="button" onClick={() => go(index + 1)} className={cn(arrow, "right-2")} aria-label={t.nextPhoto}>
              <ChevronRightIcon aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <div className="mt-2 flex justify-center gap-1">
          {urls.map((url, i) => (
            <button
              key={url}
              type="button"
              onClick={() => go(i)}
              aria-label={fmt(t.showPhoto, { n: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              className="group inline-flex size-11 items-center justify-center rounded-full focus-visible:ring-4 focus-visible:ring-wine/40 focus-visible:outline-none"
            >
              <span
                aria-hidden="true"
                className={cn("size-2.5 rounded-full transition-colors", i === index ? "bg-wine" : "bg-ink/25 group-hover:bg-ink/45")}
              />
            </button>
          ))}
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {fmt(t.photoOf, { n: index + 1, total })}
      </p>
    </div>
  );
}
