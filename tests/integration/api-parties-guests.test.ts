// Parties, guests and party members over HTTP: permissions, validation, CONTRACT.md 5.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, count, makeEvent, makeGuest, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

const anon = () => new Client(server.url);

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("admin-only routes", () => {
  it("answer 401 JSON without an admin session, also to a signed-in guest", async () => {
    const party = await makeParty(admin, ["adult"]);
    const guest = await signedIn(server, party.authCode);
    const routes: Array<[string, string]> = [
      ["GET", "/api/parties"],
      ["POST", "/api/parties"],
      ["GET", `/api/parties/${party.id}`],
      ["PATCH", `/api/parties/${party.id}`],
      ["DELETE", `/api/parties/${party.id}`],
      ["GET", "/api/parties-with-rsvps"],
      ["GET", "/api/guests"],
      ["POST", "/api/guests"],
      ["DELETE", `/api/guests/${party.memberIds[0]}`],
      ["POST", `/api/parties/${party.id}/room-assignments`],
      ["GET", "/api/room-assignments"],
      ["POST", "/api/room-assignments"],
      ["PATCH", "/api/room-assignments/x"],
      ["DELETE", "/api/room-assignments/x"],
      ["POST", "/api/room-assignments/x/mark-paid"],
      ["GET", "/api/room-types-inventory"],
      ["GET", "/api/room-types"],
      ["POST", "/api/room-types"],
      ["PATCH", "/api/room-types/x"],
      ["DELETE", "/api/room-types/x"],
      ["GET", "/api/room-types/x/inventory"],
      ["PATCH", "/api/event-config"],
      ["PATCH", "/api/auth-settings"],
      ["POST", "/api/events"],
      ["PATCH", "/api/events/x"],
      ["DELETE", "/api/events/x"],
      ["GET", "/api/event-rsvps"],
      ["POST", "/api/upload/images"],
    ];
    for (const client of [anon(), guest]) {
      for (const [method, path] of routes) {
        const res = await client.request(method, path, method === "GET" || method === "DELETE" ? undefined : {});
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.headers.get("content-type"), `${method} ${path}`).toContain("application/json");
        expect(res.json.message).toBeTruthy();
      }
    }
    // Nothing was deleted by those attempts.
    expect((await admin.get(`/api/parties/${party.id}`)).status).toBe(200);
  });

  it("answer 405 JSON to a method a known path does not have", async () => {
    for (const [method, path, allow] of [
      ["PUT", "/api/parties", "GET, POST"],
      ["DELETE", "/api/guests", "GET, POST"],
      ["GET", "/api/rsvps", "POST"],
      ["PUT", "/api/parties/x", "GET, PATCH, DELETE"],
      ["GET", "/api/parties/x/members/y", "DELETE"],
      ["POST", "/api/room-types-inventory", "GET"],
      ["GET", "/api/upload/images", "POST"],
    ]) {
      const res = await admin.request(method!, path!);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.json.message).toBe("Method not allowed");
    }
  });
});

