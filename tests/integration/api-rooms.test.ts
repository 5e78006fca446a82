// Room types, inventory and room assignments over HTTP: permissions, validation, CONTRACT.md 5.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, count, makeGuest, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

let server: TestServer;
let admin: Client;

const anon = () => new Client(server.url);
const inventory = async (id: string) => (await admin.get(`/api/room-types/${id}/inventory`)).json;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("room types (admin)", () => {
  it("creates (201) with defaults, reads, updates and lists with inventory", async () => {
    const res = await admin.post("/api/room-types", {
      name: "Garden Suite",
      location: "Garden Wing",
      category: "Suite",
      areaSqM: 45.5,
      areaSqFt: 490,
      maxOccupancyAdults: 2,
      totalUnits: 4,
      pricePerNight: 560,
      facilities: ["Terrace", "", null, "Bathtub"],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ maxOccupancyChildren: 0, facilities: ["Terrace", "Bathtub"], imageUrls: [], description: null });
    const id = res.json.id;
    expect((await admin.get(`/api/room-types/${id}`)).json.name).toBe("Garden Suite");
    expect((await admin.get("/api/room-types")).json.map((r: { id: string }) => r.id)).toContain(id);
    const patched = await admin.patch(`/api/room-types/${id}`, { description: "Quiet", pricePerNight: 600 });
    expect(patched.json).toMatchObject({ description: "Quiet", pricePerNight: 600, totalUnits: 4, facilities: ["Terrace", "Bathtub"] });
    const all = await admin.get("/api/room-types-inventory");
    expect(all.json.find((r: { id: string }) => r.id === id)).toMatchObject({ totalUnits: 4, assignedUnits: 0, availableUnits: 4 });
    expect(await inventory(id)).toMatchObject({ totalUnits: 4, assignedUnits: 0, availableUnits: 4 });
  });

  it("validates with the Room type form's messages and stores nothing", async () => {
    const base = { name: "R", location: "L", category: "Room", areaSqM: 1, areaSqFt: 1, maxOccupancyAdults: 1, totalUnits: 1, pricePerNight: 0 };
    const before = count(server, "room_types");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: "" }, "Name is required"],
      [{ ...base, location: undefined }, "Location is required"],
      [{ ...base, category: "Castle" }, "Category must be Room, Suite or Villa"],
      [{ ...base, areaSqM: "big" }, "Area (m²) must be a number"],
      [{ ...base, maxOccupancyAdults: 0 }, "Max adults must be at least 1"],
      [{ ...base, totalUnits: 0 }, "Total units must be at least 1"],
      [{ ...base, totalUnits: 1.5 }, "Total units must be a whole number"],
      [{ ...base, pricePerNight: -1 }, "Price cannot be negative"],
      [{ ...base, maxOccupancyChildren: -1 }, "Max children cannot be negative"],
      [{ ...base, imageUrls: ["javascript:alert(1)"] }, "Unknown photo"],
      [{ ...base, imageUrls: ["/uploads/../../etc/passwd"] }, "Unknown photo"],
      [{ ...base, facilities: "wifi" }, "Invalid input: expected array, received string"],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post("/api/room-types", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "room_types")).toBe(before);
    expect((await admin.patch("/api/room-types/nope", { name: "X" })).status).toBe(404);
    expect((await admin.get("/api/room-types/nope/inventory")).status).toBe(404);
  });

  it("refuses lowering totalUnits below the assigned units (409)", async () => {
    const roomType = await makeRoomType(admin, { totalUnits: 5 });
    await assignRoom(admin, (await makeParty(admin)).id, roomType.id, 3);
    const res = await admin.patch(`/api/room-types/${roomType.id}`, { totalUnits: 2 });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Cannot reduce total units to 2: 3 units are already assigned.");
    expect((await admin.patch(`/api/room-types/${roomType.id}`, { totalUnits: 3 })).status).toBe(200);
    expect(await inventory(roomType.id)).toMatchObject({ availableUnits: 0 });
  });

  it("deleting a room type deletes its assignments", async () => {
    const roomType = await makeRoomType(admin);
    await assignRoom(admin, (await makeParty(admin)).id, roomType.id);
    expect((await admin.delete(`/api/room-types/${roomType.id}`)).status).toBe(200);
    expect(count(server, "party_room_assignments", "room_type_id = ?", roomType.id)).toBe(0);
    expect((await admin.delete(`/api/room-types/${roomType.id}`)).status).toBe(404);
  });
});

