import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { count, makeParty, query, signedIn } from "./api-fixtures";

/*
 * Issue 26: the Travel panel's settings and points as an API (the same model
 * functions and schemas as the page): an integration switches travel on and
 * adds "Porto Airport (OPO)". Every bad input is a 400 naming its field with
 * nothing stored; a viewer and a guest are refused.
 */

let server: TestServer;
let admin: Client;
let viewer: Client;
let guest: Client;
let partyId: string;

const OPO = { name: "Porto Airport (OPO)", namePt: "Aeroporto do Porto", kind: "airport", transfer: true, driveMinutes: 60 };
const VIEWER_PASSWORD = "lantern-orchard-violet-7";

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  const invited = await admin.post("/api/team", { name: "Vera View", email: "vera@example.com", role: "viewer" });
  const token = new URL(invited.json.inviteUrl).searchParams.get("token");
  expect((await new Client(server.url).post("/api/team/accept", { token, password: VIEWER_PASSWORD })).status).toBe(200);
  viewer = new Client(server.url);
  expect((await viewer.post("/api/admin/login", { email: "vera@example.com", password: VIEWER_PASSWORD })).status).toBe(200);
  const party = await makeParty(admin, ["adult", "adult"]);
  partyId = party.id;
  guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId, attending: true })).status).toBeLessThan(300);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("PATCH /api/travel-settings", () => {
  it("switches travel questions on: 200 the settings, read back by GET, and a guest sees them open", async () => {
    expect((await guest.get("/api/my-travel")).json.enabled).toBe(false);
    const res = await admin.patch("/api/travel-settings", { enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: "2099-05-31", bufferMinutes: 30 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: "2099-05-31", bufferMinutes: 30, maxWaitMinutes: 120, seats: 8, leadMinutes: 180 });
    // Only the given fields change.
    expect((await admin.patch("/api/travel-settings", { seats: 12 })).json).toMatchObject({ enabled: true, bufferMinutes: 30, seats: 12 });
    // null clears a date.
    expect((await admin.patch("/api/travel-settings", { deadline: null })).json.deadline).toBeNull();
    expect((await viewer.get("/api/travel-settings")).json).toMatchObject({ enabled: true, seats: 12, deadline: null });
    const mine = (await guest.get("/api/my-travel")).json;
    expect(mine).toMatchObject({ enabled: true, open: true, window: { start: "2026-06-10", end: "2026-06-16" } });
  });

  it("refuses each bad input with 400 naming the field, storing nothing", async () => {
    const before = (await admin.get("/api/travel-settings")).json;
    const cases: [Record<string, unknown> | string, string, string][] = [
      [{ windowStart: "10/06/2026" }, "windowStart", "windowStart: Enter the date as YYYY-MM-DD"],
      [{ deadline: "2026-02-30" }, "deadline", "deadline: Enter a valid date"],
      [{ windowStart: "2026-06-20", windowEnd: "2026-06-12" }, "windowEnd", "windowEnd: The last travel day must not be before the first"],
      [{ windowEnd: "2026-06-01" }, "windowEnd", "windowEnd: The last travel day must not be before the first"],
      [{ bufferMinutes: -1 }, "bufferMinutes", "bufferMinutes must be 0 or more"],
      [{ leadMinutes: 1.5 }, "leadMinutes", "leadMinutes must be a whole number"],
      [{ maxWaitMinutes: 100000 }, "maxWaitMinutes", "maxWaitMinutes must be at most 1440"],
      [{ maxWaitMinutes: 10 }, "maxWaitMinutes", "maxWaitMinutes: The maximum wait must be at least the buffer"],
      [{ seats: 0 }, "seats", "seats must be at least 1"],
      [{ enabled: "yes" }, "enabled", "enabled must be true or false"],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.patch("/api/travel-settings", body);
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.errors).toHaveProperty([field]);
    }
    const malformed = await admin.request("PATCH", "/api/travel-settings", "{enabled: false", { "content-type": "application/json" });
    expect([malformed.status, malformed.json.message]).toEqual([400, "Malformed JSON body"]);
    expect((await admin.get("/api/travel-settings")).json).toEqual(before);
  });

  it("a viewer reads but may not change them (403); a guest and nobody are refused", async () => {
    const before = (await admin.get("/api/travel-settings")).json;
    const refused = await viewer.patch("/api/travel-settings", { enabled: false });
    expect([refused.status, refused.json.message]).toEqual([403, "Your role can't change this."]);
    expect((await guest.get("/api/travel-settings")).status).toBe(401);
    expect((await guest.patch("/api/travel-settings", { enabled: false })).status).toBe(401);
    expect((await new Client(server.url).get("/api/travel-settings")).status).toBe(401);
    expect((await admin.get("/api/travel-settings")).json).toEqual(before);
    expect((await admin.request("PUT", "/api/travel-settings", {})).status).toBe(405);
  });
});

