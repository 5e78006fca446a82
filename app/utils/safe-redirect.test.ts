import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/my-rsvp")).toBe("/my-rsvp");
    expect(safeRedirect("/rsvp?lang=pt#rooms")).toBe("/rsvp?lang=pt#rooms");
    expect(safeRedirect("/admin/guests?q=Ana%20Silva")).toBe("/admin/guests?q=Ana%20Silva");
  });

  it("refuses other sites, schemes and anything that is not a path", () => {
    for (const to of ["//evil.example", "/\\evil.example", "https://evil.example", "evil.example", "", "javascript:alert(1)", "/\t/evil.example", "/ /evil.example", "/%09/x\t"]) {
      expect(safeRedirect(to, "/fallback"), JSON.stringify(to)).toBe("/fallback");
    }
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/rsvp")).toBe("/rsvp");
  });

  it("refuses every control character, wherever it stands", () => {
    for (let c = 0; c <= 0x20; c++) {
      const ch = String.fromCharCode(c);
      expect(safeRedirect(`/my-rsvp${ch}`, "/x"), `U+${c.toString(16)}`).toBe("/x");
      expect(safeRedirect(`/${ch}/evil.example`, "/x")).toBe("/x");
    }
    expect(safeRedirect("/my-rsvp\u007f", "/x")).toBe("/x");
    expect(safeRedirect("/my-rsvp\u2028", "/x")).toBe("/x");
  });

  it("refuses a path longer than any of ours", () => {
    expect(safeRedirect(`/${"a".repeat(3000)}`, "/x")).toBe("/x");
  });
});