describe("room assignments (admin)", () => {
  it("creates (201), lists with party and room type, and refuses a second for the same pair (409)", async () => {
    const party = await makeParty(admin);
    const roomType = await makeRoomType(admin);
    const created = await admin.post("/api/room-assignments", { partyId: party.id, roomTypeId: roomType.id, quantity: 2, paymentDeadline: "2026-04-30" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ quantity: 2, confirmationStatus: "pending", isPaid: false, paidAt: null, paymentDeadline: "2026-04-30" });
    const list = await admin.get("/api/room-assignments");
    expect(list.json.find((a: { id: string }) => a.id === created.json.id)).toMatchObject({
      partyId: party.id,
      roomTypeId: roomType.id,
      party: { name: party.name },
      roomType: { name: expect.any(String), location: "Main House" },
    });
    expect((await admin.get("/api/room-assignments?status=pending")).json.every((a: { confirmationStatus: string }) => a.confirmationStatus === "pending")).toBe(true);
    expect((await admin.get("/api/room-assignments?status=bogus")).status).toBe(400);
    const dup = await admin.post("/api/room-assignments", { partyId: party.id, roomTypeId: roomType.id, quantity: 1 });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe("This party already has this room type assigned. Edit that assignment instead.");
  });

  it("POST /api/parties/{id}/room-assignments creates for the path's party", async () => {
    const party = await makeParty(admin);
    const roomType = await makeRoomType(admin);
    const res = await admin.post(`/api/parties/${party.id}/room-assignments`, { roomTypeId: roomType.id, quantity: 1 });
    expect(res.status).toBe(201);
    expect(res.json.partyId).toBe(party.id);
    expect((await admin.post("/api/parties/nope/room-assignments", { roomTypeId: roomType.id, quantity: 1 })).status).toBe(404);
  });

  it("validates with SPEC.md 5's messages and stores nothing", async () => {
    const party = await makeParty(admin);
    const roomType = await makeRoomType(admin);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ roomTypeId: roomType.id, quantity: 1 }, 400, "Please select a party."],
      [{ partyId: party.id, quantity: 1 }, 400, "Please select a room type."],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: 0 }, 400, "Quantity must be greater than 0"],
      [{ partyId: party.id, roomTypeId: roomType.id }, 400, "Quantity must be greater than 0"],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: 101 }, 400, "Quantity must be at most 100"],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: "2" }, 400, "Quantity must be greater than 0"],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: 1, paymentDeadline: "30/04/2026" }, 400, "Enter the date as YYYY-MM-DD"],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: 1, paymentDeadline: "2026-02-30" }, 400, "Enter a valid date"],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: 1, confirmationStatus: "maybe" }, 400, "Confirmation status must be pending, confirmed or declined"],
      [{ partyId: party.id, roomTypeId: roomType.id, quantity: 6 }, 409, "Only 5 rooms available. Cannot assign 6 rooms."],
      [{ partyId: "nope", roomTypeId: roomType.id, quantity: 1 }, 404, "Party not found"],
      [{ partyId: party.id, roomTypeId: "nope", quantity: 1 }, 404, "Room type not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post("/api/room-assignments", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.message).toBe(message);
    }
    expect(count(server, "party_room_assignments", "party_id = ?", party.id)).toBe(0);
  });

  it("10 concurrent requests for the last 5 units leave exactly 5 assigned", async () => {
    const roomType = await makeRoomType(admin, { totalUnits: 7 });
    await assignRoom(admin, (await makeParty(admin)).id, roomType.id, 2);
    const parties = await Promise.all(Array.from({ length: 10 }, () => makeParty(admin, [])));
    const results = await Promise.all(
      parties.map((p) => admin.post("/api/room-assignments", { partyId: p.id, roomTypeId: roomType.id, quantity: 1 })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json.message).toBe("Only 0 rooms available. Cannot assign 1 rooms.");
    expect(await inventory(roomType.id)).toMatchObject({ totalUnits: 7, assignedUnits: 7, availableUnits: 0 });
    expect(query(server, "select sum(quantity) n from party_room_assignments where room_type_id = ?", roomType.id)).toEqual([{ n: 7 }]);
  });

  it("concurrent quantity increases never over-book either", async () => {
    const roomType = await makeRoomType(admin, { totalUnits: 6 });
    const rooms = await Promise.all(Array.from({ length: 3 }, async () => assignRoom(admin, (await makeParty(admin)).id, roomType.id, 1)));
    const results = await Promise.all(rooms.map((r) => admin.patch(`/api/room-assignments/${r.id}`, { quantity: 3 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await inventory(roomType.id)).toMatchObject({ assignedUnits: 5, availableUnits: 1 });
  });

  it("counts every assignment that is not declined; re-confirming needs the units again", async () => {
    const roomType = await makeRoomType(admin, { totalUnits: 5 });
    const a = await assignRoom(admin, (await makeParty(admin)).id, roomType.id, 3);
    await assignRoom(admin, (await makeParty(admin)).id, roomType.id, 2);
    expect(await inventory(roomType.id)).toMatchObject({ assignedUnits: 5, availableUnits: 0 });
    const declined = await admin.patch(`/api/room-assignments/${a.id}`, { confirmationStatus: "declined", declineReason: "No" });
    expect(declined.json).toMatchObject({ confirmationStatus: "declined", declineReason: "No" });
    expect(declined.json.declinedAt).toBeTruthy();
    expect(await inventory(roomType.id)).toMatchObject({ assignedUnits: 2, availableUnits: 3 });
    await assignRoom(admin, (await makeParty(admin)).id, roomType.id, 2);
    const back = await admin.patch(`/api/room-assignments/${a.id}`, { confirmationStatus: "pending" });
    expect(back.status).toBe(409);
    expect(back.json.message).toBe("Only 1 rooms available. Cannot assign 3 rooms.");
    expect((await admin.patch(`/api/room-assignments/${a.id}`, { confirmationStatus: "pending", quantity: 1 })).status).toBe(200);
    expect(await inventory(roomType.id)).toMatchObject({ assignedUnits: 5, availableUnits: 0 });
  });

  it("PATCH edits quantity, deadline and status; partial fields leave the rest", async () => {
    const room = await assignRoom(admin, (await makeParty(admin)).id, (await makeRoomType(admin)).id, 1);
    const res = await admin.patch(`/api/room-assignments/${room.id}`, { quantity: 2 });
    expect(res.json).toMatchObject({ quantity: 2, paymentDeadline: "2026-04-30", confirmationStatus: "pending" });
    const cleared = await admin.patch(`/api/room-assignments/${room.id}`, { paymentDeadline: null });
    expect(cleared.json.paymentDeadline).toBeNull();
    expect((await admin.patch(`/api/room-assignments/${room.id}`, { quantity: 0 })).json.message).toBe("Quantity must be greater than 0");
    expect((await admin.patch(`/api/room-assignments/${room.id}`, { isPaid: true })).status).toBe(409);
    expect((await admin.patch("/api/room-assignments/nope", { quantity: 1 })).status).toBe(404);
    const confirmed = await admin.patch(`/api/room-assignments/${room.id}`, { confirmationStatus: "confirmed", isPaid: true });
    expect(confirmed.json).toMatchObject({ confirmationStatus: "confirmed", isPaid: true });
    expect(confirmed.json.paidAt).toBeTruthy();
  });

  it("mark-paid only on a confirmed assignment (409); paidAt set and cleared", async () => {
    const room = await assignRoom(admin, (await makeParty(admin)).id, (await makeRoomType(admin)).id);
    const early = await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: true });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("Only a confirmed room assignment can be marked as paid.");
    await admin.post(`/api/room-assignments/${room.id}/confirm`);
    const paid = await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: true });
    expect(paid.status).toBe(200);
    expect(paid.json.paidAt).toBeTruthy();
    const unpaid = await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: false });
    expect(unpaid.json).toMatchObject({ isPaid: false, paidAt: null });
    expect((await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: "yes" })).json.message).toBe("isPaid must be true or false");
    expect((await admin.post("/api/room-assignments/nope/mark-paid", { isPaid: true })).status).toBe(404);
  });

  it("DELETE frees the units", async () => {
    const roomType = await makeRoomType(admin, { totalUnits: 2 });
    const room = await assignRoom(admin, (await makeParty(admin)).id, roomType.id, 2);
    expect((await admin.delete(`/api/room-assignments/${room.id}`)).status).toBe(200);
    expect(await inventory(roomType.id)).toMatchObject({ availableUnits: 2 });
    expect((await admin.delete(`/api/room-assignments/${room.id}`)).status).toBe(404);
  });
});

