// Issue 33, findings 1 and 3, replayed against the built server: the owner's
// areas stay the owner's however the path is spelled (the router matches
// without regard to case and after percent-decoding), a shared list's token is
// kept out of the log however it is spelled, and a viewer receives no key to
// act as a guest (invitation codes, links, QR codes: the fields are absent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count, makeGuest, makeParty, query } from "./api-fixtures";

let server: TestServer;
let owner: Client;
const GOOD = "lantern-orchard-violet-7";
const OWNER_ONLY = "Only the owner can open this.";
const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get("token")!;
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

async function helper(name: string, email: string, role: "co-host" | "viewer") {
  const invited = await owner.post("/api/team", { name, email, role });
  expect(invited.status, invited.text).toBe(201);
  expect((await new Client(server.url).post("/api/team/accept", { token: tokenOf(invited.json.inviteUrl), password: GOOD })).status).toBe(200);
  const client = new Client(server.url);
  expect((await client.post("/api/admin/login", { email, password: GOOD })).status).toBe(200);
  return { client, id: invited.json.id as string };
}

let coHost: Awaited<ReturnType<typeof helper>>;
let viewer: Awaited<ReturnType<typeof helper>>;
let other: Awaited<ReturnType<typeof helper>>;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", LOG_REQUESTS: "1" } });
  owner = await new Client(server.url).loginAdmin();
  coHost = await helper("Rui", "rui@example.com", "co-host");
  viewer = await helper("Vera", "vera@example.com", "viewer");
  other = await helper("Olga", "olga@example.com", "co-host");
}, 60_000);
afterAll(async () => server?.stop());

