// Guest sign-in, sessions and rate limits over HTTP (CONTRACT.md 3 and 4).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";
import { count, makeGuest, makeParty } from "./api-fixtures";

let server: TestServer;
let admin: Client;
let party: Awaited<ReturnType<typeof makeParty>>;
let solo: Awaited<ReturnType<typeof makeGuest>>;

const anon = () => new Client(server.url);
const sessionId = (c: Client) => c.cookies.get("__session");

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  party = await makeParty(admin, ["adult", "kid"], { primaryEmail: "Host.Family@Example.com", primaryPhone: "+351911111111" });
  await admin.patch(`/api/guests/${party.memberIds[0]}`, { email: "member.one@example.com", phone: "+351922222222" });
  solo = await makeGuest(admin, { email: "solo@example.com", phone: "+447700900123", customCode: "SOLO-CODE-1" });
});
afterAll(async () => server?.stop());

describe("POST /api/party-auth", () => {
  it("signs a party in by its code (trimmed) with its guests and rsvp, on a new session id", async () => {
    const c = anon();
    const first = await c.post("/api/party-auth", { authCode: party.authCode });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ type: "party", id: party.id, name: party.name, rsvp: null });
    expect(first.json.guests).toHaveLength(2);
    const firstId = sessionId(c);
    expect(firstId).toBeTruthy();
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(first.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);

    const again = await c.post("/api/party-auth", { authCode: `  ${party.authCode}  ` });
    expect(again.status).toBe(200);
    expect(sessionId(c)).not.toBe(firstId);

    const session = await c.get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ type: "party", data: { id: party.id, guests: expect.any(Array) } });
  });

  it("accepts a guest's own code and answers the guest", async () => {
    const res = await anon().post("/api/party-auth", { authCode: "SOLO-CODE-1" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ type: "guest", id: solo.id, rsvp: null });
  });

  it("answers 404 for an unknown code, matched exactly (no case folding)", async () => {
    const swapped = [...party.authCode].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join("");
    for (const authCode of ["NOPE-NOPE-1", ...(swapped === party.authCode ? [] : [swapped])]) {
      const res = await anon().post("/api/party-auth", { authCode });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(
        "Authentication failed - Could not find your party invitation. Please check your information or contact the host.",
      );
    }
  });

  it("answers 400 for empty, missing, mistyped or malformed input, never 500", async () => {
    const empty = await anon().post("/api/party-auth", { authCode: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("Identifier required - Please enter your invitation code");
    for (const body of [{}, { authCode: 42 }, { authCode: null }, { authCode: "x".repeat(5000) }, "[1,2]", '{"authCode":', "null"]) {
      const res = await anon().request("POST", "/api/party-auth", typeof body === "string" ? body : JSON.stringify(body), {
        "content-type": "application/json",
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
  });

  it("refuses a huge body with 413 without reading it all (issue 22: the server's body ceiling)", async () => {
    const res = await anon().request("POST", "/api/party-auth", `{"authCode":"${"x".repeat(5 * 1024 * 1024)}"}`, {
      "content-type": "application/json",
    });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("The request is larger than 512 KB.");
  });

  it("answers 405 to other methods", async () => {
    const res = await anon().get("/api/party-auth");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("POST /api/guest-auth", () => {
  it("signs in by e-mail ignoring case; a member signs in as its party", async () => {
    const c = anon();
    const res = await c.post("/api/guest-auth", { type: "email", identifier: "MEMBER.ONE@example.com" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ type: "party", id: party.id });
    expect(res.json.guests).toHaveLength(2);
    expect((await c.get("/api/auth/session")).json.type).toBe("party");
  });

  it("matches a party's primary e-mail and primary phone", async () => {
    expect((await anon().post("/api/guest-auth", { type: "email", identifier: "host.family@example.com" })).json.id).toBe(party.id);
    expect((await anon().post("/api/guest-auth", { type: "phone", identifier: "+351911111111" })).json.id).toBe(party.id);
  });

  it("signs an individual guest in by e-mail, phone or its code", async () => {
    for (const [type, identifier] of [
      ["email", "Solo@Example.com"],
      ["phone", "+447700900123"],
      ["code", "SOLO-CODE-1"],
    ]) {
      const c = anon();
      const res = await c.post("/api/guest-auth", { type, identifier });
      expect(res.status, `${type}`).toBe(200);
      expect(res.json).toMatchObject({ type: "guest", id: solo.id, firstName: "Solo" });
      expect((await c.get("/api/auth/session")).json).toMatchObject({ type: "guest", data: { id: solo.id } });
    }
  });

  it("checks the formats with SPEC.md's messages", async () => {
    const cases: Array<[string, string, string]> = [
      ["phone", "351912345678", "Invalid format - Phone number must start with country code (e.g. +351912345678)"],
      ["phone", "+351 912 345 678", "Invalid format - Phone number must not contain spaces (e.g. +351912345678)"],
      ["phone", "+351-91234", "Invalid format - Phone number must contain only digits after the + sign."],
      ["email", "not-an-email", "Invalid format - Please enter a valid email address."],
      ["email", "", "Identifier required - Please enter your email address"],
      ["phone", "", "Identifier required - Please enter your phone number"],
      ["code", " ", "Identifier required - Please enter your invitation code"],
    ];
    for (const [type, identifier, message] of cases) {
      const res = await anon().post("/api/guest-auth", { type, identifier });
      expect(res.status, identifier).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });

  it("answers 404 when nothing matches, 400 for a bad type", async () => {
    const missing = await anon().post("/api/guest-auth", { type: "email", identifier: "nobody@example.com" });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Authentication failed - Could not find your invitation. Please check your information.");
    expect((await anon().post("/api/guest-auth", { type: "fax", identifier: "1" })).status).toBe(400);
    expect((await anon().post("/api/guest-auth", { type: "email" })).status).toBe(400);
  });

  it("refuses a method switched off in the auth settings with 403, and never all three", async () => {
    expect((await admin.patch("/api/auth-settings", { emailEnabled: false })).status).toBe(200);
    const off = await anon().post("/api/guest-auth", { type: "email", identifier: "solo@example.com" });
    expect(off.status).toBe(403);
    expect(off.json.message).toBe("This sign-in method is currently disabled. Please contact the host.");
    expect((await anon().post("/api/guest-auth", { type: "phone", identifier: "+447700900123" })).status).toBe(200);

    expect((await admin.patch("/api/auth-settings", { phoneEnabled: false })).status).toBe(200);
    const last = await admin.patch("/api/auth-settings", { customCodeEnabled: false });
    expect(last.status).toBe(400);
    expect(last.json.message).toBe("At least one authentication method must be enabled.");
    const codeOff = await admin.patch("/api/auth-settings", { customCodeEnabled: false, emailEnabled: true });
    expect(codeOff.status).toBe(200);
    expect((await anon().post("/api/party-auth", { authCode: party.authCode })).status).toBe(403);
    expect((await admin.patch("/api/auth-settings", { customCodeEnabled: true, phoneEnabled: true })).status).toBe(200);
    expect((await anon().get("/api/auth-settings")).json).toMatchObject({ emailEnabled: true, phoneEnabled: true, customCodeEnabled: true });
  });

  it("keeps auth settings admin-only for changes", async () => {
    expect((await anon().patch("/api/auth-settings", { emailEnabled: false })).status).toBe(401);
    const guest = anon();
    await guest.post("/api/party-auth", { authCode: party.authCode });
    expect((await guest.patch("/api/auth-settings", { emailEnabled: false })).status).toBe(401);
    expect((await admin.patch("/api/auth-settings", { emailEnabled: "no" })).status).toBe(400);
  });
});

describe("sessions", () => {
  it("GET /api/auth/session is 401 for nobody and for an admin-only session", async () => {
    expect((await anon().get("/api/auth/session")).status).toBe(401);
    expect((await admin.get("/api/auth/session")).status).toBe(401);
  });

  it("guest sign-out ends the session: the old cookie signs nobody in", async () => {
    const c = anon();
    await c.post("/api/party-auth", { authCode: party.authCode });
    const replay = new Client(server.url);
    replay.cookies = new Map(c.cookies);
    expect((await replay.get("/api/auth/session")).status).toBe(200);
    const out = await c.post("/api/guest-auth/logout");
    expect(out.status).toBe(200);
    expect((await c.get("/api/auth/session")).status).toBe(401);
    expect((await replay.get("/api/auth/session")).status).toBe(401);
    expect((await replay.get(`/api/parties/${party.id}/members`)).status).toBe(401);
  });

  it("a guest signing in on an admin's browser keeps both; guest sign-out keeps the admin", async () => {
    const c = await new Client(server.url).loginAdmin();
    await c.post("/api/party-auth", { authCode: party.authCode });
    expect((await c.get("/api/admin/me")).json).toMatchObject({ authenticated: true });
    expect((await c.get("/api/auth/session")).json.type).toBe("party");
    await c.post("/api/guest-auth/logout");
    expect((await c.get("/api/admin/me")).status).toBe(200);
    expect((await c.get("/api/auth/session")).status).toBe(401);
  });

  it("a session whose party was deleted is nobody", async () => {
    const gone = await makeParty(admin, ["adult"]);
    const c = anon();
    await c.post("/api/party-auth", { authCode: gone.authCode });
    expect((await admin.delete(`/api/parties/${gone.id}`)).status).toBe(200);
    expect((await c.get("/api/auth/session")).status).toBe(401);
  });

  it("admin login, me and logout", async () => {
    const c = anon();
    expect((await c.get("/api/admin/me")).json).toMatchObject({ authenticated: false });
    expect((await c.post("/api/admin/login", { password: "" })).status).toBe(401);
    expect((await c.post("/api/admin/login", { password: "wrong" })).json.message).toBe("Invalid credentials. Please try again.");
    expect((await c.post("/api/admin/login", { password: TEST_ADMIN_PASSWORD })).json).toMatchObject({ authenticated: true });
    expect((await c.get("/api/admin/me")).json).toMatchObject({ authenticated: true, username: "admin" });
    expect((await c.post("/api/admin/logout")).status).toBe(200);
    expect((await c.get("/api/admin/me")).status).toBe(401);
  });

  it("stores sessions server-side: the cookie holds only a signed id", async () => {
    const c = anon();
    await c.post("/api/party-auth", { authCode: party.authCode });
    const cookie = decodeURIComponent(sessionId(c)!);
    expect(cookie).not.toContain(party.id);
    expect(count(server, "sessions", "data like ?", `%${party.id}%`)).toBeGreaterThan(0);
  });
});

describe("rate limits (a server with rate limiting on)", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_DISABLED: "0" } });
  });
  afterAll(async () => limited?.stop());

  it("allows 10 failed guest sign-ins per address, then 429 with Retry-After, even for a right code", async () => {
    const limitedAdmin = await new Client(limited.url).loginAdmin();
    const p = await makeParty(limitedAdmin, ["adult"]);
    const c = new Client(limited.url);
    // Malformed input is not a failed look-up and is not counted.
    for (let i = 0; i < 5; i++) expect((await c.post("/api/guest-auth", { type: "phone", identifier: "123" })).status).toBe(400);
    for (let i = 0; i < 10; i++) {
      const res = await c.post("/api/guest-auth", { type: "email", identifier: `nobody${i}@example.com` });
      expect(res.status).toBe(404);
    }
    const blocked = await c.post("/api/party-auth", { authCode: p.authCode });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json.message).toBeTruthy();
    expect((await c.post("/api/guest-auth", { type: "code", identifier: p.authCode })).status).toBe(429);
  });

  it("allows 5 failed admin logins per address, then 429 with Retry-After", async () => {
    const c = new Client(limited.url);
    for (let i = 0; i < 5; i++) expect((await c.post("/api/admin/login", { password: `wrong-${i}` })).status).toBe(401);
    const blocked = await c.post("/api/admin/login", { password: TEST_ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("server log", () => {
  it("shows no unexpected failure: nothing above was answered with a 500", () => {
    expect(server.output()).not.toContain("api failure");
    expect(server.output()).not.toMatch(/SqliteError|TypeError|ReferenceError/);
  });
});
