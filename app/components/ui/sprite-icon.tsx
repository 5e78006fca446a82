import spriteUrl from "~/assets/admin-icons.svg?no-inline";
import { cn } from "~/utils/cn";

/*
 * Icons of the admin pages (a table row's status badge, edit and delete
 * buttons, the menu drawn twice per page): one SVG file of `<symbol>`s,
 * written by scripts/icon-sprite.mjs from lucide's shapes, served as a hashed
 * asset cached for a year, and referenced with `<use href>`. An icon costs a
 * page ~100 bytes instead of a whole `<svg>` with its paths, and the shapes
 * are not in the HTML at all (issue 16).
 */
export const SPRITE_ICON_NAMES = [
  "clock",
  "check-circle",
  "x-circle",
  "pencil",
  "trash",
  "message-circle",
  "check",
  "plus",
  "upload",
  "download",
  "printer",
  "bell",
  "dashboard",
  "users",
  "users-round",
  "send",
  "clipboard-check",
  "history",
  "credit-card",
  "bed-double",
  "hotel",
  "calendar-days",
  "calendar-check",
  "settings",
  "shield-check",
  "mail",
  "log-out",
  "menu",
  "panel-left",
  "list",
  "gift",
] as const;

export type SpriteIconName = (typeof SPRITE_ICON_NAMES)[number];

/** A decorative icon from the sprite; size it with a class (default 1rem, as lucide's `size-4`). */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cn("sprite-icon", className)}>
      <use href={`${spriteUrl}#i-${name}`} />
    </svg>
  );
}
