// RSVPs, side events and event RSVPs over HTTP: permissions, validation, CONTRACT.md 5.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, count, makeEvent, makeGuest, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

const anon = () => new Client(server.url);
const ROOM_DECISION_REQUIRED =
  "Room decision required - Please confirm or decline all room assignments before submitting your RSVP.";

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("POST /api/rsvps", () => {
  it("saves a party's RSVP (201), counts from its members; a second submit updates it (200)", async () => {
    const party = await makeParty(admin, ["adult", "adult", "kid", "baby"]);
    const guest = await signedIn(server, party.authCode);
    const first = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      adultsCount: 9,
      dietaryRestrictions: "  no nuts ",
      messageToHost: "See you!",
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      partyId: party.id,
      guestId: null,
      attending: true,
      guestCount: 4,
      adultsCount: 2,
      kidsCount: 1,
      babiesCount: 1,
      dietaryRestrictions: "no nuts",
      messageToHost: "See you!",
    });
    expect(first.json.confirmedAt).toBeTruthy();
    const second = await guest.post("/api/rsvps", { partyId: party.id, attending: false });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: first.json.id, attending: false, guestCount: 1 });
    expect(count(server, "rsvps", "party_id = ?", party.id)).toBe(1);
    expect((await guest.get("/api/auth/session")).json.data.rsvp).toMatchObject({ attending: false });
  });

  it("saves an individual's own counts; not attending counts 1", async () => {
    const solo = await makeGuest(admin);
    const guest = await signedIn(server, solo.customCode);
    const res = await guest.post("/api/rsvps", { guestId: solo.id, attending: true, adultsCount: 2, kidsCount: 1, babiesCount: 1, guestCount: 4 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ guestId: solo.id, guestCount: 4, adultsCount: 2, kidsCount: 1, babiesCount: 1 });
    const no = await guest.post("/api/rsvps", { guestId: solo.id, attending: false, adultsCount: 3 });
    expect(no.json.guestCount).toBe(1);
  });

  it("validates with SPEC.md 5's ranges and either-or message, and stores nothing", async () => {
    const solo = await makeGuest(admin);
    const party = await makeParty(admin);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ attending: true }, "Either partyId or guestId must be provided"],
      [{ attending: true, partyId: "", guestId: null }, "Either partyId or guestId must be provided"],
      [{ attending: true, partyId: party.id, guestId: solo.id }, "Provide either partyId or guestId, not both"],
      [{ guestId: solo.id }, "Please say whether you are attending"],
      [{ guestId: solo.id, attending: "yes" }, "Please say whether you are attending"],
      [{ guestId: solo.id, attending: true, adultsCount: 11 }, "Adults must be between 0 and 10"],
      [{ guestId: solo.id, attending: true, kidsCount: -1 }, "Kids must be between 0 and 10"],
      [{ guestId: solo.id, attending: true, babiesCount: 1.5 }, "Babies must be a whole number"],
      [{ guestId: solo.id, attending: true, guestCount: 0 }, "Guest count must be between 1 and 10"],
      [{ guestId: solo.id, attending: true, adultsCount: 6, kidsCount: 6 }, "Total guests must be between 1 and 10."],
      [{ guestId: solo.id, attending: true, adultsCount: 0 }, "Total guests must be between 1 and 10."],
      [{ guestId: solo.id, attending: true, dietaryRestrictions: "x".repeat(3000) }, "At most 2000 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post("/api/rsvps", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "rsvps", "guest_id = ? or party_id = ?", solo.id, party.id)).toBe(0);
    expect((await admin.post("/api/rsvps", { guestId: "nope", attending: true })).status).toBe(404);
    expect((await admin.post("/api/rsvps", { partyId: "nope", attending: true })).status).toBe(404);
  });

  it("lets a guest answer only for itself (403), and nobody at all (401)", async () => {
    const party = await makeParty(admin);
    const other = await makeParty(admin);
    const solo = await makeGuest(admin);
    const guest = await signedIn(server, party.authCode);
    const soloGuest = await signedIn(server, solo.customCode);
    expect((await guest.post("/api/rsvps", { partyId: other.id, attending: true })).status).toBe(403);
    expect((await guest.post("/api/rsvps", { guestId: solo.id, attending: true })).status).toBe(403);
    expect((await guest.post("/api/rsvps", { guestId: party.memberIds[0], attending: true })).status).toBe(403);
    expect((await soloGuest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(403);
    expect((await anon().post("/api/rsvps", { partyId: party.id, attending: true })).status).toBe(401);
    expect(count(server, "rsvps", "party_id in (?, ?) or guest_id = ?", party.id, other.id, solo.id)).toBe(0);
  });

  it("refuses attending with a room still pending (409) and saves nothing, not even the decisions", async () => {
    const party = await makeParty(admin, ["adult", "kid"]);
    const [a, b] = [await makeRoomType(admin), await makeRoomType(admin)];
    const first = await assignRoom(admin, party.id, a.id);
    const second = await assignRoom(admin, party.id, b.id);
    const guest = await signedIn(server, party.authCode);

    const refused = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      roomConfirmationDecisions: [{ assignmentId: first.id, status: "confirmed" }],
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(ROOM_DECISION_REQUIRED);
    expect(count(server, "rsvps", "party_id = ?", party.id)).toBe(0);
    expect(query(server, "select confirmation_status s from party_room_assignments where id = ?", first.id)).toEqual([{ s: "pending" }]);

    const blank = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      roomConfirmationDecisions: [
        { assignmentId: first.id, status: "confirmed" },
        { assignmentId: second.id, status: "declined", reason: "  " },
      ],
    });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Reason required - Please provide a reason for declining the room.");
    expect(query(server, "select confirmation_status s from party_room_assignments where id = ?", first.id)).toEqual([{ s: "pending" }]);

    const saved = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      roomsConfirmed: false,
      roomConfirmationDecisions: [
        { assignmentId: first.id, status: "confirmed" },
        { assignmentId: second.id, status: "declined", reason: "Staying with family" },
      ],
    });
    expect(saved.status).toBe(201);
    expect(saved.json.roomsConfirmed).toBe(true);
    expect(query(server, "select confirmation_status s, decline_reason r from party_room_assignments where party_id = ? order by s", party.id)).toEqual([
      { s: "confirmed", r: null },
      { s: "declined", r: "Staying with family" },
    ]);
  });

  it("lets a party decline the celebration with rooms still pending", async () => {
    const party = await makeParty(admin);
    await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    const res = await (await signedIn(server, party.authCode)).post("/api/rsvps", { partyId: party.id, attending: false });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ attending: false, guestCount: 1, roomsConfirmed: false });
  });

  it("refuses a decision on another party's room (404) and saves nothing", async () => {
    const party = await makeParty(admin);
    const other = await makeParty(admin);
    const foreign = await assignRoom(admin, other.id, (await makeRoomType(admin)).id);
    const res = await (await signedIn(server, party.authCode)).post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      roomConfirmationDecisions: [{ assignmentId: foreign.id, status: "confirmed" }],
    });
    expect(res.status).toBe(404);
    expect(query(server, "select confirmation_status s from party_room_assignments where id = ?", foreign.id)).toEqual([{ s: "pending" }]);
    expect(count(server, "rsvps", "party_id = ?", party.id)).toBe(0);
  });

  it("accepts a re-sent decision for a paid room, but refuses changing it (409)", async () => {
    const party = await makeParty(admin);
    const room = await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    await admin.patch(`/api/room-assignments/${room.id}`, { confirmationStatus: "confirmed" });
    await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: true });
    const guest = await signedIn(server, party.authCode);
    const same = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: true,
      roomConfirmationDecisions: [{ assignmentId: room.id, status: "confirmed" }],
    });
    expect(same.status).toBe(201);
    const change = await guest.post("/api/rsvps", {
      partyId: party.id,
      attending: false,
      roomConfirmationDecisions: [{ assignmentId: room.id, status: "declined", reason: "Plans changed" }],
    });
    expect(change.status).toBe(409);
    expect(query(server, "select attending a from rsvps where party_id = ?", party.id)).toEqual([{ a: 1 }]);
  });
});