describe("parties", () => {
  it("creates a party with a generated 10-character code (201) and reads it back", async () => {
    const res = await admin.post("/api/parties", { name: "  The Test Family ", notes: "Near the pool" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "The Test Family", notes: "Near the pool", primaryEmail: null });
    expect(res.json.authCode).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(typeof res.json.id).toBe("string");
    const read = await admin.get(`/api/parties/${res.json.id}`);
    expect(read.json).toMatchObject({ id: res.json.id, guests: [], rsvp: null });
    expect((await admin.get("/api/parties")).json.map((p: { id: string }) => p.id)).toContain(res.json.id);
  });

  it("keeps a custom code, refuses one already used by a party or a guest (409)", async () => {
    const res = await admin.post("/api/parties", { name: "Custom", authCode: "FAMILY-2026" });
    expect(res.status).toBe(201);
    expect(res.json.authCode).toBe("FAMILY-2026");
    const clash = await admin.post("/api/parties", { name: "Clash", authCode: "FAMILY-2026" });
    expect(clash.status).toBe(409);
    expect(clash.json.message).toBe("This invitation code is already in use. Choose another one.");
    await makeGuest(admin, { customCode: "GUEST-OWN-CODE" });
    expect((await admin.post("/api/parties", { name: "Clash 2", authCode: "GUEST-OWN-CODE" })).status).toBe(409);
    const patchClash = await admin.patch(`/api/parties/${(await makeParty(admin, [])).id}`, { authCode: "FAMILY-2026" });
    expect(patchClash.status).toBe(409);
  });

  it("validates with the form's messages and stores nothing on a refusal", async () => {
    const before = count(server, "parties");
    const cases: Array<[unknown, string]> = [
      [{}, "Party name is required"],
      [{ name: "   " }, "Party name is required"],
      [{ name: 42 }, "Party name is required"],
      [{ name: "A", primaryEmail: "not-mail" }, "Please enter a valid email address."],
      [{ name: "A", authCode: "has spaces in it" }, "Use 3 to 64 letters, digits, - or _ (no spaces)."],
      [{ name: "x".repeat(10_000) }, "At most 200 characters"],
      [{ name: "A", notes: ["array"] }, "Must be text"],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post("/api/parties", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "parties")).toBe(before);
  });

  it("updates only the fields sent; an empty code gets a new generated one", async () => {
    const party = await makeParty(admin, [], { notes: "keep me", primaryEmail: "a@example.com" });
    const res = await admin.patch(`/api/parties/${party.id}`, { name: "Renamed", primaryEmail: "" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Renamed", notes: "keep me", primaryEmail: null, authCode: party.authCode });
    const regenerated = await admin.patch(`/api/parties/${party.id}`, { authCode: "" });
    expect(regenerated.json.authCode).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(regenerated.json.authCode).not.toBe(party.authCode);
    expect((await admin.patch(`/api/parties/${party.id}`, { name: "" })).status).toBe(400);
    expect((await admin.patch("/api/parties/unknown-id", { name: "X" })).status).toBe(404);
  });

  it("deleting a party keeps its guests (partyId cleared), removes its RSVP, rooms and event RSVPs", async () => {
    const party = await makeParty(admin, ["adult", "kid"]);
    const roomType = await makeRoomType(admin);
    const assignment = await assignRoom(admin, party.id, roomType.id);
    const event = await makeEvent(admin);
    expect((await admin.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true })).status).toBe(201);
    expect((await admin.post(`/api/room-assignments/${assignment.id}/confirm`)).status).toBe(200);
    expect((await admin.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(201);

    const res = await admin.delete(`/api/parties/${party.id}`);
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/parties/${party.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/parties/${party.id}`)).status).toBe(404);
    const guests = query<{ party_id: string | null }>(server, "select party_id from guests where id in (?, ?)", ...party.memberIds);
    expect(guests).toEqual([{ party_id: null }, { party_id: null }]);
    expect(count(server, "rsvps", "party_id = ?", party.id)).toBe(0);
    expect(count(server, "party_room_assignments", "party_id = ?", party.id)).toBe(0);
    expect(count(server, "event_rsvps", "party_id = ?", party.id)).toBe(0);
  });

  it("GET /api/parties-with-rsvps shows Pending / Attending / Declined", async () => {
    const [pending, attending, declined] = [await makeParty(admin), await makeParty(admin), await makeParty(admin)];
    await admin.post("/api/rsvps", { partyId: attending.id, attending: true });
    await admin.post("/api/rsvps", { partyId: declined.id, attending: false });
    const res = await admin.get("/api/parties-with-rsvps");
    expect(res.status).toBe(200);
    const status = (id: string) => res.json.find((p: { id: string }) => p.id === id)?.rsvpStatus;
    expect([status(pending.id), status(attending.id), status(declined.id)]).toEqual(["Pending", "Attending", "Declined"]);
  });
});

describe("guests (admin)", () => {
  it("creates a guest (201) with defaults, a normalised phone and an optional party", async () => {
    const party = await makeParty(admin, []);
    const res = await admin.post("/api/guests", {
      firstName: "Ana",
      lastName: "Silva",
      email: "ana@example.com",
      phone: "+351 912 000 111",
      partyId: party.id,
      dateOfBirth: "1990-01-01",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      firstName: "Ana",
      ageCategory: "adult",
      phone: "+351912000111",
      partyId: party.id,
      paymentStatus: "pending",
      paymentAmount: 0,
      customCode: null,
    });
    const alone = await admin.post("/api/guests", { firstName: "B", lastName: "C", partyId: "" });
    expect(alone.json.partyId).toBeNull();
  });

  it("validates with the Guest form's messages", async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ lastName: "X" }, 400, "First name is required"],
      [{ firstName: "X" }, 400, "Last name is required"],
      [{ firstName: "X", lastName: "Y", email: "bad" }, 400, "Please enter a valid email address."],
      [{ firstName: "X", lastName: "Y", phone: "912345678" }, 400, "Phone number must start with country code (e.g. +351912345678)"],
      [{ firstName: "X", lastName: "Y", phone: "+35191abc" }, 400, "Phone number must contain only digits after the + sign."],
      [{ firstName: "X", lastName: "Y", ageCategory: "teen" }, 400, "Please choose an age category"],
      [{ firstName: "X", lastName: "Y", partyId: "no-such-party" }, 404, "Party not found"],
      [{ firstName: "X", lastName: "Y", customCode: "DUP-CODE-1" }, 409, "This invitation code is already in use. Choose another one."],
      [{ firstName: "X", lastName: "Y", customCode: "FAMILY-2026" }, 409, "This invitation code is already in use. Choose another one."],
    ];
    await makeGuest(admin, { customCode: "DUP-CODE-1" });
    const before = count(server, "guests");
    for (const [body, status, message] of cases) {
      const res = await admin.post("/api/guests", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "guests")).toBe(before);
  });

  it("lists guests with filters, each with its RSVP status", async () => {
    const party = await makeParty(admin, ["adult", "kid"]);
    await admin.post("/api/rsvps", { partyId: party.id, attending: true });
    const res = await admin.get(`/api/guests?partyId=${party.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json.every((g: { rsvpStatus: string }) => g.rsvpStatus === "attending")).toBe(true);
    expect((await admin.get(`/api/guests?partyId=${party.id}&ageCategory=kid`)).json).toHaveLength(1);
    expect((await admin.get("/api/guests?ageCategory=teen")).status).toBe(400);
  });

  it("PATCH moves a guest between parties, but never the last member out", async () => {
    const [from, to] = [await makeParty(admin, ["adult", "adult"]), await makeParty(admin, ["adult"])];
    const moved = await admin.patch(`/api/guests/${from.memberIds[0]}`, { partyId: to.id });
    expect(moved.status).toBe(200);
    expect(moved.json.partyId).toBe(to.id);
    const last = await admin.patch(`/api/guests/${from.memberIds[1]}`, { partyId: null });
    expect(last.status).toBe(409);
    expect(last.json.message).toBe("Cannot remove: At least one party member must exist.");
    expect((await admin.patch(`/api/guests/${from.memberIds[1]}`, { partyId: "nope" })).status).toBe(404);
    expect((await admin.patch("/api/guests/nope", { firstName: "X" })).status).toBe(404);
  });

  it("DELETE removes a guest (admin only); unknown ids 404", async () => {
    const guest = await makeGuest(admin);
    expect((await admin.delete(`/api/guests/${guest.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/guests/${guest.id}`)).status).toBe(404);
    expect(count(server, "guests", "id = ?", guest.id)).toBe(0);
  });
});

describe("party members (guest or admin)", () => {
  let party: Awaited<ReturnType<typeof makeParty>>;
  let other: Awaited<ReturnType<typeof makeParty>>;
  let solo: Awaited<ReturnType<typeof makeGuest>>;
  let guest: Client;
  let otherGuest: Client;
  let soloGuest: Client;

  beforeAll(async () => {
    party = await makeParty(admin, ["adult", "adult", "kid", "baby"]);
    other = await makeParty(admin, ["adult"]);
    solo = await makeGuest(admin);
    guest = await signedIn(server, party.authCode);
    otherGuest = await signedIn(server, other.authCode);
    soloGuest = await signedIn(server, solo.customCode);
  });

  it("GET /members answers the summary to the party and the admin only", async () => {
    const res = await guest.get(`/api/parties/${party.id}/members`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 4, adults: 2, kids: 1, babies: 1 });
    expect(res.json.members).toHaveLength(4);
    expect((await admin.get(`/api/parties/${party.id}/members`)).json.total).toBe(4);
    expect((await otherGuest.get(`/api/parties/${party.id}/members`)).status).toBe(403);
    expect((await soloGuest.get(`/api/parties/${party.id}/members`)).status).toBe(403);
    expect((await anon().get(`/api/parties/${party.id}/members`)).status).toBe(401);
    expect((await admin.get("/api/parties/nope/members")).status).toBe(404);
  });

  it("POST /members adds to the path's party, never another one", async () => {
    const res = await guest.post(`/api/parties/${party.id}/members`, {
      firstName: "New",
      lastName: "Member",
      ageCategory: "kid",
      email: "",
      phone: "",
      partyId: other.id,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ partyId: party.id, ageCategory: "kid", email: null, phone: null });
    const invalid = await guest.post(`/api/parties/${party.id}/members`, { firstName: "", lastName: "X" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe("First name is required");
    expect(invalid.json.errors.firstName).toEqual(["First name is required"]);
    expect((await otherGuest.post(`/api/parties/${party.id}/members`, { firstName: "A", lastName: "B" })).status).toBe(403);
    expect((await soloGuest.post(`/api/parties/${party.id}/members`, { firstName: "A", lastName: "B" })).status).toBe(403);
    expect((await anon().post(`/api/parties/${party.id}/members`, { firstName: "A", lastName: "B" })).status).toBe(401);
    expect((await admin.post("/api/parties/nope/members", { firstName: "A", lastName: "B" })).status).toBe(404);
    expect(count(server, "guests", "party_id = ?", other.id)).toBe(1);
  });

  it("PATCH /api/guests/{id}: a member of one's own party or oneself; member fields only", async () => {
    const memberId = party.memberIds[1]!;
    const res = await guest.patch(`/api/guests/${memberId}`, { firstName: "Renamed", ageCategory: "kid", partyId: other.id, customCode: "HIJACK" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Renamed", ageCategory: "kid", partyId: party.id });
    // Issue 15: a guest's answer is the member's guest fields (no codes); the code was not set.
    expect(res.json).not.toHaveProperty("customCode");
    expect((await admin.get(`/api/guests/${memberId}`)).json.customCode).toBeNull();
    expect((await otherGuest.patch(`/api/guests/${memberId}`, { firstName: "X" })).status).toBe(403);
    expect((await soloGuest.patch(`/api/guests/${memberId}`, { firstName: "X" })).status).toBe(403);
    expect((await anon().patch(`/api/guests/${memberId}`, { firstName: "X" })).status).toBe(401);
    expect((await soloGuest.patch(`/api/guests/${solo.id}`, { lastName: "Changed" })).json.lastName).toBe("Changed");
    expect((await guest.patch(`/api/guests/${solo.id}`, { lastName: "X" })).status).toBe(403);
    expect((await guest.patch(`/api/guests/${memberId}`, { email: "nope" })).json.message).toBe("Please enter a valid email address.");
    // GET follows the same rule.
    expect((await guest.get(`/api/guests/${memberId}`)).status).toBe(200);
    expect((await otherGuest.get(`/api/guests/${memberId}`)).status).toBe(403);
  });

  it("DELETE a member: the party's guest may, others 403, and never the last one (409)", async () => {
    const small = await makeParty(admin, ["adult", "adult"]);
    const smallGuest = await signedIn(server, small.authCode);
    expect((await otherGuest.delete(`/api/parties/${small.id}/members/${small.memberIds[0]}`)).status).toBe(403);
    expect((await anon().delete(`/api/parties/${small.id}/members/${small.memberIds[0]}`)).status).toBe(401);
    expect((await smallGuest.delete(`/api/parties/${small.id}/members/${small.memberIds[0]}`)).status).toBe(200);
    const last = await smallGuest.delete(`/api/parties/${small.id}/members/${small.memberIds[1]}`);
    expect(last.status).toBe(409);
    expect(last.json.message).toBe("Cannot remove: At least one party member must exist.");
    // A member of another party is not found through this party's path.
    expect((await admin.delete(`/api/parties/${small.id}/members/${party.memberIds[0]}`)).status).toBe(404);
    expect(count(server, "guests", "party_id = ?", small.id)).toBe(1);
  });

  it("concurrent removals never remove the last member", async () => {
    const big = await makeParty(admin, ["adult", "adult", "adult", "adult", "adult"]);
    const results = await Promise.all(big.memberIds.map((id) => admin.delete(`/api/parties/${big.id}/members/${id}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
    expect(count(server, "guests", "party_id = ?", big.id)).toBe(1);
  });

  it("keeps a party's RSVP counts in step with its members", async () => {
    const family = await makeParty(admin, ["adult", "kid"]);
    await admin.post("/api/rsvps", { partyId: family.id, attending: true });
    await admin.post(`/api/parties/${family.id}/members`, { firstName: "Baby", lastName: "F", ageCategory: "baby" });
    const [rsvp] = query(server, "select guest_count g, adults_count a, kids_count k, babies_count b from rsvps where party_id = ?", family.id);
    expect(rsvp).toEqual({ g: 3, a: 1, k: 1, b: 1 });
  });
});

describe("malformed input never produces a 500", () => {
  it("answers 400 to prototype keys, wrong types, huge strings and broken JSON", async () => {
    const party = await makeParty(admin, ["adult"]);
    const roomType = await makeRoomType(admin);
    const assignment = await assignRoom(admin, party.id, roomType.id);
    const event = await makeEvent(admin);
    const bodies = [
      '{"__proto__": {"isAdmin": true}, "name": "Proto"}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '{"name": {"toString": "x"}}',
      `{"name": "${"y".repeat(300_000)}"}`,
      "[]",
      "true",
      "{",
      "\u0000",
    ];
    for (const body of bodies) {
      for (const [method, path] of [
        ["POST", "/api/parties"],
        ["PATCH", `/api/parties/${party.id}`],
        ["POST", "/api/guests"],
        ["POST", `/api/parties/${party.id}/members`],
        ["POST", "/api/rsvps"],
        ["POST", "/api/event-rsvps"],
        ["POST", "/api/room-types"],
        ["POST", "/api/room-assignments"],
        ["POST", "/api/events"],
        ["PATCH", "/api/event-config"],
        ["PATCH", "/api/auth-settings"],
        ["PATCH", `/api/guests/${party.memberIds[0]}`],
        ["PATCH", `/api/events/${event.id}`],
        ["PATCH", `/api/room-types/${roomType.id}`],
        ["PATCH", `/api/room-assignments/${assignment.id}`],
        ["POST", `/api/room-assignments/${assignment.id}/decline`],
        ["POST", `/api/room-assignments/${assignment.id}/mark-paid`],
        ["POST", "/api/party-auth"],
        ["POST", "/api/guest-auth"],
      ]) {
        const res = await admin.request(method!, path!, body, { "content-type": "application/json" });
        expect(res.status, `${method} ${path} ${body.slice(0, 40)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.json?.message, `${method} ${path}`).toBeTruthy();
      }
    }
    // The prototype key was ignored, not merged: the party created is plain.
    const proto = await admin.request("POST", "/api/parties", '{"__proto__": {"notes": "polluted"}, "name": "Proto"}', {
      "content-type": "application/json",
    });
    expect(proto.status).toBe(201);
    expect(proto.json.notes).toBeNull();
    expect(({} as Record<string, unknown>).notes).toBeUndefined();
    // A PATCH whose every key is unknown changes nothing and says so with the entity.
    const unchanged = await admin.patch(`/api/parties/${party.id}`, { bogus: 1 });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json).toMatchObject({ id: party.id, name: "Proto" });
  });

  it("answers 404 JSON to unknown or odd ids", async () => {
    for (const id of ["nope", "%20", "..%2F..%2Fetc", "x".repeat(2000), "' or 1=1 --"]) {
      const res = await admin.get(`/api/parties/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.json.message).toBe("Party not found");
    }
  });
});

describe("server log", () => {
  it("shows no unexpected failure: nothing above was answered with a 500", () => {
    expect(server.output()).not.toContain("api failure");
    expect(server.output()).not.toMatch(/SqliteError|TypeError|ReferenceError/);
  });
});
