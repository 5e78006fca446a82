// Room inventory and payment status, against hand-computed figures: first
// through the models (a per-worker SQLite file), then as the admin pages show
// them, over HTTP against the built server.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { addPartyMember } from "~/models/guests.server";
import { createParty } from "~/models/parties.server";
import {
  confirmRoomAssignment,
  createRoomAssignment,
  declineRoomAssignment,
  getRoomAssignment,
  setRoomAssignmentPaid,
  updateRoomAssignment,
} from "~/models/room-assignments.server";
import { createRoomType, roomTypesInventory, updateRoomType } from "~/models/room-types.server";
import { ensureSingletons } from "~/models/seed.server";
import { dashboardStats, paymentStatusByParty } from "~/models/stats.server";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";

function wipe() {
  for (const table of ["event_rsvps", "rsvps", "party_room_assignments", "events", "room_types", "guests", "parties"]) {
    db.run(sql.raw(`delete from ${table}`));
  }
  ensureSingletons();
}

const roomType = (name: string, totalUnits: number, pricePerNight: number) =>
  createRoomType({ name, location: "Main House", category: "Room", areaSqM: 25, areaSqFt: 269, maxOccupancyAdults: 2, totalUnits, pricePerNight });

function party(name: string) {
  const p = createParty({ name });
  addPartyMember(p.id, { firstName: "Ana", lastName: name, ageCategory: "adult" }, "admin");
  return p;
}

const inventoryOf = (id: string) => {
  const r = roomTypesInventory().find((x) => x.id === id)!;
  return { total: r.totalUnits, assigned: r.assignedUnits, available: r.availableUnits };
};

describe("inventory (models)", () => {
  beforeEach(wipe);

  it("counts pending and confirmed units as assigned, never declined ones", () => {
    const suite = roomType("Suite", 5, 500);
    const [a, b, c] = [party("A"), party("B"), party("C")];
    createRoomAssignment({ partyId: a.id, roomTypeId: suite.id, quantity: 2 }); // pending
    confirmRoomAssignment({ id: createRoomAssignment({ partyId: b.id, roomTypeId: suite.id, quantity: 1 }).id, actor: "admin" });
    const declined = createRoomAssignment({ partyId: c.id, roomTypeId: suite.id, quantity: 2 });
    expect(inventoryOf(suite.id)).toEqual({ total: 5, assigned: 5, available: 0 });
    declineRoomAssignment({ id: declined.id, reason: "Staying with family", actor: "admin" });
    // 2 pending + 1 confirmed; the 2 declined units are free again.
    expect(inventoryOf(suite.id)).toEqual({ total: 5, assigned: 3, available: 2 });
  });

  it("refuses to over-book with the spec's message, and a declined room must fit again to come back", () => {
    const villa = roomType("Villa", 2, 1200);
    const [a, b, c] = [party("A"), party("B"), party("C")];
    createRoomAssignment({ partyId: a.id, roomTypeId: villa.id, quantity: 2 });
    expect(inventoryOf(villa.id).available).toBe(0);
    expect(() => createRoomAssignment({ partyId: b.id, roomTypeId: villa.id, quantity: 1 })).toThrowError(
      expect.objectContaining({ status: 409, message: "Only 0 rooms available. Cannot assign 1 rooms." }),
    );
    // A declined assignment holds nothing, so it may be created on a full type...
    const late = createRoomAssignment({ partyId: c.id, roomTypeId: villa.id, quantity: 1, confirmationStatus: "declined" });
    expect(inventoryOf(villa.id)).toEqual({ total: 2, assigned: 2, available: 0 });
    // ...but not brought back while the type is full.
    expect(() => updateRoomAssignment(late.id, { confirmationStatus: "pending" })).toThrowError(expect.objectContaining({ status: 409 }));
    // Nor may the type shrink below what is assigned.
    expect(() => updateRoomType(villa.id, { totalUnits: 1 })).toThrowError(expect.objectContaining({ status: 409 }));
  });

  it("in edit, the limit is what is left plus what the assignment already holds", () => {
    const room = roomType("Double", 4, 300);
    const [a, b] = [party("A"), party("B")];
    const mine = createRoomAssignment({ partyId: a.id, roomTypeId: room.id, quantity: 1 });
    createRoomAssignment({ partyId: b.id, roomTypeId: room.id, quantity: 2 });
    // Left: 1; held: 1; so up to 2.
    expect(updateRoomAssignment(mine.id, { quantity: 2 }).quantity).toBe(2);
    expect(() => updateRoomAssignment(mine.id, { quantity: 3 })).toThrowError(
      expect.objectContaining({ status: 409, message: "Only 2 rooms available. Cannot assign 3 rooms." }),
    );
  });
});