describe("side events", () => {
  it("GET /api/events: all for the admin; hotel-only ones only for a party with a room; 401 for nobody", async () => {
    const open = await makeEvent(admin);
    const hotel = await makeEvent(admin, { hotelGuestsOnly: true });
    const withRoom = await makeParty(admin);
    await assignRoom(admin, withRoom.id, (await makeRoomType(admin)).id);
    const without = await makeParty(admin);
    const solo = await makeGuest(admin);
    const ids = async (c: Client) => (await c.get("/api/events")).json.map((e: { id: string }) => e.id);

    expect(await ids(admin)).toEqual(expect.arrayContaining([open.id, hotel.id]));
    expect(await ids(await signedIn(server, withRoom.authCode))).toEqual(expect.arrayContaining([open.id, hotel.id]));
    const withoutIds = await ids(await signedIn(server, without.authCode));
    expect(withoutIds).toContain(open.id);
    expect(withoutIds).not.toContain(hotel.id);
    expect(await ids(await signedIn(server, solo.customCode))).not.toContain(hotel.id);
    expect((await anon().get("/api/events")).status).toBe(401);
  });

  it("POST /api/events (admin, 201) validates with SPEC.md's messages", async () => {
    const created = await admin.post("/api/events", { title: "Brunch", date: "Sunday", timeFrom: "11:00 AM", timeTo: "1:00 PM" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: "Brunch", description: null, hotelGuestsOnly: false });
    const before = count(server, "events");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date: "d", timeFrom: "a", timeTo: "b" }, "Title is required"],
      [{ title: "t", timeFrom: "a", timeTo: "b" }, "Date is required"],
      [{ title: "t", date: "d", timeTo: "b" }, "Start time is required"],
      [{ title: "t", date: "d", timeFrom: "a" }, "End time is required"],
      [{ title: "t", date: "d", timeFrom: "a", timeTo: "b", hotelGuestsOnly: "yes" }, "hotelGuestsOnly must be true or false"],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post("/api/events", body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "events")).toBe(before);
    const guest = await signedIn(server, (await makeParty(admin)).authCode);
    expect((await guest.post("/api/events", { title: "t", date: "d", timeFrom: "a", timeTo: "b" })).status).toBe(401);
  });

  it("PATCH changes only what is sent; DELETE removes the event and its RSVPs", async () => {
    const event = await makeEvent(admin, { hotelGuestsOnly: true, description: "Keep" });
    const patched = await admin.patch(`/api/events/${event.id}`, { title: "Renamed" });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ title: "Renamed", hotelGuestsOnly: true, description: "Keep" });
    expect((await admin.patch(`/api/events/${event.id}`, { title: "" })).json.message).toBe("Title is required");
    expect((await admin.patch("/api/events/nope", { title: "X" })).status).toBe(404);
    expect((await admin.get(`/api/events/${event.id}`)).json.title).toBe("Renamed");

    const party = await makeParty(admin);
    await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    await admin.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true });
    expect(count(server, "event_rsvps", "event_id = ?", event.id)).toBe(1);
    expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(200);
    expect(count(server, "event_rsvps", "event_id = ?", event.id)).toBe(0);
    expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(404);
  });
});

