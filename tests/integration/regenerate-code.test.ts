import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { makeGuest, makeParty } from "./api-fixtures";

/*
 * Issue 15, "a leaked link can be taken back": a new code for a party (API and
 * party page) or a guest (API and the Edit Guest dialog); every session signed
 * in with the old code ends, a replayed cookie is refused, the old link no
 * longer signs in, and sessions opened by e-mail or phone stay.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

const byCode = async (code: string) => {
  const c = new Client(server.url);
  const res = await c.get(`/rsvp?code=${encodeURIComponent(code)}`);
  expect(res.status).toBe(302);
  return c;
};

describe("regenerating an invitation code (issue 15)", () => {
  it("POST /api/parties/{id}/regenerate-code: a new code, old-code sessions end (cookie replay refused), e-mail and phone sessions stay", async () => {
    const party = await makeParty(admin, ["adult"], { primaryEmail: "regen-party@example.com", primaryPhone: "+351911111111" });
    const viaCode = await byCode(party.authCode);
    const viaApi = new Client(server.url);
    expect((await viaApi.post("/api/party-auth", { authCode: party.authCode })).status).toBe(200);
    const viaEmail = new Client(server.url);
    expect((await viaEmail.post("/api/guest-auth", { type: "email", identifier: "regen-party@example.com" })).status).toBe(200);
    const viaPhone = new Client(server.url);
    expect((await viaPhone.post("/api/guest-auth", { type: "phone", identifier: "+351911111111" })).status).toBe(200);
    const replay = viaCode.cookieHeader;

    const res = await admin.post(`/api/parties/${party.id}/regenerate-code`);
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(party.id);
    expect(res.json.authCode).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(res.json.authCode).not.toBe(party.authCode);

    expect((await viaCode.get("/api/auth/session")).status).toBe(401);
    expect((await viaApi.get("/api/auth/session")).status).toBe(401);
    const replayed = await fetch(`${server.url}/my-rsvp`, { headers: { cookie: replay }, redirect: "manual" });
    expect(await replayed.text()).not.toContain(party.name);
    expect((await fetch(`${server.url}/api/auth/session`, { headers: { cookie: replay } })).status).toBe(401);
    expect((await viaEmail.get("/api/auth/session")).status).toBe(200);
    expect((await viaPhone.get("/api/auth/session")).status).toBe(200);

    // The old link no longer signs in; the new one does.
    const old = await new Client(server.url).get(`/rsvp?code=${party.authCode}`);
    expect(old.status).toBe(404);
    expect((await new Client(server.url).post("/api/party-auth", { authCode: party.authCode })).status).toBe(404);
    await byCode(res.json.authCode);
    expect((await admin.post("/api/parties/nope/regenerate-code")).status).toBe(404);
  });

  it("POST /api/guests/{id}/regenerate-code: the same for an individual guest's own code", async () => {
    const guest = await makeGuest(admin, { email: "regen-solo@example.com" });
    const viaCode = await byCode(guest.customCode);
    const viaEmail = new Client(server.url);
    expect((await viaEmail.post("/api/guest-auth", { type: "email", identifier: "regen-solo@example.com" })).status).toBe(200);
    const res = await admin.post(`/api/guests/${guest.id}/regenerate-code`);
    expect(res.status).toBe(200);
    expect(res.json.customCode).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect((await viaCode.get("/api/auth/session")).status).toBe(401);
    expect((await viaEmail.get("/api/auth/session")).status).toBe(200);
    expect((await new Client(server.url).post("/api/party-auth", { authCode: guest.customCode })).status).toBe(404);
    await byCode(res.json.customCode);
  });

  it("the party page and the Edit Guest dialog do it with a plain form (no JavaScript)", async () => {
    const party = await makeParty(admin, ["adult"]);
    const viaCode = await byCode(party.authCode);
    const page = await admin.get(`/admin/parties/${party.id}`);
    expect(page.text).toContain("New invitation code");
    const done = await admin.request("POST", `/admin/parties/${party.id}`, new URLSearchParams({ intent: "regenerate-code" }));
    expect(done.status).toBe(302);
    const after = (await admin.get(`/api/parties/${party.id}`)).json.authCode;
    expect(after).not.toBe(party.authCode);
    expect((await viaCode.get("/api/auth/session")).status).toBe(401);

    const guest = await makeGuest(admin);
    const dialog = await admin.get(`/admin/guests?edit=${guest.id}`);
    expect(dialog.text).toContain("New invitation code");
    const saved = await admin.request("POST", `/admin/guests?edit=${guest.id}`, new URLSearchParams({ intent: "regenerate-code", id: guest.id }));
    expect(saved.status).toBe(302);
    expect((await admin.get(`/api/guests/${guest.id}`)).json.customCode).not.toBe(guest.customCode);
  });

  it("changing the code by hand (PATCH) ends the old code's sessions too", async () => {
    const party = await makeParty(admin, ["adult"]);
    const viaCode = await byCode(party.authCode);
    expect((await admin.patch(`/api/parties/${party.id}`, { authCode: `HAND-${Date.now()}` })).status).toBe(200);
    expect((await viaCode.get("/api/auth/session")).status).toBe(401);
  });
});
