import { describe, expect, it } from "vitest";
import { linkPieces } from "./linkified-text";

describe("linkPieces (issue 23: web addresses in the host's text)", () => {
  it("links only http and https addresses, without the sentence's closing punctuation", () => {
    expect(linkPieces("Map: https://example.com/map. Or http://a.example/x?y=1&z=2)")).toEqual([
      { text: "Map: " },
      { text: "https://example.com/map", href: "https://example.com/map" },
      { text: ". Or " },
      { text: "http://a.example/x?y=1&z=2", href: "http://a.example/x?y=1&z=2" },
      { text: ")" },
    ]);
  });

  it("leaves every other scheme, and anything like HTML, as plain text", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<b>x</b>", '<a href="https://x.example">x</a>', "ftp://files.example/a", "mailto:a@b.example"]) {
      const pieces = linkPieces(text);
      expect(pieces.map((p) => p.text).join("")).toBe(text);
      for (const p of pieces) if (p.href) expect(p.href).toMatch(/^https:\/\/x\.example/);
    }
    expect(linkPieces("javascript:alert(1)")).toEqual([{ text: "javascript:alert(1)" }]);
  });
});