describe("payment status (models)", () => {
  beforeEach(wipe);

  it("moves a party from Unpaid to Partially Paid to Paid in Full; only confirmed rooms are due", () => {
    const suite = roomType("Suite", 5, 500);
    const villa = roomType("Villa", 2, 1200);
    const [a, b, c] = [party("A family"), party("B family"), party("C family")];
    const aSuite = createRoomAssignment({ partyId: a.id, roomTypeId: suite.id, quantity: 2 });
    const aVilla = createRoomAssignment({ partyId: a.id, roomTypeId: villa.id, quantity: 1 });
    createRoomAssignment({ partyId: b.id, roomTypeId: suite.id, quantity: 1 }); // pending: not due
    declineRoomAssignment({ id: createRoomAssignment({ partyId: c.id, roomTypeId: villa.id, quantity: 1 }).id, reason: "No", actor: "admin" });
    confirmRoomAssignment({ id: aSuite.id, actor: "admin" });
    confirmRoomAssignment({ id: aVilla.id, actor: "admin" });

    const statusOf = (partyId: string) => paymentStatusByParty().find((p) => p.partyId === partyId)!;
    // Line totals: price (both nights) times quantity: 2 x 500 and 1 x 1200.
    expect(statusOf(a.id).rooms.map((r) => [r.roomTypeName, r.quantity, r.pricePerNight, r.lineTotal])).toEqual([
      ["Suite", 2, 500, 1000],
      ["Villa", 1, 1200, 1200],
    ]);
    expect(statusOf(a.id)).toMatchObject({ status: "Unpaid", total: 2200, paidTotal: 0 });
    expect(statusOf(b.id)).toMatchObject({ status: "Unpaid", total: 0 });
    expect(statusOf(c.id)).toMatchObject({ status: "Unpaid", total: 0 });

    // Only a confirmed room can be paid.
    const pending = paymentStatusByParty().find((p) => p.partyId === b.id)!.rooms[0]!;
    expect(() => setRoomAssignmentPaid({ id: pending.assignmentId, isPaid: true })).toThrowError(expect.objectContaining({ status: 409 }));

    setRoomAssignmentPaid({ id: aSuite.id, isPaid: true });
    expect(statusOf(a.id)).toMatchObject({ status: "Partially Paid", total: 2200, paidTotal: 1000 });
    expect(getRoomAssignment({ id: aSuite.id })!.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    setRoomAssignmentPaid({ id: aVilla.id, isPaid: true });
    expect(statusOf(a.id)).toMatchObject({ status: "Paid in Full", paidTotal: 2200 });
    // Issue 25: the dashboard's money is the ledger's, in cents.
    expect(dashboardStats().revenue).toEqual({
      total: 220_000,
      paid: 220_000,
      percentCollected: 100,
      roomsPaid: 3,
      roomsConfirmed: 3,
      partiesPaidInFull: 1,
    });

    // Unpaid again: the date goes, and so does "in full".
    setRoomAssignmentPaid({ id: aVilla.id, isPaid: false });
    expect(getRoomAssignment({ id: aVilla.id })!.paidAt).toBeNull();
    expect(statusOf(a.id).status).toBe("Partially Paid");
    expect(dashboardStats().revenue).toMatchObject({ paid: 100_000, percentCollected: 45, partiesPaidInFull: 0 });
  });

  it("with nothing confirmed, nothing is due and nothing is collected (no division by zero)", () => {
    const suite = roomType("Suite", 5, 500);
    createRoomAssignment({ partyId: party("A").id, roomTypeId: suite.id, quantity: 1 });
    expect(dashboardStats().revenue).toEqual({ total: 0, paid: 0, percentCollected: 0, roomsPaid: 0, roomsConfirmed: 0, partiesPaidInFull: 0 });
  });
});

describe("the admin pages (HTTP, JavaScript off)", () => {
  let server: TestServer;
  let admin: Client;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
  const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

  beforeAll(async () => {
    server = await startServer({ env: { QUERY_COUNT: "1" } });
    admin = await new Client(server.url).loginAdmin();
  });
  afterAll(async () => server?.stop());

  async function makeParty(name: string) {
    const res = await admin.post("/api/parties", { name });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: string; authCode: string };
  }

  it("sends a visitor without an admin session to the login, for pages and for form posts", async () => {
    const anonymous = new Client(server.url);
    for (const path of ["/admin/room-types", "/admin/room-assignments", "/admin/payments"]) {
      const page = await anonymous.get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location")).toBe("/admin");
      const post = await anonymous.post(path, form({ intent: "delete", id: "x" }), formHeaders);
      expect(post.status, path).toBe(302);
      expect(post.headers.get("location")).toBe("/admin");
    }
  });

  it("creates a room type, fills it, refuses the over-booking and shows the figures", async () => {
    const created = await admin.post(
      "/admin/room-types?new=1",
      form({
        intent: "create",
        name: "Cellar Room",
        location: "Winery",
        category: "Room",
        areaSqM: "22",
        areaSqFt: "237",
        maxOccupancyAdults: "2",
        maxOccupancyChildren: "0",
        totalUnits: "2",
        pricePerNight: "250",
        "facilities[0]": "Barrel view",
      }),
      formHeaders,
    );
    expect(created.status, created.text).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/room-types");
    const types = (await admin.get("/api/room-types")).json as Array<{ id: string; name: string; facilities: string[] }>;
    const cellar = types.find((t) => t.name === "Cellar Room")!;
    expect(cellar.facilities).toEqual(["Barrel view"]);

    const a = await makeParty("Alves");
    const b = await makeParty("Brito");
    const assign = (partyId: string, quantity: string) =>
      admin.post("/admin/room-assignments?assign=1", form({ intent: "assign", partyId, roomTypeId: cellar.id, quantity, paymentDeadline: "2025-11-12" }), formHeaders);

    const first = await assign(a.id, "2");
    expect(first.status, first.text).toBe(302);
    const full = await assign(b.id, "1");
    expect(full.status).toBe(400);
    const html = decode(full.text);
    expect(html).toContain("Only 0 rooms available. Cannot assign 1 rooms.");
    expect(html).toContain("Quantity exceeds available units. Only 0 available.");

    const page = decode((await admin.get("/admin/room-assignments")).text);
    expect(page).toMatch(/Cellar Room<\/h3>.*?Total<\/dt><dd[^>]*>2<.*?Assigned<\/dt><dd[^>]*>2<.*?Available<\/dt><dd[^>]*text-destructive[^>]*>0</s);
    const saved = ((await admin.get("/api/room-assignments")).json as Array<{ id: string; partyId: string; paymentDeadline: string }>).find(
      (x) => x.partyId === a.id,
    )!;
    expect(saved.paymentDeadline).toBe("2025-11-12");

    // Declining frees the units; the edit hint counts what the assignment holds.
    const declined = await admin.post(
      `/admin/room-assignments?edit=${saved.id}`,
      form({ intent: "update", id: saved.id, quantity: "2", confirmationStatus: "declined", paymentDeadline: "2025-11-12" }),
      formHeaders,
    );
    expect(declined.status, declined.text).toBe(302);
    const again = decode((await admin.get("/admin/room-assignments")).text);
    expect(again).toMatch(/Cellar Room<\/h3>.*?Assigned<\/dt><dd[^>]*>0<.*?Available<\/dt><dd[^>]*text-success[^>]*>2</s);
    expect(decode((await admin.get(`/admin/room-assignments?edit=${saved.id}`)).text)).toContain(
      "Up to 2 units can be assigned (including current assignment)",
    );
  });

  it("marks paid without JavaScript and the Payment Status page follows; the paid toggle needs a confirmed room", async () => {
    const rt = (await admin.post("/api/room-types", { name: "Garden Room", location: "Garden", category: "Room", areaSqM: 20, areaSqFt: 215, maxOccupancyAdults: 2, totalUnits: 4, pricePerNight: 400 }))
      .json as { id: string };
    const rt2 = (await admin.post("/api/room-types", { name: "Tower Suite", location: "Tower", category: "Suite", areaSqM: 40, areaSqFt: 431, maxOccupancyAdults: 2, totalUnits: 1, pricePerNight: 900 }))
      .json as { id: string };
    const p = await makeParty("Pereira");
    const one = (await admin.post("/api/room-assignments", { partyId: p.id, roomTypeId: rt.id, quantity: 2 })).json as { id: string };
    const two = (await admin.post("/api/room-assignments", { partyId: p.id, roomTypeId: rt2.id, quantity: 1 })).json as { id: string };

    const pay = (id: string, paid: boolean) =>
      admin.post("/admin/payments", form({ intent: "mark-paid", id, ...(paid ? { isPaid: "on" } : {}) }), formHeaders);
    const refused = await pay(one.id, true);
    expect(refused.status).toBe(302); // back to the page with the error as a flash message
    expect(decode((await admin.get("/admin/payments")).text)).toContain("Only a confirmed room assignment can be marked as paid.");

    const guest = new Client(server.url);
    expect((await guest.post("/api/party-auth", { authCode: p.authCode })).status).toBe(200);
    expect((await guest.post(`/api/room-assignments/${one.id}/confirm`)).status).toBe(200);
    expect((await guest.post(`/api/room-assignments/${two.id}/confirm`)).status).toBe(200);

    const card = async () => {
      // The list is a summary per party; `?party=ID` opens the party's rooms (issue 16).
      const html = decode((await admin.get(`/admin/payments?party=${p.id}`)).text);
      return html.slice(html.indexOf(">Pereira<"), html.indexOf(">Pereira<") + 6000);
    };
    expect(await card()).toContain("Unpaid");
    expect(await card()).toContain("Due €1,700 for confirmed rooms");
    expect((await pay(one.id, true)).status).toBe(302);
    expect(await card()).toContain("Partially Paid");
    expect((await pay(two.id, true)).status).toBe(302);
    expect(await card()).toContain("Paid in Full");
    expect(await card()).toContain("received €1,700");

    // The same toggle with JavaScript answers data and a toast, not a redirect.
    const enhanced = await admin.post("/admin/payments", form({ intent: "mark-paid", id: two.id, enhanced: "1" }), formHeaders);
    expect(enhanced.status).toBe(200);
    expect(enhanced.text).toContain("Payment status updated successfully");
    expect(await card()).toContain("Partially Paid");
  });

  it("reads each page in a fixed number of queries, however many rows", async () => {
    const pages = ["/admin/room-types", "/admin/room-assignments", "/admin/payments"];
    const counts = async () => {
      const out: Record<string, string | null> = {};
      for (const path of pages) out[path] = (await admin.get(path)).headers.get("x-query-count");
      return out;
    };
    const before = await counts();
    for (let i = 0; i < 6; i++) {
      const p = await makeParty(`Row ${i}`);
      const rt = (await admin.post("/api/room-types", { name: `Row Room ${i}`, location: "X", category: "Room", areaSqM: 10, areaSqFt: 108, maxOccupancyAdults: 1, totalUnits: 3, pricePerNight: 100 })).json as { id: string };
      await admin.post("/api/room-assignments", { partyId: p.id, roomTypeId: rt.id, quantity: 1 });
    }
    expect(await counts()).toEqual(before);
  });
});