describe("event RSVPs", () => {
  it("are upserts: 201 then 200, one row per event and party", async () => {
    const event = await makeEvent(admin);
    const party = await makeParty(admin);
    const guest = await signedIn(server, party.authCode);
    const first = await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true });
    expect(first.status).toBe(201);
    const second = await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: false });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: first.json.id, attending: false });
    expect(count(server, "event_rsvps", "event_id = ? and party_id = ?", event.id, party.id)).toBe(1);
    const list = await guest.get(`/api/parties/${party.id}/event-rsvps`);
    expect(list.json).toEqual([expect.objectContaining({ eventId: event.id, attending: false })]);
  });

  it("refuse a hotel-only event to a party without rooms and to an individual (403)", async () => {
    const hotel = await makeEvent(admin, { hotelGuestsOnly: true });
    const without = await makeParty(admin);
    const solo = await makeGuest(admin);
    const res = await (await signedIn(server, without.authCode)).post("/api/event-rsvps", { eventId: hotel.id, partyId: without.id, attending: true });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("This event is only for guests staying at the hotel.");
    expect((await (await signedIn(server, solo.customCode)).post("/api/event-rsvps", { eventId: hotel.id, guestId: solo.id, attending: true })).status).toBe(403);
    expect(count(server, "event_rsvps", "event_id = ?", hotel.id)).toBe(0);
    const withRoom = await makeParty(admin);
    await assignRoom(admin, withRoom.id, (await makeRoomType(admin)).id);
    expect((await (await signedIn(server, withRoom.authCode)).post("/api/event-rsvps", { eventId: hotel.id, partyId: withRoom.id, attending: true })).status).toBe(201);
  });

  it("validate the body (either-or message) and the caller (403 / 401), unknown ids 404", async () => {
    const event = await makeEvent(admin);
    const party = await makeParty(admin);
    const other = await makeParty(admin);
    const solo = await makeGuest(admin);
    const guest = await signedIn(server, party.authCode);
    const soloGuest = await signedIn(server, solo.customCode);
    const missing = await guest.post("/api/event-rsvps", { eventId: event.id, attending: true });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Either partyId or guestId must be provided");
    expect((await guest.post("/api/event-rsvps", { partyId: party.id, attending: true })).json.message).toBe("eventId is required");
    expect((await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: 1 })).json.message).toBe(
      "attending must be true or false",
    );
    expect((await guest.post("/api/event-rsvps", { eventId: event.id, partyId: other.id, attending: true })).status).toBe(403);
    expect((await guest.post("/api/event-rsvps", { eventId: event.id, guestId: solo.id, attending: true })).status).toBe(403);
    expect((await soloGuest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true })).status).toBe(403);
    expect((await soloGuest.post("/api/event-rsvps", { eventId: event.id, guestId: solo.id, attending: true })).status).toBe(201);
    expect((await anon().post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true })).status).toBe(401);
    expect((await guest.post("/api/event-rsvps", { eventId: "nope", partyId: party.id, attending: true })).status).toBe(404);
    expect((await admin.post("/api/event-rsvps", { eventId: event.id, partyId: "nope", attending: true })).status).toBe(404);
    expect((await admin.post("/api/event-rsvps", { eventId: event.id, guestId: "nope", attending: true })).status).toBe(404);
  });

  it("are read by their party or guest and the admin only", async () => {
    const event = await makeEvent(admin);
    const party = await makeParty(admin);
    const other = await makeParty(admin);
    const solo = await makeGuest(admin);
    await admin.post("/api/event-rsvps", { eventId: event.id, guestId: solo.id, attending: true });
    const guest = await signedIn(server, party.authCode);
    const soloGuest = await signedIn(server, solo.customCode);
    expect((await soloGuest.get(`/api/guests/${solo.id}/event-rsvps`)).json).toEqual([
      expect.objectContaining({ eventId: event.id, attending: true, guestId: solo.id }),
    ]);
    expect((await admin.get(`/api/guests/${solo.id}/event-rsvps`)).status).toBe(200);
    expect((await guest.get(`/api/guests/${solo.id}/event-rsvps`)).status).toBe(403);
    expect((await guest.get(`/api/parties/${other.id}/event-rsvps`)).status).toBe(403);
    expect((await soloGuest.get(`/api/parties/${party.id}/event-rsvps`)).status).toBe(403);
    expect((await anon().get(`/api/parties/${party.id}/event-rsvps`)).status).toBe(401);
    expect((await admin.get("/api/parties/nope/event-rsvps")).status).toBe(404);
    expect((await admin.get("/api/guests/nope/event-rsvps")).status).toBe(404);
  });

  it("GET /api/event-rsvps (admin) lists each answer with its party, guest and main RSVP", async () => {
    const event = await makeEvent(admin);
    const party = await makeParty(admin, ["adult", "kid"]);
    await admin.post("/api/rsvps", { partyId: party.id, attending: true });
    await admin.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true });
    const solo = await makeGuest(admin, { firstName: "Lone" });
    await admin.post("/api/event-rsvps", { eventId: event.id, guestId: solo.id, attending: false });
    const res = await admin.get(`/api/event-rsvps?eventId=${event.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    const byParty = res.json.find((r: { partyId: string }) => r.partyId === party.id);
    expect(byParty).toMatchObject({
      eventId: event.id,
      attending: true,
      party: { id: party.id, name: party.name },
      guest: null,
      mainRsvp: { adultsCount: 1, kidsCount: 1, babiesCount: 0 },
    });
    expect(byParty.createdAt).toBeTruthy();
    const byGuest = res.json.find((r: { guestId: string }) => r.guestId === solo.id);
    expect(byGuest).toMatchObject({ guest: { firstName: "Lone" }, party: null, mainRsvp: null });
    expect((await admin.get("/api/event-rsvps")).json.length).toBeGreaterThanOrEqual(2);
  });
});

describe("server log", () => {
  it("shows no unexpected failure: nothing above was answered with a 500", () => {
    expect(server.output()).not.toContain("api failure");
    expect(server.output()).not.toMatch(/SqliteError|TypeError|ReferenceError/);
  });
});
