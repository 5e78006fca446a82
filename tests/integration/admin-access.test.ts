// No admin page, export or action answers without the admin session (issue 5).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { DEMO_DATA: "1" } });
});
afterAll(async () => server?.stop());

const PAGES = [
  "/admin/dashboard",
  "/admin/guests",
  "/admin/guests?new=1",
  "/admin/guests/import",
  "/admin/guests/export",
  "/admin/parties",
  "/admin/rsvps",
  "/admin/rsvps/export",
  "/admin/event",
  "/admin/auth-settings",
  "/admin/payments",
  "/admin/room-types",
  "/admin/room-assignments",
  "/admin/events",
  "/admin/event-rsvps",
  "/admin/sidebar",
  "/admin/logout",
];

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

async function partyId(client: Client) {
  const parties = (await client.get("/api/parties")).json as Array<{ id: string; name: string }>;
  return parties.find((p) => p.name === "The Almeida Family")!.id;
}

describe("without the admin session", () => {
  it("every admin page and export redirects to the login", async () => {
    const admin = await new Client(server.url).loginAdmin();
    const anon = new Client(server.url);
    for (const path of [...PAGES, `/admin/parties/${await partyId(admin)}`]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/admin");
      expect(res.text, path).not.toMatch(/Almeida|text\/csv/);
    }
  });

  it("client-side data requests leak nothing either", async () => {
    const anon = new Client(server.url);
    for (const path of ["/admin/guests.data", "/admin/dashboard.data", "/admin/rsvps.data"]) {
      const res = await anon.get(path);
      expect(res.text, path).not.toMatch(/Almeida|Bianchi|totalParties/);
    }
  });

  it("every admin action is refused and changes nothing", async () => {
    const admin = await new Client(server.url).loginAdmin();
    const anon = new Client(server.url);
    const id = await partyId(admin);
    const before = {
      guests: (await admin.get("/api/guests")).json.length,
      parties: (await admin.get("/api/parties")).json.length,
      config: (await admin.get("/api/event-config")).json,
      auth: (await admin.get("/api/auth-settings")).json,
    };
    const attempts: Array<[string, Record<string, string>]> = [
      ["/admin/guests", { intent: "create", firstName: "Eve", lastName: "Intruder" }],
      ["/admin/guests/import", { intent: "import", csv: "First Name,Last Name\nEve,Intruder" }],
      ["/admin/parties", { intent: "create", name: "Intruders" }],
      [`/admin/parties/${id}`, { intent: "delete" }],
      [`/admin/parties/${id}`, { intent: "add-member", firstName: "Eve", lastName: "Intruder", ageCategory: "adult" }],
      ["/admin/event", { eventTitle: "Hacked", eventDate: "x", eventTime: "x", venueName: "x", venueAddress: "x" }],
      ["/admin/auth-settings", { field: "emailEnabled" }],
      ["/admin/sidebar", { open: "false", redirectTo: "/admin/dashboard" }],
    ];
    for (const [path, fields] of attempts) {
      const res = await anon.post(path, form(fields), formHeaders);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/admin");
    }
    expect((await admin.get("/api/guests")).json.length).toBe(before.guests);
    expect((await admin.get("/api/parties")).json.length).toBe(before.parties);
    expect((await admin.get("/api/event-config")).json).toEqual(before.config);
    expect((await admin.get("/api/auth-settings")).json).toEqual(before.auth);
  });
});

describe("with the admin session", () => {
  it("the login form signs in, and a signed-in visit to /admin goes to the dashboard", async () => {
    const client = new Client(server.url);
    const empty = await client.post("/admin", form({ password: "" }), formHeaders);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter the password");
    const wrong = await client.post("/admin", form({ password: "nope" }), formHeaders);
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Invalid credentials. Please try again.");
    expect(wrong.text).not.toContain('value="nope"');
    const ok = await client.post("/admin", form({ password: TEST_ADMIN_PASSWORD }), formHeaders);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin/dashboard");
    const again = await client.get("/admin");
    expect(again.headers.get("location")).toBe("/admin/dashboard");

    // Logout is a POST; the old cookie signs nobody in afterwards.
    const cookie = client.cookieHeader;
    expect((await client.get("/admin/logout")).headers.get("location")).toBe("/admin/dashboard");
    const out = await client.post("/admin/logout", form({}), formHeaders);
    expect(out.headers.get("location")).toBe("/admin");
    const replay = await fetch(`${server.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(replay.status).toBe(302);
  });

  it("the sidebar toggle without JavaScript sets the 7-day cookie and returns to the page", async () => {
    const client = await new Client(server.url).loginAdmin();
    const res = await client.post("/admin/sidebar", form({ open: "false", redirectTo: "/admin/guests?q=a" }), formHeaders);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/guests?q=a");
    expect(res.headers.get("set-cookie")).toMatch(/sidebar_state=false; Path=\/; Max-Age=604800/);
    expect((await client.get("/admin/dashboard")).text).toContain('data-state="collapsed"');
    const evil = await client.post("/admin/sidebar", form({ open: "true", redirectTo: "//evil.example" }), formHeaders);
    expect(evil.headers.get("location")).toBe("/admin/dashboard");
  });

  it("a party page answers 404 for an unknown party", async () => {
    const client = await new Client(server.url).loginAdmin();
    expect((await client.get("/admin/parties/no-such-party")).status).toBe(404);
  });

  it("the party page's QR code is an image of the invite link, never inline markup", async () => {
    const client = await new Client(server.url).loginAdmin();
    const id = await partyId(client);
    const html = (await client.get(`/admin/parties/${id}`)).text;
    const code = (await client.get(`/api/parties/${id}`)).json.authCode as string;
    expect(html).toContain(`${server.url}/rsvp?code=${code}`);
    expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml;base64,/);
    expect(html).not.toMatch(/<svg[^>]+viewBox="0 0 \d+ \d+" shape-rendering/);
  });
});

describe("the login is rate-limited like the API", () => {
  it("answers 429 after five failures from one address", async () => {
    const limited = await startServer({ env: { RATE_LIMIT_DISABLED: "0" } });
    try {
      const client = new Client(limited.url);
      for (let i = 0; i < 5; i++) {
        expect((await client.post("/admin", form({ password: `wrong-${i}` }), formHeaders)).status).toBe(401);
      }
      const blocked = await client.post("/admin", form({ password: TEST_ADMIN_PASSWORD }), formHeaders);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(blocked.text).toContain("Too many attempts");
    } finally {
      await limited.stop();
    }
  });
});
