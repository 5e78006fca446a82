import { CheckCircle2, Clock, Pencil, Trash2, XCircle } from "lucide-react";
import { cn } from "~/utils/cn";

/*
 * Icons repeated on every row of a table (a status badge, an edit or delete
 * button): drawn once per page as `<symbol>`s and referenced with
 * `<use href>`, so a row costs ~80 bytes per icon instead of a whole
 * lucide `<svg>` with its paths (issue 16). `<IconSprite />` sits once in the
 * admin shell; `<SpriteIcon name="clock" />` anywhere below it.
 */
const ICONS = {
  clock: Clock,
  "check-circle": CheckCircle2,
  "x-circle": XCircle,
  pencil: Pencil,
  trash: Trash2,
} as const;

export type SpriteIconName = keyof typeof ICONS;

/** The symbols, once per page (hidden, out of the accessibility tree). */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute size-0 overflow-hidden">
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon from the page's sprite; size it with a class (default 1rem, as lucide's `size-4`). */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cn("sprite-icon", className)}>
      <use href={`#i-${name}`} />
    </svg>
  );
}
