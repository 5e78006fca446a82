// The sent announcements on /admin/announcements are paged (`?page=`, plain
// links): with 200 long ones sent, a page stays under the 100 KB admin HTML
// budget, newest first, and page 2 holds the older ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { makeParty } from "./api-fixtures";

const KB = 1024;
const SENT = 200;
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&");
const subject = (n: number) => `News ${String(n).padStart(3, "0")}`;
/** The subjects the page lists, in order. */
const listed = (html: string) => [...html.matchAll(/<h3 class="font-semibold[^"]*">(News \d{3})<\/h3>/g)].map((m) => m[1]);
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => subject(from - i));

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  const mailed = await makeParty(admin, ["adult"], { primaryEmail: "paging@example.com" });
  const phoned = await makeParty(admin, ["adult"], { primaryPhone: "+351912345678" });
  // Long news (about 700 characters, a link) in both languages, each its own text, and a
  // recipient to reach on WhatsApp: the heaviest item the list usually shows.
  const text = (n: number, lang: string) =>
    `${lang} ${n}: the shuttle leaves the hotel at 18:30 from the main entrance, the dinner starts at 19:30 on the terrace. ${"Bring a jacket: the evenings by the river are cool. ".repeat(10)}Map: https://example.com/map/${n}`;
  for (let n = 1; n <= SENT; n++) {
    const res = await admin.post("/api/announcements", {
      subject: subject(n),
      body: text(n, "EN"),
      subjectPt: `Notícia ${n}`,
      bodyPt: text(n, "PT"),
      audience: { kind: "chosen", partyIds: [mailed.id, phoned.id] },
    });
    expect(res.status, res.text).toBe(201);
  }
}, 120_000);
afterAll(async () => server?.stop());

describe("the sent announcements list", () => {
  it("pages 200 sent, newest first, each page under 100 KB; page 2 holds the older ones; plain links", async () => {
    const first = await admin.get("/admin/announcements");
    expect(first.status).toBe(200);
    console.log(`/admin/announcements with ${SENT} sent: ${(first.text.length / KB).toFixed(1)} KB`);
    expect(first.text.length).toBeLessThan(100 * KB);
    const one = decode(first.text);
    expect(listed(one)).toEqual(range(200, 191));
    expect(one).toContain(`Showing 1-10 of ${SENT} (page 1 of 20)`);
    expect(one).toMatch(/href="\/admin\/announcements\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/admin\/announcements\?page=2"/);
    // What each item shows is still there: its audience, recipients and the WhatsApp list.
    expect(one).toContain("1 without an e-mail: send on WhatsApp");
    expect(one).toContain("2 recipients (1 by e-mail)");

    const second = await admin.get("/admin/announcements?page=2");
    expect(second.text.length).toBeLessThan(100 * KB);
    const two = decode(second.text);
    expect(listed(two)).toEqual(range(190, 181));
    // Correcting an item of page 2 opens it on page 2.
    expect(two).toMatch(/href="\/admin\/announcements\?page=2&edit=[\w-]+#announcement-/);
    expect(listed(decode((await admin.get("/admin/announcements?page=20")).text))).toEqual(range(10, 1));
  });

  it.each([
    ["?page=abc", range(200, 191)],
    ["?page=0", range(200, 191)],
    ["?page=999", range(10, 1)],
  ])("a page out of range (%s) shows the nearest page", async (search, subjects) => {
    const res = await admin.get(`/admin/announcements${search}`);
    expect(res.status).toBe(200);
    expect(listed(decode(res.text))).toEqual(subjects);
  });

  it("withdrawing an item of page 2 comes back to page 2", async () => {
    const older = (await admin.get("/api/announcements")).json[15] as { id: string; subject: string };
    expect(older.subject).toBe(subject(185));
    const res = await admin.post(`/admin/announcements?page=2`, new URLSearchParams({ intent: "withdraw", id: older.id }), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/announcements?page=2");
    expect(decode((await admin.get("/admin/announcements?page=2")).text)).toMatch(/News 185<\/h3>[\s\S]*?Withdrawn/);
  });
});