describe("finding 1: the owner's areas by route, not by the path's spelling", () => {
  it("a co-host cannot take over another co-host through /api/TEAM/{id}/invitation, nor change the team or sign-in methods in any spelling", async () => {
    const helpersBefore = query(server, "select id, role, password from helpers order by id");
    const invitationsBefore = count(server, "helper_invitations");
    for (const path of [`/api/TEAM/${other.id}/invitation`, `/api/Team/${other.id}/invitation`, `/api/%74eam/${other.id}/invitation`, `/%61pi/team/${other.id}/invitation`]) {
      const res = await coHost.client.post(path, {});
      expect(res.status, path).toBe(403);
      expect(res.json).toEqual({ message: OWNER_ONLY });
    }
    expect((await coHost.client.patch(`/api/Team/${viewer.id}`, { role: "co-host" })).status).toBe(403);
    expect((await coHost.client.post("/api/Team", { name: "Intruder", email: "intruder@example.com", role: "co-host" })).status).toBe(403);
    expect((await coHost.client.patch("/api/AUTH-settings", { emailEnabled: false })).status).toBe(403);
    expect((await coHost.client.request("DELETE", `/api/tEaM/${other.id}`)).status).toBe(403);
    // Nothing changed: no new invitation, no role changed, no helper added.
    expect(query(server, "select id, role, password from helpers order by id")).toEqual(helpersBefore);
    expect(count(server, "helper_invitations")).toBe(invitationsBefore);
    expect(count(server, "helpers", "email = ?", "intruder@example.com")).toBe(0);
    expect((await owner.get("/api/auth-settings")).json.emailEnabled).toBe(true);
  });

  it("reads of the team are the owner's whatever the spelling, for a co-host and a viewer; the owner's own spelling works", async () => {
    for (const path of ["/api/team", "/api/Team", "/api/TEAM", "/api/%74eam", "/API/team", `/api/team/${other.id}`, `/api/TEAM/${other.id}`]) {
      for (const who of [coHost, viewer]) expect((await who.client.get(path)).status, path).toBe(403);
      expect((await owner.get(path)).status, path).toBe(200);
    }
  });

  it("the Team page and a form post to it are refused in any spelling", async () => {
    for (const path of ["/admin/TEAM", "/admin/Team", "/admin/%74eam", "/ADMIN/team", "/admin/AUTH-SETTINGS"]) {
      expect((await coHost.client.get(path)).status, path).toBe(403);
      expect((await owner.get(path)).status, path).toBe(200);
    }
    const before = count(server, "helpers");
    const post = await coHost.client.post("/admin/TEAM", new URLSearchParams({ intent: "invite", name: "Page Intruder", email: "page-intruder@example.com", role: "co-host" }), formHeaders);
    expect(post.status).toBe(403);
    expect(post.text).toContain(OWNER_ONLY);
    expect(count(server, "helpers")).toBe(before);
  });

  it("a shared list's token stays out of the request log however its path is spelled", async () => {
    const link = await owner.post("/api/share-links", { list: "rooming", label: "Hotel Douro" });
    expect(link.status).toBe(201);
    const token = new URL(link.json.url).pathname.split("/").pop()!;
    for (const path of [`/shared/${token}`, `/Shared/${token}`, `/SHARED/${token}.csv`, `/%73hared/${token}`]) {
      expect((await new Client(server.url).get(path)).status, path).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(server.output()).toContain('"path":"/shared/[token]"');
    expect(server.output()).not.toContain(token);
  });
});

describe("finding 3: guests' keys are for the owner and co-hosts", () => {
  it("a viewer's party list, party, guests and guest answers carry no code: the fields are absent", async () => {
    const party = await makeParty(owner, ["adult"]);
    const solo = await makeGuest(owner);
    for (const who of [owner, coHost.client]) {
      expect((await who.get("/api/parties")).json.find((p: { id: string }) => p.id === party.id).authCode).toBe(party.authCode);
      expect((await who.get(`/api/guests/${solo.id}`)).json.customCode).toBe(solo.customCode);
    }
    const list = await viewer.client.get("/api/parties");
    expect(list.status).toBe(200);
    expect(list.json.find((p: { id: string }) => p.id === party.id)).not.toHaveProperty("authCode");
    expect(list.text).not.toContain(party.authCode);
    const one = await viewer.client.get(`/api/parties/${party.id}`);
    expect(one.json.name).toBe(party.name);
    expect(one.json).not.toHaveProperty("authCode");
    const guest = await viewer.client.get(`/api/guests/${solo.id}`);
    expect(guest.json.lastName).toBeTruthy();
    expect(guest.json).not.toHaveProperty("customCode");
    for (const path of ["/api/guests", "/api/parties-with-rsvps", "/api/room-assignments"]) {
      expect((await viewer.client.get(path)).text, path).not.toMatch(new RegExp(`${party.authCode}|${solo.customCode}`));
    }
  });

  it("a viewer's party page has no invite link or QR code; the parties list has no code column; the print sheet no codes", async () => {
    const party = await makeParty(owner, ["adult"]);
    const page = await viewer.client.get(`/admin/parties/${party.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Invitation codes and links are for the owner and co-hosts.");
    expect(page.text).not.toContain(party.authCode);
    expect(page.text).not.toContain("data:image/svg+xml");
    expect((await owner.get(`/admin/parties/${party.id}`)).text).toContain(party.authCode);
    // Nor is a party found by its code (the search box shows what the viewer typed, nothing more).
    const found = await viewer.client.get(`/admin/parties?q=${encodeURIComponent(party.authCode)}`);
    expect(found.text).toContain("No parties match this search.");
    const list = await viewer.client.get("/admin/parties");
    expect(list.text).toContain(party.name);
    expect(list.text).not.toContain(party.authCode);
    expect(list.text).not.toContain("Invitation code");
    const print = await viewer.client.get(`/admin/invitations/print?ids=${party.id}`);
    expect(print.status).toBe(200);
    expect(print.text).toContain(party.name);
    expect(print.text).not.toContain(party.authCode);
    expect(print.text).not.toContain("QR code of the invitation link");
    expect((await owner.get(`/admin/invitations/print?ids=${party.id}`)).text).toContain(party.authCode);
  });
});
