import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { makeEvent, makeParty, query, signedIn } from "./api-fixtures";

/*
 * Issue 37: the dinner's seating through the API and the Seating page:
 * tables and rules refused with 400 naming the field (nothing stored), a
 * proposal that keeps every hard rule and names what it cannot, a plan by
 * hand over its seats or breaking "apart" refused with 409 naming the table
 * or the guests, changed answers warned, the plan published to /my-rsvp in
 * both languages, the prints and the CSV.
 */

const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const count = (server: TestServer, table: string) => query<{ n: number }>(server, `select count(*) as n from ${table}`)[0]!.n;

let server: TestServer;
let admin: Client;
let dinner: { id: string };

/** A party of `size` adults coming to the dinner, with a guest browser. */
async function coming(size: number) {
  const party = await makeParty(admin, Array(size).fill("adult"));
  const guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
  expect((await guest.post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true })).status).toBeLessThan(300);
  return { party, guest };
}

async function table(name: string, seats: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/tables", { eventId: dinner.id, name, shape: "round", seats, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string };
}

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  dinner = await makeEvent(admin, { title: "Seating Dinner" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("tables and rules refuse bad input, naming the field", () => {
  it.each([
    [{ name: "1", seats: 8 }, "eventId"],
    [{ eventId: "nope", name: "1", seats: 8 }, "eventId: Unknown event"],
    [{ eventId: "EV", name: "", seats: 8 }, "name"],
    [{ eventId: "EV", name: "1", seats: "eight" }, "seats"],
    [{ eventId: "EV", name: "1", seats: 0 }, "seats"],
    [{ eventId: "EV", name: "1", seats: 8, shape: "square" }, "shape"],
  ])("POST /api/tables %j is 400 starting with %s, nothing stored", async (body, field) => {
    const before = count(server, "seating_tables");
    const res = await admin.post("/api/tables", JSON.parse(JSON.stringify(body).replace('"EV"', JSON.stringify(dinner.id))));
    expect(res.status, res.text).toBe(400);
    expect(res.json.error ?? res.json.message).toMatch(new RegExp(`^${field}`));
    expect(count(server, "seating_tables")).toBe(before);
  });

  it("rules: apart needs two guests, kinds are known, ids exist", async () => {
    const { party } = await coming(1);
    const before = count(server, "seating_rules");
    for (const [body, field] of [
      [{ eventId: dinner.id, kind: "apart", guestIds: [party.memberIds[0]] }, "guestIds"],
      [{ eventId: dinner.id, kind: "apart", guestIds: [party.memberIds[0], "ghost"] }, "guestIds"],
      [{ eventId: dinner.id, kind: "nearby" }, "kind"],
      [{ eventId: dinner.id, kind: "kids-table" }, "tableId"],
      [{ eventId: dinner.id, kind: "split" }, "partyIds"],
    ] as const) {
      const res = await admin.post("/api/seating/rules", body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.error ?? res.json.message).toMatch(new RegExp(`^${field}`));
    }
    expect(count(server, "seating_rules")).toBe(before);
    expect((await admin.get("/api/seating?eventId=")).status).toBe(400);
  });
});

describe("propose, apply, move, publish", () => {
  it("proposes a plan that keeps every rule, saves nothing; apply saves it; by hand over seats or apart is 409", async () => {
    const t1 = await table("1", 4);
    const t2 = await table("2", 4);
    const a = await coming(3);
    const b = await coming(2);
    const c = await coming(2);
    const apart = await admin.post("/api/seating/rules", { eventId: dinner.id, kind: "apart", guestIds: [a.party.memberIds[0], b.party.memberIds[0]] });
    expect(apart.status, apart.text).toBe(201);
    expect((await admin.get(`/api/seating/rules?eventId=${dinner.id}`)).json).toHaveLength(1);

    const res = await admin.post("/api/seating/propose", { eventId: dinner.id });
    expect(res.status, res.text).toBe(200);
    const plan = res.json as { assignments: { guestId: string; tableId: string }[]; unseated: string[]; broken: { rule: string; why: string }[]; score: number };
    expect(count(server, "seat_assignments")).toBe(0);
    const tableOf = new Map(plan.assignments.map((x) => [x.guestId, x.tableId]));
    expect(tableOf.get(a.party.memberIds[0]!)).not.toBe(tableOf.get(b.party.memberIds[0]!));
    for (const id of plan.assignments.map((x) => x.tableId)) expect([t1.id, t2.id]).toContain(id);
    // 8 seats, 8 guests known here (the rule test's one-person party too): someone may wait, but always named.
    for (const id of plan.unseated) expect(plan.broken.some((x) => x.why)).toBe(true);
    expect((await admin.post("/api/seating/propose", { eventId: dinner.id })).json).toEqual(plan);

    const applied = await admin.post("/api/seating/apply", { eventId: dinner.id, assignments: plan.assignments });
    expect(applied.status, applied.text).toBe(200);
    expect(count(server, "seat_assignments")).toBe(plan.assignments.length);

    // By hand: five at a table of four is 409 naming the table; nothing changes.
    const over = [...a.party.memberIds, ...c.party.memberIds].map((guestId) => ({ guestId, tableId: t1.id }));
    const full = await admin.post("/api/seating/apply", { eventId: dinner.id, assignments: over });
    expect(full.status, full.text).toBe(409);
    expect(full.json.error ?? full.json.message).toBe("Table 1 has 4 seats and 5 guests");
    const breaks = await admin.post("/api/seating/apply", {
      eventId: dinner.id,
      assignments: [...a.party.memberIds.map((guestId) => ({ guestId, tableId: t1.id })), { guestId: b.party.memberIds[0], tableId: t1.id }],
    });
    expect(breaks.status).toBe(409);
    expect(breaks.json.error ?? breaks.json.message).toMatch(/^Member0 .* and Member0 .* must not sit together \(both at table 1\)$/);
    const bad = await admin.post("/api/seating/apply", { eventId: dinner.id, assignments: [{ guestId: "ghost", tableId: t1.id }] });
    expect(bad.status).toBe(400);
    expect(bad.json.error ?? bad.json.message).toMatch(/^assignments\.0\.guestId/);
    expect(count(server, "seat_assignments")).toBe(plan.assignments.length);

    const state = (await admin.get(`/api/seating?eventId=${dinner.id}`)).json;
    expect(Object.keys(state)).toEqual(expect.arrayContaining(["tables", "assignments", "locks", "warnings", "published"]));
    expect(state.published).toBe(false);
  });

  it("a guest who stops coming frees the seat and the page warns; nothing moves by itself", async () => {
    const state = (await admin.get(`/api/seating?eventId=${dinner.id}`)).json;
    const seated = state.assignments[0].guestId as string;
    const party = query<{ party_id: string }>(server, "select party_id from guests where id = ?", seated)[0]!.party_id;
    expect((await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: party, attending: false })).status).toBeLessThan(300);
    const after = (await admin.get(`/api/seating?eventId=${dinner.id}`)).json;
    expect(after.assignments.some((x: { guestId: string }) => x.guestId === seated)).toBe(false);
    expect(after.warnings.some((w: { kind: string; message: string }) => w.kind === "freed" && /no longer comes: a seat at table \d is free/.test(w.message))).toBe(true);
    expect(count(server, "seat_assignments")).toBe(state.assignments.length);
    const newcomer = await coming(1);
    const later = (await admin.get(`/api/seating?eventId=${dinner.id}`)).json;
    expect(later.warnings.some((w: { kind: string; guests: string[] }) => w.kind === "unseated" && w.guests.includes(newcomer.party.memberIds[0]!))).toBe(true);
  });

  it("publishing shows the guest's table on /my-rsvp, in English and Portuguese; taking it back hides it", async () => {
    const t = await table("7", 2);
    const { party, guest } = await coming(2);
    const move = await admin.post(`/admin/seating?event=${dinner.id}`, new URLSearchParams([["intent", "move"], ["tableId", t.id], ...party.memberIds.map((id) => ["guestId", id])]), formHeaders);
    expect(move.status, move.text).toBe(302);
    expect((await guest.get("/my-rsvp")).text).not.toContain("Your table: 7");
    expect((await guest.get("/api/my-weekend")).json.table).toBeNull();
    expect((await admin.patch("/api/seating", { eventId: dinner.id, published: "yes" })).status).toBe(400);
    const pub = await admin.patch("/api/seating", { eventId: dinner.id, published: true });
    expect(pub.status, pub.text).toBe(200);
    expect(pub.json.published).toBe(true);
    expect((await guest.get("/my-rsvp")).text).toContain("Your table: 7");
    // Issue 38: My weekend shows it too, once published.
    expect((await guest.get("/api/my-weekend")).json.table).toEqual({ name: "7" });
    await guest.post("/lang", new URLSearchParams({ lang: "pt", to: "/my-rsvp" }), formHeaders);
    expect((await guest.get("/my-rsvp")).text).toContain("A sua mesa: 7");
    await admin.patch("/api/seating", { eventId: dinner.id, published: false });
    expect((await guest.get("/my-rsvp")).text).not.toContain("A sua mesa: 7");
    expect((await guest.get("/api/my-weekend")).json.table).toBeNull();

    // The page's move over the seats: 409 naming the table, nothing moved.
    const other = await coming(1);
    const refused = await admin.post(`/admin/seating?event=${dinner.id}`, new URLSearchParams({ intent: "move", tableId: t.id, guestId: other.party.memberIds[0]! }), formHeaders);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("Table 7 has 2 seats and 3 guests");
    expect(query(server, "select * from seat_assignments where guest_id = ?", other.party.memberIds[0])).toHaveLength(0);

    // A table with guests goes only with ?unseat=1.
    const del = await admin.delete(`/api/tables/${t.id}`);
    expect(del.status).toBe(409);
    expect(del.json.error ?? del.json.message).toMatch(/^Table 7 has 2 guests/);
    expect((await admin.delete(`/api/tables/${t.id}?unseat=1`)).status).toBe(200);
    expect(query(server, "select * from seat_assignments where table_id = ?", t.id)).toHaveLength(0);
  });

  it("an impossible fixture names its conflict: two guests of one party apart", async () => {
    const { party } = await coming(2);
    await admin.post("/api/seating/rules", { eventId: dinner.id, kind: "apart", guestIds: party.memberIds });
    const res = await admin.post("/api/seating/propose", { eventId: dinner.id, keepLocked: false });
    expect(res.json.unseated).toEqual(expect.arrayContaining(party.memberIds));
    expect(res.json.broken.map((b: { why: string }) => b.why)).toContain(`Member0 ${party.name} and Member1 ${party.name} must not sit together, and the party ${party.name} sits together`);
  });

  it("the page, the prints and the CSV list who sits where", async () => {
    const page = await admin.get(`/admin/seating?event=${dinner.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Guests by party");
    const state = (await admin.get(`/api/seating?eventId=${dinner.id}`)).json;
    const someone = state.guests.find((g: { id: string }) => g.id === state.assignments[0].guestId).name as string;
    for (const view of ["plan", "list", "cards"]) {
      const print = await admin.get(`/admin/seating/print?event=${dinner.id}&view=${view}`);
      expect(print.status).toBe(200);
      expect(print.text).toContain(someone);
    }
    const csv = await admin.get(`/admin/seating.csv?event=${dinner.id}&view=list`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(someone);
  });
});

describe("at full size: 250 guests in 90 parties, 25 tables", () => {
  it("the proposal seats everyone and the Seating page stays under 100 KB of HTML", async () => {
    const big = await makeEvent(admin, { title: "Big Dinner" });
    const sizes: number[] = Array.from({ length: 90 }, (_, i) => (i < 70 ? 3 : 2));
    expect(sizes.reduce((a, b) => a + b)).toBe(250);
    const members: string[] = [];
    for (const size of sizes) {
      const party = await makeParty(admin, Array(size).fill("adult"));
      members.push(...party.memberIds);
      await admin.post("/api/rsvps", { partyId: party.id, attending: true });
      await admin.post("/api/event-rsvps", { eventId: big.id, partyId: party.id, attending: true });
    }
    for (let t = 0; t < 25; t++) await admin.post("/api/tables", { eventId: big.id, name: String(t + 1), seats: 8 + (t % 5) });
    // 30 apart pairs, each between two parties (r * 7 + 100 ran past the 250 guests: a third of them were refused unseen).
    for (let r = 0; r < 30; r++) {
      const rule = await admin.post("/api/seating/rules", { eventId: big.id, kind: "apart", guestIds: [members[r * 4]!, members[r * 4 + 125]!] });
      expect(rule.status, rule.text).toBe(201);
    }
    const plan = (await admin.post("/api/seating/propose", { eventId: big.id })).json;
    expect(plan.unseated).toEqual([]);
    expect((await admin.post("/api/seating/apply", { eventId: big.id, assignments: plan.assignments })).status).toBe(200);
    const page = await admin.get(`/admin/seating?event=${big.id}`);
    expect(page.status).toBe(200);
    expect(Buffer.byteLength(page.text)).toBeLessThan(100_000);
    const proposal = await admin.post(`/admin/seating?event=${big.id}`, new URLSearchParams({ intent: "propose", keepLocked: "on" }), formHeaders);
    expect(Buffer.byteLength(proposal.text)).toBeLessThan(100_000);
    console.log(`Seating page, 250 guests: ${(Buffer.byteLength(page.text) / 1024).toFixed(1)} KB; with the proposal: ${(Buffer.byteLength(proposal.text) / 1024).toFixed(1)} KB`);
  }, 120_000);
});