describe("a guest's rooms", () => {
  let party: Awaited<ReturnType<typeof makeParty>>;
  let guest: Client;
  let otherGuest: Client;
  let soloGuest: Client;

  beforeAll(async () => {
    party = await makeParty(admin);
    guest = await signedIn(server, party.authCode);
    otherGuest = await signedIn(server, (await makeParty(admin)).authCode);
    soloGuest = await signedIn(server, (await makeGuest(admin)).customCode);
  });

  it("GET /api/parties/{id}/room-assignments: the party's rooms with their room type, to it and the admin only", async () => {
    const roomType = await makeRoomType(admin, { facilities: ["Terrace"] });
    await assignRoom(admin, party.id, roomType.id, 2);
    const res = await guest.get(`/api/parties/${party.id}/room-assignments`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      expect.objectContaining({ quantity: 2, paymentDeadline: "2026-04-30", roomType: expect.objectContaining({ id: roomType.id, facilities: ["Terrace"] }) }),
    ]);
    expect((await admin.get(`/api/parties/${party.id}/room-assignments`)).status).toBe(200);
    expect((await otherGuest.get(`/api/parties/${party.id}/room-assignments`)).status).toBe(403);
    expect((await soloGuest.get(`/api/parties/${party.id}/room-assignments`)).status).toBe(403);
    expect((await anon().get(`/api/parties/${party.id}/room-assignments`)).status).toBe(401);
    expect((await guest.post(`/api/parties/${party.id}/room-assignments`, { roomTypeId: roomType.id, quantity: 1 })).status).toBe(401);
  });

  it("confirm and decline: the party's guest may; others 403, nobody 401, unknown 404", async () => {
    const room = await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    expect((await otherGuest.post(`/api/room-assignments/${room.id}/confirm`)).status).toBe(403);
    expect((await soloGuest.post(`/api/room-assignments/${room.id}/confirm`)).status).toBe(403);
    expect((await anon().post(`/api/room-assignments/${room.id}/confirm`)).status).toBe(401);
    expect((await otherGuest.post(`/api/room-assignments/${room.id}/decline`, { reason: "x" })).status).toBe(403);
    expect((await guest.post("/api/room-assignments/nope/confirm")).status).toBe(404);
    expect(query(server, "select confirmation_status s from party_room_assignments where id = ?", room.id)).toEqual([{ s: "pending" }]);

    const declined = await guest.post(`/api/room-assignments/${room.id}/decline`, { reason: "  Staying nearby  " });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ confirmationStatus: "declined", declineReason: "Staying nearby" });
    expect(declined.json.declinedAt).toBeTruthy();
    const confirmed = await guest.post(`/api/room-assignments/${room.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ confirmationStatus: "confirmed", declineReason: null, declinedAt: null });
    expect(confirmed.json.confirmedAt).toBeTruthy();
  });

  it("decline needs a reason that is not blank (400), and stores nothing", async () => {
    const room = await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    for (const body of [{ reason: "   " }, {}, { reason: 5 }]) {
      const res = await guest.post(`/api/room-assignments/${room.id}/decline`, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Reason required - Please provide a reason for declining the room.");
    }
    expect(query(server, "select confirmation_status s from party_room_assignments where id = ?", room.id)).toEqual([{ s: "pending" }]);
  });

  it("a paid room cannot be confirmed, declined or re-confirmed by a guest (409)", async () => {
    const room = await assignRoom(admin, party.id, (await makeRoomType(admin)).id);
    await guest.post(`/api/room-assignments/${room.id}/confirm`);
    await admin.post(`/api/room-assignments/${room.id}/mark-paid`, { isPaid: true });
    const decline = await guest.post(`/api/room-assignments/${room.id}/decline`, { reason: "Changed plans" });
    expect(decline.status).toBe(409);
    expect(decline.json.message).toBe("This room has already been paid, so it cannot be changed or cancelled here. Please contact the host.");
    expect((await guest.post(`/api/room-assignments/${room.id}/confirm`)).status).toBe(409);
    expect(query(server, "select confirmation_status s, is_paid p from party_room_assignments where id = ?", room.id)).toEqual([{ s: "confirmed", p: 1 }]);
  });

  it("re-confirming a declined room is refused when its units were given away (409)", async () => {
    const roomType = await makeRoomType(admin, { totalUnits: 1 });
    const room = await assignRoom(admin, party.id, roomType.id);
    await guest.post(`/api/room-assignments/${room.id}/decline`, { reason: "No" });
    await assignRoom(admin, (await makeParty(admin)).id, roomType.id);
    const res = await guest.post(`/api/room-assignments/${room.id}/confirm`);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Only 0 rooms available. Cannot assign 1 rooms.");
  });
});

describe("server log", () => {
  it("shows no unexpected failure: nothing above was answered with a 500", () => {
    expect(server.output()).not.toContain("api failure");
    expect(server.output()).not.toMatch(/SqliteError|TypeError|ReferenceError/);
  });
});
