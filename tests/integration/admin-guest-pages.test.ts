// Guest Management shows 50 guests a page, read from SQL a page at a time
// (issue 8): the host must still reach every guest, in name order, with the
// filters kept across pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: Client;
const TOTAL = 120;

/** The page's text as a reader sees it: React's <!-- --> separators dropped. */
const shown = (html: string) => html.replaceAll("<!-- -->", "");
const rowNames = (html: string) =>
  [...shown(html).matchAll(/<tr class="data-row[^"]*"><td data-label="Name"[^>]*><span class="font-medium">([^<]+)<\/span>/g)].map((m) => m[1]);

beforeAll(async () => {
  server = await startServer({ env: { DEMO_DATA: "0" } });
  admin = await new Client(server.url).loginAdmin();
  // Created out of order; the list sorts by last name.
  for (let i = TOTAL; i >= 1; i--) {
    const lastName = `Pager${String(i).padStart(3, "0")}`;
    const res = await admin.post("/api/guests", { firstName: i % 2 ? "Odd" : "Even", lastName, ageCategory: i % 10 === 0 ? "kid" : "adult" });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => server?.stop());

describe("Guest Management pages", () => {
  it("shows the first 50 guests in name order and says how many there are", async () => {
    const page = await admin.get("/admin/guests");
    expect(page.status).toBe(200);
    const names = rowNames(page.text);
    expect(names).toHaveLength(50);
    expect(names[0]).toBe("Odd Pager001");
    expect(names[49]).toBe("Even Pager050");
    expect(shown(page.text)).toContain("Showing 1-50 of 120 (page 1 of 3)");
  });

  it("reaches the last guests on the last page, and clamps a page past the end", async () => {
    const last = await admin.get("/admin/guests?page=3");
    expect(rowNames(last.text)).toEqual(Array.from({ length: 20 }, (_, i) => `${(101 + i) % 2 ? "Odd" : "Even"} Pager${101 + i}`));
    expect(shown(last.text)).toContain("Showing 101-120 of 120 (page 3 of 3)");
    const beyond = await admin.get("/admin/guests?page=99");
    expect(rowNames(beyond.text)).toEqual(rowNames(last.text));
    const nonsense = await admin.get("/admin/guests?page=abc");
    expect(rowNames(nonsense.text)[0]).toBe("Odd Pager001");
  });

  it("counts and pages what the filters match", async () => {
    const kids = await admin.get("/admin/guests?age=kid");
    expect(rowNames(kids.text)).toEqual(Array.from({ length: 12 }, (_, i) => `Even Pager${String((i + 1) * 10).padStart(3, "0")}`));
    // All on one page: no pager at all.
    expect(shown(kids.text)).not.toContain("Showing");
    const odd = await admin.get("/admin/guests?q=Odd&page=2");
    expect(rowNames(odd.text)).toHaveLength(10);
    expect(shown(odd.text)).toContain("Showing 51-60 of 60 (page 2 of 2)");
  });
});
