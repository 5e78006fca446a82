import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startServer();
  client = new Client(server.url);
});
afterAll(async () => server?.stop());

function setConfig(values: Record<string, string | null>) {
  const db = new Database(server.dbPath);
  const sets = Object.keys(values).map((k) => `${k} = @${k}`).join(", ");
  db.prepare(`update event_config set ${sets}, updated_at = datetime('now')`).run(values);
  db.close();
}

const decode = (html: string) =>
  html.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">");

describe("landing page", () => {
  it("serves every text of SPEC.md's landing page, server-rendered, with no JavaScript", async () => {
    const res = await client.get("/", { "accept-language": "en" });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    for (const text of [
      "40th Birthday Celebration | Event RSVP",
      "Join us for a celebration in Portugal",
      "June 12-13, 2026",
      "RSVP Now",
      "Event Details",
      "Villa & Pool",
      "The Vineyard",
      "Schedule",
      "Day 1 (June 12th)",
      "4:30-6:30 PM",
      "Welcome Reception and Tapas",
      "Day 2 (June 13th)",
      "6:00-7:30 PM",
      "Welcome Reception and Snacks",
      "7:30-10:00 PM",
      "Dinner and Party",
      "10:00 PM-2:00 AM",
      "Dancing and Celebration",
      "Venue",
      "Quinta da Videira",
      "Ready to Join?",
      "Confirm your attendance",
      "Venue & Directions",
      "Map coming soon",
      "Getting There",
      "The venue is easily accessible by car. Parking is available on-site.",
      "We Hope to See You There",
      "Submit Your RSVP",
      "2025",
      'href="/admin"',
      'href="/rsvp"',
      'href="#details"',
      'id="details"',
    ]) {
      expect(html, text).toContain(text);
    }
    // Nothing optional shows when it is not set, and the page ships no script.
    expect(html).not.toContain("Dress Code");
    expect(html).not.toContain("A Warm Welcome");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it("follows the event configuration stored in the database", async () => {
    setConfig({
      event_title: "Ana's 40th <Birthday>",
      venue_directions: "Take the A4 to Vila Real.\nThen follow the N222 along the river.",
      welcome_message: "Dear friends, come and celebrate with us!",
      dress_code: "Summer chic, comfortable shoes for the vineyard",
    });
    const html = (await client.get("/")).text;
    expect(html).toContain("<title>Ana&#x27;s 40th &lt;Birthday&gt; | Event RSVP</title>");
    expect(html).not.toContain("<Birthday>");
    expect(html).toMatch(/whitespace-pre-line[^>]*>Take the A4 to Vila Real.\nThen follow the N222 along the river.</);
    expect(html).not.toContain("The venue is easily accessible by car");
    expect(html).toContain("Dear friends, come and celebrate with us!");
    expect(html).toContain("Dress Code");
    expect(html).toContain("Summer chic, comfortable shoes for the vineyard");

    setConfig({ dress_code: null, welcome_message: null, venue_directions: null, event_title: "40th Birthday Celebration" });
    const after = decode((await client.get("/")).text);
    expect(after).not.toContain("Dress Code");
    expect(after).not.toContain("Dear friends");
    expect(after).toContain("The venue is easily accessible by car. Parking is available on-site.");
  });

  it("speaks Portuguese to a Portuguese browser, and the switch's cookie wins", async () => {
    const pt = await client.get("/", { "accept-language": "pt-PT,pt;q=0.9,en;q=0.5" });
    expect(pt.text).toContain('<html lang="pt"');
    expect(pt.text).toContain("Junte-se a nós numa celebração em Portugal");
    const switched = await client.post("/lang", new URLSearchParams({ lang: "en", redirectTo: "/" }), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(switched.status).toBe(302);
    const en = await client.get("/", { "accept-language": "pt-PT" });
    expect(en.text).toContain('<html lang="en"');
    expect(en.text).toContain("Join us for a celebration in Portugal");
    client.cookies.delete("lang");
  });
});

describe("errors and plumbing", () => {
  it("answers unknown pages with the 404 page", async () => {
    const res = await client.get("/anything-else");
    expect(res.status).toBe(404);
    expect(res.text).toContain("Page Not Found");
  });

  it("answers unknown API paths with 404 JSON", async () => {
    const res = await client.get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json.message).toBeTruthy();
    // A line break in the path is not matched by React Router's splat (found by the fuzzer).
    for (const path of ["/api/members/a%0D", "/api/x%0A", "/api/parties/a%0D%0A/members"]) {
      const odd = await client.get(path);
      expect(odd.status, path).toBe(404);
      expect(odd.headers.get("content-type"), path).toContain("application/json");
      expect(odd.json.message, path).toBe("Not found");
    }
  });

  it("answers malformed JSON with 400 JSON, and stores nothing", async () => {
    await client.loginAdmin();
    const before = (await client.get("/api/event-config")).json;
    const res = await client.request("PATCH", "/api/event-config", '{"eventTitle": ', { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/JSON/);
    const wrongType = await client.patch("/api/event-config", { eventTitle: 42 });
    expect(wrongType.status).toBe(400);
    expect((await client.get("/api/event-config")).json).toEqual(before);
  });

  it("refuses a cross-site POST with 403", async () => {
    const res = await client.post("/api/admin/login", { password: "x" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.json.message).toBeTruthy();
  });

  it("sends the security headers", async () => {
    const res = await client.get("/");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("sends a hashed script only nosniff (the document headers would weigh every module request), an SVG and a missing asset all of them", async () => {
    const html = (await client.get("/rsvp")).text;
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script, "a script of /rsvp").toBeTruthy();
    const js = await client.get(script!);
    expect(js.status).toBe(200);
    expect(js.headers.get("x-content-type-options")).toBe("nosniff");
    expect(js.headers.get("content-security-policy")).toBeNull();
    expect(js.headers.get("cache-control")).toContain("immutable");
    const missing = await client.get("/assets/nothing-here.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("keeps crawlers out", async () => {
    const res = await client.get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Disallow: /");
  });

  it("reports health from the database", async () => {
    const res = await client.get("/healthz");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
  });

  it("serves the public settings without a session", async () => {
    const anon = new Client(server.url);
    expect((await anon.get("/api/auth-settings")).json).toMatchObject({ emailEnabled: true, phoneEnabled: true, customCodeEnabled: true });
    expect((await anon.get("/api/event-config")).json).toMatchObject({ eventTitle: "40th Birthday Celebration", eventDate: "June 12-13, 2026" });
  });
});

describe("start-up", () => {
  it("keeps every row across a restart, and running the migrations again is harmless", async () => {
    setConfig({ venue_name: "Quinta Restart Test" });
    server = await server.restart();
    client = new Client(server.url);
    expect((await client.get("/api/event-config")).json.venueName).toBe("Quinta Restart Test");
    const db = new Database(server.dbPath, { readonly: true });
    // One row per committed migration, however many there are: none ran twice.
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    expect(db.prepare("select count(*) n from __drizzle_migrations").get()).toEqual({ n: journal.entries.length });
    expect(db.prepare("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
    db.close();
  });

  it("serves the site when started by its absolute path from another folder", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "convite-cwd-"));
    const away = await startServer({ cwd: elsewhere });
    try {
      const home = await new Client(away.url).get("/");
      expect(home.status).toBe(200);
      expect(home.text).toContain("<html");
      expect((await new Client(away.url).get("/healthz")).status).toBe(200);
    } finally {
      await away.stop();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("stops with one clear line naming a bad variable", () => {
    const run = spawnSync(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_PATH: "tests/.tmp/never.db" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("PORT");
  });

  it("seeds a demo with a working invite link and prints a generated admin password once", async () => {
    const demo = await startServer({ env: { DEMO_DATA: "1", ADMIN_PASSWORD: "" } });
    try {
      const out = demo.output();
      expect(out).toMatch(/Admin password \(shown once, keep it safe\): \S+/);
      const code = out.match(/rsvp\?code=([\w-]+)/)?.[1];
      expect(code).toHaveLength(10);
      const db = new Database(demo.dbPath, { readonly: true });
      const parties = db.prepare("select count(*) n from parties").get() as { n: number };
      const ages = db.prepare("select distinct age_category a from guests order by a").all();
      const states = db.prepare("select distinct confirmation_status s from party_room_assignments order by s").all();
      expect(parties.n).toBeGreaterThanOrEqual(8);
      expect(ages).toEqual([{ a: "adult" }, { a: "baby" }, { a: "kid" }]);
      expect(states).toEqual([{ s: "confirmed" }, { s: "declined" }, { s: "pending" }]);
      expect(db.prepare("select count(*) n from room_types").get()).toEqual({ n: 3 });
      expect(db.prepare("select count(*) n from events where hotel_guests_only = 1").get()).toEqual({ n: 1 });
      // Issue 24: the dinner's menu (four choices) and an optional song for the dance floor.
      expect(
        db.prepare("select q.text, e.title, q.required, (select group_concat(label, '|') from question_choices c where c.question_id = q.id) choices from questions q left join events e on e.id = q.event_id order by q.position").all(),
      ).toEqual([
        { text: "Dinner menu", title: "Birthday Dinner & Party", required: 1, choices: "Meat|Fish|Vegetarian|Children's menu" },
        { text: "A song for the dance floor", title: null, required: 0, choices: null },
      ]);
      // Each demo room has photos (cut from the site's artwork), stored and served like uploads.
      const photoLists = db.prepare("select image_urls u from room_types").all() as { u: string }[];
      db.close();
      for (const { u } of photoLists) {
        const urls = JSON.parse(u) as string[];
        expect(urls.length).toBeGreaterThanOrEqual(2);
        const photo = await fetch(`${demo.url}${urls[0]}`);
        expect(photo.status).toBe(200);
        expect(photo.headers.get("content-type")).toBe("image/webp");
        expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(5_000);
      }
      const second = await demo.restart();
      expect(second.output()).not.toContain("Admin password");
      expect(second.output()).not.toContain("Demo data created");
      await second.stop();
    } catch (e) {
      await demo.stop();
      throw e;
    }
  });
});
