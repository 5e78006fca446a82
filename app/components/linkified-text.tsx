import { Fragment } from "react";
import { cn } from "~/utils/cn";

/* Issue 23: the host's plain text, shown safely. Everything is a React text node (so "<script>" reads as
   text); only http/https addresses become links, opened without giving the new page access to this one. */

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

type Piece = { text: string; href?: string };

/** Splits a text into plain pieces and web addresses (only http: and https: that parse as URLs). */
export function linkPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, "");
    const start = match.index ?? 0;
    let href: string | undefined;
    try {
      const url = new URL(raw);
      if (url.protocol === "http:" || url.protocol === "https:") href = url.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** Plain text with its line breaks kept (CSS pre-wrap) and its web addresses as links. */
export function LinkifiedText({ text, className, linkClassName }: { text: string; className?: string; linkClassName?: string }) {
  return (
    <p className={cn("whitespace-pre-wrap [overflow-wrap:anywhere]", className)}>
      {linkPieces(text).map((p, n) =>
        p.href ? (
          <a key={n} href={p.href} rel="noopener noreferrer" target="_blank" className={cn("underline underline-offset-2", linkClassName)}>
            {p.text}
          </a>
        ) : (
          <Fragment key={n}>{p.text}</Fragment>
        ),
      )}
    </p>
  );
}
