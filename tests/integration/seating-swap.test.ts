import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { makeEvent, makeParty, query } from "./api-fixtures";

/*
 * Issue 37, placing by hand on the Seating page: a party card dropped on a
 * table (the page's move with the party's id, as the drag and drop posts it)
 * and "Swap with…" (two parties trade tables at once). Each checks the hard
 * rules on the server: 409 naming the table or the guests, nothing moved;
 * bad input is 400 naming the field.
 */

const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

let server: TestServer;
let admin: Client;
let dinner: { id: string };
const tables: Record<string, string> = {};
type Party = Awaited<ReturnType<typeof makeParty>>;
const party: Record<"p" | "q" | "r" | "s", Party> = {} as never;

async function coming(size: number) {
  const made = await makeParty(admin, Array(size).fill("adult"));
  expect((await admin.post("/api/rsvps", { partyId: made.id, attending: true })).status).toBeLessThan(300);
  expect((await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: made.id, attending: true })).status).toBeLessThan(300);
  return made;
}

const post = (fields: Record<string, string>) => admin.post(`/admin/seating?event=${dinner.id}`, new URLSearchParams(fields), formHeaders);
/** Each guest's table name ("" unseated), as stored. */
function seats() {
  const rows = query<{ guest_id: string; name: string }>(server, "select a.guest_id, t.name from seat_assignments a join seating_tables t on t.id = a.table_id where a.event_id = ?", dinner.id);
  return new Map(rows.map((r) => [r.guest_id, r.name]));
}
const tableOf = (p: Party) => [...new Set(p.memberIds.map((id) => seats().get(id) ?? ""))].join("+");

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  dinner = await makeEvent(admin, { title: "Swap Dinner" });
  for (const [name, seats] of [["A", 4], ["B", 4], ["C", 6]] as const) {
    const res = await admin.post("/api/tables", { eventId: dinner.id, name, seats });
    expect(res.status, res.text).toBe(201);
    tables[name] = res.json.id;
  }
  party.p = await coming(2);
  party.q = await coming(3);
  party.r = await coming(1);
  party.s = await coming(4);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("a party dropped on a table (the move with its party id)", () => {
  it("seats everyone of the party who comes; over the seats is 409 naming the table, nothing moved", async () => {
    for (const [p, t] of [["p", "A"], ["q", "B"], ["r", "B"], ["s", "C"]] as const) {
      const res = await post({ intent: "move", partyId: party[p].id, tableId: tables[t]! });
      expect(res.status, res.text).toBe(302);
      expect(tableOf(party[p])).toBe(t);
    }
    const over = await post({ intent: "move", partyId: party.s.id, tableId: tables.A! });
    expect(over.status).toBe(409);
    expect(over.text).toContain("Table A has 4 seats and 6 guests");
    expect(tableOf(party.s)).toBe("C");
  });

  it("an unknown party is 400 naming partyId, nothing stored", async () => {
    const before = seats();
    const res = await post({ intent: "move", partyId: "ghost", tableId: tables.A! });
    expect(res.status).toBe(400);
    expect(res.text).toContain("partyId: nobody of this party comes to this event");
    expect(seats()).toEqual(before);
  });
});

describe("Swap with…", () => {
  it("the page offers it without JavaScript: a form choosing the party to swap with", async () => {
    const page = await admin.get(`/admin/seating?event=${dinner.id}&swap=${party.p.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Swap ${party.p.name} with…`);
    expect(page.text).toContain(`name="with" value="${party.q.id}"`);
    expect(page.text).not.toContain(`name="with" value="${party.p.id}"`);
  });

  it("two parties trade tables at once, locks going with the guests", async () => {
    expect((await post({ intent: "lock", locked: "1", guestId: party.p.memberIds[0]! })).status).toBe(302);
    const res = await post({ intent: "swap", partyId: party.p.id, with: party.q.id });
    expect(res.status, res.text).toBe(302);
    expect(tableOf(party.p)).toBe("B");
    expect(tableOf(party.q)).toBe("A");
    expect(tableOf(party.r)).toBe("B");
    expect(query(server, "select locked from seat_assignments where guest_id = ?", party.p.memberIds[0])).toEqual([{ locked: 1 }]);
    const logged = query<{ summary: string }>(server, "select summary from activity_log where kind = 'seating' order by rowid desc limit 1");
    expect(logged[0]?.summary).toBe("Seats swapped: 2 to table B, 3 to table A");
  });

  it("over a table's seats is 409 naming the table; nothing moves", async () => {
    const before = seats();
    // s (4) to B, where r (1) stays: 5 at a table of 4.
    const res = await post({ intent: "swap", partyId: party.s.id, with: party.p.id });
    expect(res.status).toBe(409);
    expect(res.text).toContain("Table B has 4 seats and 5 guests");
    expect(seats()).toEqual(before);
  });

  it("two guests who must not sit together is 409 naming them; nothing moves", async () => {
    const rule = await admin.post("/api/seating/rules", { eventId: dinner.id, kind: "apart", guestIds: [party.q.memberIds[0], party.r.memberIds[0]] });
    expect(rule.status, rule.text).toBe(201);
    const before = seats();
    const res = await post({ intent: "swap", partyId: party.q.id, with: party.p.id });
    expect(res.status).toBe(409);
    expect(res.text).toContain(`Member0 ${party.q.name} and Member0 ${party.r.name} must not sit together (both at table B)`);
    expect(seats()).toEqual(before);
  });

  it("bad input is 400 naming the field; nothing moves", async () => {
    const before = seats();
    for (const [fields, message] of [
      [{ partyId: party.p.id }, "with: choose the party to swap with"],
      [{ partyId: party.p.id, with: "ghost" }, "with: nobody of this party comes to this event"],
      [{ partyId: "", with: party.p.id }, "partyId is required"],
      [{ partyId: party.p.id, with: party.r.id }, "with: already at the same table"],
    ] as const) {
      const res = await post({ intent: "swap", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(seats()).toEqual(before);
  });

  it("with an unseated party: the seated one leaves, the other takes its seats", async () => {
    const t = await coming(2);
    const res = await post({ intent: "swap", partyId: t.id, with: party.s.id });
    expect(res.status, res.text).toBe(302);
    expect(tableOf(t)).toBe("C");
    expect(tableOf(party.s)).toBe("");
  });
});
