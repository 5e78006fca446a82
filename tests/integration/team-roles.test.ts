// Issue 27: the owner's helpers (co-host, viewer) with their own sign-in,
// permissions decided on the server for every admin route, sessions that end
// when a helper is disabled or a password changes, the invitation once only
// and not after 72 hours (a test clock), the activity log naming each person,
// and live share links for suppliers. One server (NODE_ENV=test for the clock).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { testClock } from "../support/clock";
import { startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";
import { assignRoom, count, makeEvent, makeParty, makeRoomType, query } from "./api-fixtures";

let server: TestServer;
let owner: Client;
const clock = testClock("team-roles");
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const ROLE_REFUSED = "Your role can't change this.";
const GOOD = "lantern-orchard-violet-7";

const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get("token")!;

/** Invites, accepts with `password`, signs in: answers the helper's client and id. */
async function helper(name: string, email: string, role: "co-host" | "viewer", password = GOOD) {
  const invited = await owner.post("/api/team", { name, email, role });
  expect(invited.status, invited.text).toBe(201);
  const accepted = await new Client(server.url).post("/api/team/accept", { token: tokenOf(invited.json.inviteUrl), password });
  expect(accepted.status, accepted.text).toBe(200);
  const client = new Client(server.url);
  const login = await client.post("/api/admin/login", { email, password });
  expect(login.status, login.text).toBe(200);
  return { client, id: invited.json.id as string };
}

beforeAll(async () => {
  clock.set(Date.now());
  server = await startServer({ env: { NODE_ENV: "test", CONVITE_TEST_CLOCK_FILE: clock.file, RATE_LIMIT_DISABLED: "1", LOG_REQUESTS: "1" } });
  owner = await new Client(server.url).loginAdmin();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  clock.remove();
});

describe("accounts", () => {
  it("the owner's password-only sign-in is as before, and /api/admin/me adds the name and role", async () => {
    const api = new Client(server.url);
    const res = await api.post("/api/admin/login", { password: TEST_ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ authenticated: true, username: "admin" });
    expect((await api.get("/api/admin/me")).json).toEqual({ authenticated: true, username: "admin", name: "Host", role: "owner" });
    expect((await api.post("/api/admin/login", { password: "nope" })).json).toEqual({ message: "Invalid credentials. Please try again." });
    const page = new Client(server.url);
    const ok = await page.post("/admin", form({ password: TEST_ADMIN_PASSWORD }), formHeaders);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin/dashboard");
    // The helper's door is a link, and the plain page shows no e-mail field.
    const login = await new Client(server.url).get("/admin");
    expect(login.text).toContain('href="/admin?helper=1"');
    expect(login.text).not.toContain('type="email"');
    expect((await new Client(server.url).get("/admin?helper=1")).text).toContain('type="email"');
  });

  it("an invitation: bad inputs refused and nothing stored; the link shown once, mailed on the priority lane", async () => {
    for (const [body, status, message] of [
      [{ email: "x@example.com", role: "viewer" }, 400, "Please enter a name"],
      [{ name: "X", email: "not-an-address", role: "viewer" }, 400, "Please enter a valid email address."],
      [{ name: "X", email: "x@example.com", role: "admin" }, 400, "Choose co-host or viewer"],
    ] as const) {
      const res = await owner.post("/api/team", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "helpers")).toBe(0);
    const res = await owner.post("/api/team", { name: "Rita Lopes", email: "Rita@Example.com", role: "viewer" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Rita Lopes", email: "rita@example.com", role: "viewer", status: "invited" });
    expect(res.json.inviteUrl).toMatch(/\/admin\/accept\?token=[\w-]{43}$/);
    // Only the token's hash is kept; the list never shows the link again.
    expect(count(server, "helper_invitations", "token_hash = ?", tokenOf(res.json.inviteUrl))).toBe(0);
    expect(JSON.stringify((await owner.get("/api/team")).json)).not.toContain(tokenOf(res.json.inviteUrl));
    const mail = query<{ lane: string; text: string; to: string }>(server, "select lane, text, \"to\" from outbox where kind = 'team-invitation'");
    expect(mail).toEqual([{ lane: "priority", text: expect.stringContaining(res.json.inviteUrl), to: "rita@example.com" }]);
    // Nobody reads the link back from Messages (a viewer would become that helper).
    const messages = await owner.get("/api/messages");
    expect(messages.text).toContain("token=(hidden)");
    expect(messages.text).not.toContain(tokenOf(res.json.inviteUrl));
    const twice = await owner.post("/api/team", { name: "Rita again", email: "rita@example.com", role: "co-host" });
    expect(twice.status).toBe(409);
    expect(count(server, "helpers")).toBe(1);
  });

  it("the password rules: each broken rule is a 400 naming it, nothing stored, and the link still works", async () => {
    const invited = await owner.post("/api/team", { name: "Joana Reis", email: "jr.dance@example.com", role: "co-host" });
    const token = tokenOf(invited.json.inviteUrl);
    const nobody = new Client(server.url);
    for (const [password, message] of [
      ["short-pw", "Use at least 12 characters."],
      ["i-am-JOANA-and-proud", "Don't use your name in the password."],
      ["the-JR.DANCE-key-77", "Don't use your e-mail address in the password."],
      ["qwerty123456", "This password is among the most common ones. Choose another."],
    ]) {
      const res = await nobody.post("/api/team/accept", { token, password });
      expect(res.status, password).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(query(server, "select password, accepted_at from helpers where email = 'jr.dance@example.com'")).toEqual([{ password: null, accepted_at: null }]);
    expect((await nobody.post("/api/team/accept", { token, password: GOOD })).status).toBe(200);
  });

  it("the invitation works once only, and not after 72 hours", async () => {
    const a = await owner.post("/api/team", { name: "Once Only", email: "once@example.com", role: "viewer" });
    const nobody = new Client(server.url);
    expect((await nobody.post("/api/team/accept", { token: tokenOf(a.json.inviteUrl), password: GOOD })).status).toBe(200);
    const again = await nobody.post("/api/team/accept", { token: tokenOf(a.json.inviteUrl), password: "another-good-passphrase" });
    expect(again.status).toBe(410);
    expect(again.json.message).toBe("This invitation has already been used.");
    expect((await nobody.get(`/admin/accept?token=${tokenOf(a.json.inviteUrl)}`)).status).toBe(410);

    const b = await owner.post("/api/team", { name: "Late Comer", email: "late@example.com", role: "viewer" });
    const start = clock.now;
    clock.advance(72 * 60 - 1);
    expect((await nobody.get(`/admin/accept?token=${tokenOf(b.json.inviteUrl)}`)).status).toBe(200);
    clock.advance(2);
    const late = await nobody.post("/api/team/accept", { token: tokenOf(b.json.inviteUrl), password: GOOD });
    expect(late.status).toBe(410);
    expect(late.json.message).toBe("This invitation has expired. Ask the owner for a new one.");
    expect(query(server, "select accepted_at from helpers where email = 'late@example.com'")).toEqual([{ accepted_at: null }]);
    // A new invitation works (and the old link stays dead).
    const re = await owner.post(`/api/team/${b.json.id}/invitation`);
    expect(re.status).toBe(201);
    expect((await nobody.post("/api/team/accept", { token: tokenOf(b.json.inviteUrl), password: GOOD })).status).toBe(410);
    expect((await nobody.post("/api/team/accept", { token: tokenOf(re.json.inviteUrl), password: GOOD })).status).toBe(200);
    clock.set(start);
    expect((await nobody.post("/api/team/accept", { token: "made-up", password: GOOD })).status).toBe(404);
    // Two accepts racing with one link: one wins, the other is told it was used.
    const c = await owner.post("/api/team", { name: "Race Twice", email: "race@example.com", role: "viewer" });
    const both = await Promise.all(["first-racing-passphrase", "second-racing-passphrase"].map((password) => new Client(server.url).post("/api/team/accept", { token: tokenOf(c.json.inviteUrl), password })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it("a helper signs in with e-mail and password; a failure never says whether the e-mail exists", async () => {
    const { client } = await helper("Ana Silva", "ana@example.com", "co-host");
    expect((await client.get("/api/admin/me")).json).toEqual({ authenticated: true, name: "Ana Silva", role: "co-host" });
    const wrong = await new Client(server.url).post("/api/admin/login", { email: "ana@example.com", password: "wrong-password-here" });
    const unknown = await new Client(server.url).post("/api/admin/login", { email: "nobody@example.com", password: "wrong-password-here" });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json).toEqual(unknown.json);
    const page = await new Client(server.url).post("/admin?helper=1", form({ email: "nobody@example.com", password: "x" }), formHeaders);
    const pageWrong = await new Client(server.url).post("/admin?helper=1", form({ email: "ana@example.com", password: "x" }), formHeaders);
    expect([page.status, pageWrong.status]).toEqual([401, 401]);
    expect(page.text).toContain("Invalid credentials. Please try again.");
    const ok = await new Client(server.url).post("/admin?helper=1", form({ email: "ANA@example.com", password: GOOD }), formHeaders);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin/dashboard");
  });
});

describe("permissions on the server", () => {
  it("a co-host does everything but the team and the auth settings", async () => {
    const { client } = await helper("Carla Co", "carla@example.com", "co-host");
    expect((await client.post("/api/parties", { name: "By Carla" })).status).toBe(201);
    for (const [method, path] of [["GET", "/api/team"], ["POST", "/api/team"], ["PATCH", "/api/auth-settings"], ["GET", "/admin/team"], ["GET", "/admin/auth-settings"]] as const) {
      const res = await client.request(method, path, method === "GET" ? undefined : { emailEnabled: true, name: "X", email: "x2@example.com", role: "viewer" });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(count(server, "helpers", "email = 'x2@example.com'")).toBe(0);
    // The owner-only page says why.
    expect((await client.get("/admin/team")).text).toContain("Only the owner can open this.");
  });

  it("a viewer reads everything and any write is 403 with the role's message, nothing stored; own password allowed", async () => {
    const { client } = await helper("Vera View", "vera@example.com", "viewer");
    expect((await client.get("/api/parties")).status).toBe(200);
    expect((await client.get("/admin/guests")).status).toBe(200);
    const before = count(server, "parties");
    const api = await client.post("/api/parties", { name: "By Vera" });
    expect(api.status).toBe(403);
    expect(api.json).toEqual({ message: ROLE_REFUSED });
    // A forged page form post (the admin pages never show her the form).
    const page = await client.post("/admin/parties", form({ intent: "create", name: "Forged" }), formHeaders);
    expect(page.status).toBe(403);
    expect(page.text).toContain(ROLE_REFUSED);
    expect(count(server, "parties")).toBe(before);
    const party = await makeParty(owner, ["adult"]);
    expect((await client.request("DELETE", `/api/parties/${party.id}`)).status).toBe(403);
    expect((await client.post("/api/share-links", { list: "rooming", label: "Hotel" })).status).toBe(403);
    const pw = await client.post("/api/admin/password", { current: GOOD, next: "quiet-meadow-falcon-92" });
    expect(pw.status, pw.text).toBe(200);
  });

  it("disabling a helper ends their sessions at once; enabling lets them sign in again", async () => {
    const { client, id } = await helper("Dora Off", "dora@example.com", "co-host");
    const second = new Client(server.url);
    expect((await second.post("/api/admin/login", { email: "dora@example.com", password: GOOD })).status).toBe(200);
    const cookie = client.cookieHeader;
    expect((await owner.patch(`/api/team/${id}`, { disabled: true })).json).toMatchObject({ disabled: true, status: "disabled" });
    expect(count(server, "sessions", "json_extract(data, '$.helperId') = ?", id)).toBe(0);
    for (const c of [client, second]) {
      const res = await c.get("/api/parties");
      expect(res.status).toBe(401);
    }
    // Even a session row put back by hand would not pass: the person is read on each request.
    const replay = await fetch(`${server.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(replay.status).toBe(302);
    expect((await new Client(server.url).post("/api/admin/login", { email: "dora@example.com", password: GOOD })).status).toBe(401);
    expect((await owner.patch(`/api/team/${id}`, { disabled: false })).status).toBe(200);
    expect((await new Client(server.url).post("/api/admin/login", { email: "dora@example.com", password: GOOD })).status).toBe(200);
    // Bad patches: nothing changes.
    for (const body of [{}, { role: "owner" }, { disabled: "yes" }]) expect((await owner.patch(`/api/team/${id}`, body)).status).toBe(400);
    expect(query(server, "select role, disabled from helpers where id = ?", id)).toEqual([{ role: "co-host", disabled: 0 }]);
    expect((await owner.patch("/api/team/nope", { role: "viewer" })).status).toBe(404);
  });

  it("the Team page's Remove takes a helper off the team: signed out at once, sign-in refused, named in the activity log", async () => {
    const { client, id } = await helper("Rémi Gone", "remi@example.com", "co-host");
    const page = new Client(server.url);
    expect((await page.post("/admin", form({ password: TEST_ADMIN_PASSWORD }), formHeaders)).status).toBe(302);
    // The confirmation names the person, and the page offers it without JavaScript (?remove=).
    const confirm = await page.get(`/admin/team?remove=${id}`);
    expect(confirm.text).toContain("Remove from the team");
    expect(confirm.text).toContain("remi@example.com");
    const removed = await page.post(`/admin/team?remove=${id}`, form({ intent: "remove", id }), formHeaders);
    expect(removed.status).toBe(302);
    expect(query(server, "select id from helpers where id = ?", id)).toEqual([]);
    expect(count(server, "sessions", "json_extract(data, '$.helperId') = ?", id)).toBe(0);
    expect((await client.get("/api/parties")).status).toBe(401);
    expect((await new Client(server.url).post("/api/admin/login", { email: "remi@example.com", password: GOOD })).status).toBe(401);
    expect(query(server, "select summary from activity_log where summary like 'Removed Rémi Gone%'")).toHaveLength(1);
    // Removing again: 404 with the reason, nothing else changes.
    const again = await page.post(`/admin/team?remove=${id}`, form({ intent: "remove", id }), formHeaders);
    expect(again.status).toBe(404);
    expect(again.text).toContain("Team member not found");
  });

  it("a password change ends the person's other sessions, keeps this one; weak or wrong is refused", async () => {
    const { client } = await helper("Paula Pass", "paula@example.com", "co-host");
    const other = new Client(server.url);
    await other.post("/api/admin/login", { email: "paula@example.com", password: GOOD });
    const listed = await client.get("/api/admin/sessions");
    expect(listed.json.items).toHaveLength(2);
    expect(listed.json.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const weak = await client.post("/api/admin/password", { current: GOOD, next: "paula-1234567" });
    expect(weak.status).toBe(400);
    expect(weak.json.message).toBe("Don't use your name in the password.");
    const wrong = await client.post("/api/admin/password", { current: "not-my-password", next: "quiet-meadow-falcon-92" });
    expect(wrong.status).toBe(401);
    expect((await other.get("/api/parties")).status).toBe(200);
    expect((await client.post("/api/admin/password", { current: GOOD, next: "quiet-meadow-falcon-92" })).status).toBe(200);
    expect((await other.get("/api/parties")).status).toBe(401);
    expect((await client.get("/api/parties")).status).toBe(200);
    expect((await new Client(server.url).post("/api/admin/login", { email: "paula@example.com", password: GOOD })).status).toBe(401);
    // Ending one's own session by its handle.
    const third = new Client(server.url);
    await third.post("/api/admin/login", { email: "paula@example.com", password: "quiet-meadow-falcon-92" });
    const mine = (await client.get("/api/admin/sessions")).json.items.find((s: { current: boolean }) => !s.current);
    expect((await client.delete(`/api/admin/sessions/${mine.id}`)).status).toBe(200);
    expect((await third.get("/api/parties")).status).toBe(401);
    expect((await owner.delete(`/api/admin/sessions/${mine.id}`)).status).toBe(404);
  });

  it("the activity log names the person for each admin change", async () => {
    const { client } = await helper("Ines Lima", "ines@example.com", "co-host");
    const party = await makeParty(owner, ["adult"]);
    expect((await owner.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
    expect((await client.post("/api/rsvps", { partyId: party.id, attending: false })).status).toBeLessThan(300);
    const items = (await owner.get(`/api/activity?partyId=${party.id}`)).json.items as Array<{ actorName: string; kind: string }>;
    const names = items.filter((i) => i.kind === "rsvp").map((i) => i.actorName);
    expect(names).toEqual(["Ines Lima, co-host", "Host"]);
    expect((await owner.get(`/admin/parties/${party.id}`)).text).toMatch(/by (<!-- -->)?Ines Lima, co-host/);
    // The team's own changes are in the log too, by whoever made them.
    const team = (await owner.get("/api/activity?kind=team")).json.items as Array<{ actorName: string; summary: string }>;
    expect(team).toContainEqual(expect.objectContaining({ actorName: "Host", summary: "Invited Ines Lima (ines@example.com) as co-host" }));
    await client.post("/api/share-links", { list: "rooming", label: "Ines's hotel link" });
    const shared = (await owner.get("/api/activity?kind=share-link")).json.items as Array<{ actorName: string; summary: string }>;
    expect(shared[0]).toMatchObject({ actorName: "Ines Lima, co-host", summary: 'Live link "Ines\'s hotel link" to the rooming list' });
  });
});

describe("live share links", () => {
  it("each list opens by its link: the admin's data and CSV, nothing more, noindex; last opened; revoke is 404", async () => {
    const party = await makeParty(owner, ["adult", "kid"], { name: "The Shared Family", primaryEmail: "shared@example.com" });
    const room = await makeRoomType(owner, { name: "Garden Suite" });
    await assignRoom(owner, party.id, room.id, 1);
    const bad = [
      [{ list: "nope", label: "X" }, "list must be one of: rooming, caterer, shuttles"],
      [{ list: "rooming" }, "Please give the link a label"],
      [{ list: "rooming", label: "X", expiresAt: "2001-01-01" }, "The expiry must be in the future"],
      [{ list: "caterer", label: "X", eventId: "no-such-event" }, "No such event"],
    ] as const;
    const before = count(server, "share_links");
    for (const [body, message] of bad) {
      const res = await owner.post("/api/share-links", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "share_links")).toBe(before);

    const made = await owner.post("/api/share-links", { list: "rooming", label: "Hotel reception" });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ list: "rooming", label: "Hotel reception", lastOpenedAt: null, status: "active" });
    const path = new URL(made.json.url).pathname;
    expect(path).toMatch(/^\/shared\/[\w-]{43}$/);
    const nobody = new Client(server.url);
    const page = await nobody.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.text).toMatch(/<meta name="robots" content="noindex"/);
    expect(page.text).toContain("The Shared Family");
    expect(page.text).toContain("shared@example.com");
    // Links to nothing but itself (its CSV, its other language: decision 071); no script, so no data beyond what shows; no ids.
    const hrefs = [...page.text.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.every((h) => h!.startsWith(path))).toBe(true);
    expect(page.text).not.toMatch(/<script[^>]*src=/);
    expect(page.text).not.toContain(party.id);
    expect(page.text).not.toContain(room.id);
    const csv = await nobody.get(`${path}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("x-robots-tag")).toContain("noindex");
    expect(csv.text).toBe((await owner.get("/admin/rooming-list.csv")).text);
    // The token is the address's only secret: the request log keeps it out.
    expect(server.output()).toContain('"path":"/shared/[token].csv"');
    expect(server.output()).not.toContain(path.split("/").pop());
    const listed = (await owner.get("/api/share-links")).json.items;
    expect(listed.find((l: { id: string }) => l.id === made.json.id).lastOpenedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(path.split("/").pop());

    // The caterer's list of a side event.
    const event = await makeEvent(owner, { title: "Boat Trip" });
    const cat = await owner.post("/api/share-links", { list: "caterer", eventId: event.id, label: "Caterer" });
    const catPath = new URL(cat.json.url).pathname;
    expect((await nobody.get(catPath)).text).toContain("Boat Trip");
    expect((await nobody.get(`${catPath}.csv`)).text).toBe((await owner.get(`/admin/caterer-list.csv?event=${event.id}`)).text);

    // Revoked: 404 at once, page and CSV.
    expect((await owner.delete(`/api/share-links/${made.json.id}`)).json.status).toBe("revoked");
    expect((await nobody.get(path)).status).toBe(404);
    expect((await nobody.get(`${path}.csv`)).status).toBe(404);
    expect((await nobody.get(catPath)).status).toBe(200);
  });

  it("an expired link is 404", async () => {
    const tomorrow = new Date(clock.now + 24 * 3600_000).toISOString();
    const made = await owner.post("/api/share-links", { list: "rooming", label: "Short", expiresAt: tomorrow });
    const path = new URL(made.json.url).pathname;
    const nobody = new Client(server.url);
    expect((await nobody.get(path)).status).toBe(200);
    const start = clock.now;
    clock.advance(25 * 60);
    expect((await nobody.get(path)).status).toBe(404);
    expect((await nobody.get(`${path}.csv`)).status).toBe(404);
    expect((await owner.get("/api/share-links")).json.items.find((l: { id: string }) => l.id === made.json.id).status).toBe("expired");
    clock.set(start);
  });
});
