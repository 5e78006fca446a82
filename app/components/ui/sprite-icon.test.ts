import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_ICON_NAMES } from "./sprite-icon";

describe("the admin icon sprite", () => {
  it("is the file scripts/icon-sprite.mjs writes from lucide (not edited by hand, not stale)", () => {
    expect(() => execFileSync(process.execPath, ["scripts/icon-sprite.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("has a symbol for every name SpriteIcon accepts, and nothing else", () => {
    const svg = readFileSync("app/assets/admin-icons.svg", "utf8");
    const ids = [...svg.matchAll(/<symbol id="i-([\w-]+)"/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual([...SPRITE_ICON_NAMES].sort());
  });
});

describe("the guest icon sprite", () => {
  it("has a symbol for every icon the guest pages draw, and nothing else", () => {
    const svg = readFileSync("app/assets/guest-icons.svg", "utf8");
    const ids = [...svg.matchAll(/<symbol id="i-([\w-]+)"/g)].map((m) => m[1]);
    const drawn = [...readFileSync("app/components/guest/icons.tsx", "utf8").matchAll(/icon\(p, "([\w-]+)"\)/g)].map((m) => m[1]);
    expect(drawn.length).toBeGreaterThan(30);
    expect(ids.sort()).toEqual([...new Set(drawn)].sort());
  });
});
