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

  it("percent-encodes characters beyond ASCII, so the Location header can carry them (issue 33)", () => {
    expect(safeRedirect("/\u0100")).toBe("/%C4%80");
    expect(safeRedirect("/p\u00e3o?q=\u{1F389}#s\u00e9")).toBe("/p%C3%A3o?q=%F0%9F%8E%89#s%C3%A9");
    for (const to of ["/\u0100", "/\u{1F389}", "/\u00ff", "/a\u4e2d\u6587", "/x?\u{1F600}=\u00e9"]) {
      expect(safeRedirect(to), JSON.stringify(to)).toMatch(/^\/[\u0021-\u007e]*$/);
    }
  });

  it("refuses a lone surrogate, which no URL can carry", () => {
    expect(safeRedirect("/a\ud800b", "/x")).toBe("/x");
    expect(safeRedirect("/a\udc00", "/x")).toBe("/x");
  });

  it("refuses a path longer than any of ours, before or after encoding", () => {
    expect(safeRedirect(`/${"\u00e9".repeat(1500)}`, "/x")).toBe("/x");
    expect(safeRedirect(`/${"a".repeat(3000)}`, "/x")).toBe("/x");
  });
});
