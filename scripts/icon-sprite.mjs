#!/usr/bin/env node
// Writes app/assets/admin-icons.svg and guest-icons.svg: the admin and guest pages' icons as one SVG sprite
// of <symbol>s, drawn from lucide-react's own shapes. The pages reference it
// (`<use href="/assets/admin-icons-HASH.svg#i-pencil">`), so its bytes are
// fetched once and cached for a year instead of sent in every page's HTML
// (issue 16). `node scripts/icon-sprite.mjs` rewrites it; `--check` exits 1
// when the committed file differs (run by app/components/ui/sprite-icon.test.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";

/** Sprite name -> lucide-react export. Keep in step with SpriteIconName in app/components/ui/sprite-icon.tsx. */
export const SPRITE_ICONS = {
  clock: "Clock",
  "check-circle": "CheckCircle2",
  "x-circle": "XCircle",
  pencil: "Pencil",
  trash: "Trash2",
  "message-circle": "MessageCircle",
  check: "Check",
  plus: "Plus",
  upload: "Upload",
  download: "Download",
  printer: "Printer",
  bell: "Bell",
  dashboard: "LayoutDashboard",
  users: "Users",
  "users-round": "UsersRound",
  send: "Send",
  "clipboard-check": "ClipboardCheck",
  history: "History",
  "credit-card": "CreditCard",
  "bed-double": "BedDouble",
  hotel: "Hotel",
  "calendar-days": "CalendarDays",
  "calendar-check": "CalendarCheck",
  settings: "Settings",
  "shield-check": "ShieldCheck",
  mail: "Mail",
  "log-out": "LogOut",
  menu: "Menu",
  "panel-left": "PanelLeft",
  list: "List",
  gift: "Gift",
};

/**
 * The guest pages' icons (issue 28): drawn into every page's HTML and script
 * before, ~10 KB of markup on My RSVP and 2 KB of its JavaScript. Sprite name
 * (the class lucide gives it) -> lucide-react export. Keep in step with
 * app/components/guest/icons.tsx.
 */
export const GUEST_ICONS = {
  "arrow-left": "ArrowLeft",
  banknote: "Banknote",
  "bed-double": "BedDouble",
  "calendar-clock": "CalendarClock",
  "calendar-days": "CalendarDays",
  "calendar-plus": "CalendarPlus",
  "circle-check": "CircleCheck",
  check: "Check",
  "chevron-down": "ChevronDown",
  "chevron-left": "ChevronLeft",
  "chevron-right": "ChevronRight",
  "circle-dashed": "CircleDashed",
  clock: "Clock",
  "credit-card": "CreditCard",
  "external-link": "ExternalLink",
  heart: "Heart",
  house: "House",
  hotel: "Hotel",
  info: "Info",
  "key-round": "KeyRound",
  landmark: "Landmark",
  lock: "Lock",
  "log-out": "LogOut",
  "mail-check": "MailCheck",
  mail: "Mail",
  pencil: "Pencil",
  phone: "Phone",
  "refresh-cw": "RefreshCw",
  "rotate-ccw": "RotateCcw",
  save: "Save",
  send: "Send",
  smartphone: "Smartphone",
  sparkles: "Sparkles",
  trash: "Trash2",
  "triangle-exclamation-point": "TriangleAlert",
  "user-plus": "UserPlus",
  "circle-x": "CircleX",
  x: "X",
};

export function spriteSource(icons = SPRITE_ICONS) {
  const symbols = Object.entries(icons).map(([name, exported]) => {
    const Icon = lucide[exported];
    if (!Icon) throw new Error(`lucide-react has no ${exported}`);
    const markup = renderToStaticMarkup(createElement(Icon));
    const inner = markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="i-${name}" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</g></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<!-- lucide icons (ISC licence), written by scripts/icon-sprite.mjs -->\n${symbols.join("\n")}\n</svg>\n`;
}

const targets = [
  { file: "admin-icons.svg", icons: SPRITE_ICONS },
  { file: "guest-icons.svg", icons: GUEST_ICONS },
];
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, icons } of targets) {
    const target = fileURLToPath(new URL(`../app/assets/${file}`, import.meta.url));
    const source = spriteSource(icons);
    if (process.argv.includes("--check")) {
      const current = readFileSync(target, "utf8");
      if (current !== source) {
        console.error(`app/assets/${file} is out of date: run node scripts/icon-sprite.mjs`);
        process.exit(1);
      }
    } else {
      writeFileSync(target, source);
      console.log(`wrote ${target} (${source.length} bytes, ${Object.keys(icons).length} icons)`);
    }
  }
}