describe("/api/travel-points", () => {
  let opo: string;

  it("POST adds a point (201, last in the list); a guest reads it in their language", async () => {
    const res = await admin.post("/api/travel-points", OPO);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ ...OPO, position: 0 });
    opo = res.json.id;
    const car = await admin.post("/api/travel-points", { name: "By car", kind: "other", transfer: false, driveMinutes: 0 });
    expect(car.json).toMatchObject({ name: "By car", namePt: null, position: 1 });
    expect((await admin.get(`/api/travel-points/${opo}`)).json).toMatchObject(OPO);
    expect((await guest.get("/api/travel-points?lang=pt")).json[0]).toEqual({ id: opo, name: "Aeroporto do Porto", kind: "airport", transfer: true });
  });

  it("refuses each bad point with 400 naming the field, storing nothing", async () => {
    const points = count(server, "travel_points");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...OPO, name: "   " }, "name", "name: Please enter the point's name"],
      [{ ...OPO, kind: "harbour" }, "kind", 'kind must be "airport", "station" or "other"'],
      [{ ...OPO, driveMinutes: -1 }, "driveMinutes", "driveMinutes must be 0 or more"],
      [{ ...OPO, driveMinutes: 1.5 }, "driveMinutes", "driveMinutes must be a whole number"],
      [{ ...OPO, driveMinutes: 10 ** 9 }, "driveMinutes", "driveMinutes must be at most 1440"],
      [{ ...OPO, transfer: "on" }, "transfer", "transfer must be true or false"],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post("/api/travel-points", body);
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.errors).toHaveProperty([field]);
      // The same refusal for a PATCH of that one field, the point unchanged.
      const patched = await admin.patch(`/api/travel-points/${opo}`, { [field]: body[field] });
      expect([patched.status, patched.json.message]).toEqual([400, message]);
    }
    const malformed = await admin.request("POST", "/api/travel-points", "name=Porto", { "content-type": "application/json" });
    expect([malformed.status, malformed.json.message]).toEqual([400, "Malformed JSON body"]);
    expect(count(server, "travel_points")).toBe(points);
    expect((await admin.get(`/api/travel-points/${opo}`)).json).toMatchObject(OPO);
  });

  it("PATCH changes any field (what a guest reads in Portuguese); unknown ids are 404; a viewer and a guest are refused", async () => {
    const res = await admin.patch(`/api/travel-points/${opo}`, { namePt: "Aeroporto Francisco Sá Carneiro" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ...OPO, namePt: "Aeroporto Francisco Sá Carneiro" });
    expect((await admin.patch(`/api/travel-points/${opo}`, {})).json).toMatchObject({ namePt: "Aeroporto Francisco Sá Carneiro" });
    const pt = (await guest.get("/api/my-travel?lang=pt")).json.points;
    expect(pt.find((p: { id: string }) => p.id === opo).name).toBe("Aeroporto Francisco Sá Carneiro");
    expect((await guest.get("/api/my-travel?lang=en")).json.points.find((p: { id: string }) => p.id === opo).name).toBe("Porto Airport (OPO)");

    for (const [method, body] of [["GET", undefined], ["PATCH", { name: "Nowhere" }], ["DELETE", undefined]] as const) {
      const res = await admin.request(method, "/api/travel-points/no-such-point", body);
      expect([res.status, res.json.message], method).toEqual([404, "Travel point not found"]);
    }
    const points = count(server, "travel_points");
    const refused = [
      await viewer.post("/api/travel-points", OPO),
      await viewer.patch(`/api/travel-points/${opo}`, { name: "Viewer's" }),
      await viewer.delete(`/api/travel-points/${opo}`),
    ];
    expect(refused.map((r) => [r.status, r.json.message])).toEqual(Array(3).fill([403, "Your role can't change this."]));
    expect((await viewer.get(`/api/travel-points/${opo}`)).status).toBe(200);
    expect((await guest.post("/api/travel-points", OPO)).status).toBe(401);
    expect((await guest.patch(`/api/travel-points/${opo}`, { name: "Guest's" })).status).toBe(401);
    expect((await guest.delete(`/api/travel-points/${opo}`)).status).toBe(401);
    expect(count(server, "travel_points")).toBe(points);
    expect((await admin.get(`/api/travel-points/${opo}`)).json.name).toBe(OPO.name);
  });

  // No lost answer: a point that a guest's answer names is kept until that answer changes.
  it("DELETE refuses a point a guest's answer names (409, nothing changed), then deletes it once the answer moves", async () => {
    const answer = (pointId: string | null) =>
      guest.request("PUT", "/api/my-travel", {
        arrival: pointId ? { date: "2026-06-12", time: "13:10", pointId, number: "TP1234" } : null,
        departure: null,
        transfer: { arrival: Boolean(pointId), departure: false, seats: 2 },
      });
    const put = await answer(opo);
    expect(put.status, put.text).toBe(200);
    const refused = await admin.delete(`/api/travel-points/${opo}`);
    expect([refused.status, refused.json.message]).toEqual([409, `${OPO.name} is used by 1 travel answer. Rename it, or change those first.`]);
    expect((await admin.get(`/api/travel-points/${opo}`)).status).toBe(200);
    expect((await guest.get("/api/my-travel")).json.answer.arrival).toMatchObject({ pointId: opo, time: "13:10" });

    expect((await answer(null)).status).toBe(200);
    const res = await admin.delete(`/api/travel-points/${opo}`);
    expect([res.status, res.json]).toEqual([200, { id: opo }]);
    expect((await admin.get(`/api/travel-points/${opo}`)).status).toBe(404);
    expect((await admin.delete(`/api/travel-points/${opo}`)).status).toBe(404);
  });
});
