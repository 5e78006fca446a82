// Issue 7.2: races. Concurrent over-booking attempts (100 requests for 10
// units across many parties: creates, quantity updates, re-confirms, with
// declines and status changes mixed in), concurrent double RSVP submits for
// one party, concurrent member removal down to the last member. After every
// round, and in every inventory read taken during it, the invariants hold:
// available units never negative, one RSVP per party (and per guest), one
// event RSVP per event and party, at least one member. No request may get a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, Client, figure, makeEvent, makeGuest, makeParty, makeRoomType, query, signIn, type Party } from "./lib";

const ROUNDS = Number(process.env.STRESS_RACE_ROUNDS ?? 5);

let server: TestServer;
let admin: Client;
const totals = { attempts: 0, violations: 0, fiveXx: 0 };
const violations: string[] = [];

function violation(what: string) {
  totals.violations++;
  violations.push(what);
}
function count(res: { status: number; text: string }, what: string) {
  totals.attempts++;
  if (res.status >= 500) {
    totals.fiveXx++;
    violation(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  return res;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const shuffle = <T>(list: T[]) => list.map((v) => [Math.random(), v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

describe("races", () => {
  it("100 concurrent requests for 10 units never over-book", async () => {
    let attempts = 0;
    let granted = 0;
    let refused = 0;
    let inventoryReads = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const room = await makeRoomType(admin, { totalUnits: 10 });
      const parties: Array<Party & { client: Client }> = [];
      for (let i = 0; i < 20; i++) {
        const p = await makeParty(admin, 1);
        parties.push({ ...p, client: await signIn(server.url, p.authCode) });
      }
      // A starting position: 4 units held, 3 declined assignments waiting for a re-confirm.
      const held: Array<{ id: string; party: (typeof parties)[number] }> = [];
      for (const party of parties.slice(0, 4)) held.push({ id: (await assignRoom(admin, party.id, room.id, 1)).id, party });
      const declined: typeof held = [];
      for (const party of parties.slice(4, 7)) {
        const a = await assignRoom(admin, party.id, room.id, 2);
        expect((await party.client.post(`/api/room-assignments/${a.id}/decline`, { reason: "maybe" })).status).toBe(200);
        declined.push({ id: a.id, party });
      }
      const free = parties.slice(7);

      const requests: Array<() => Promise<{ status: number; text: string }>> = [];
      for (let i = 0; i < 100; i++) {
        const kind = i % 5;
        if (kind === 0 || kind === 1) {
          // create: a party without this room type (some twice: the duplicate must 409)
          const party = pick(free);
          requests.push(() => admin.post("/api/room-assignments", { partyId: party.id, roomTypeId: room.id, quantity: 1 + (i % 3) }));
        } else if (kind === 2) {
          const a = pick(held);
          requests.push(() => admin.patch(`/api/room-assignments/${a.id}`, { quantity: 1 + (i % 4) }));
        } else if (kind === 3) {
          const a = pick(declined);
          requests.push(() => a.party.client.post(`/api/room-assignments/${a.id}/confirm`));
        } else {
          // churn: a guest declines (frees units) or the host puts a declined room back to pending
          const a = pick([...held, ...declined]);
          requests.push(() =>
            i % 2
              ? a.party.client.post(`/api/room-assignments/${a.id}/decline`, { reason: "changed plans" })
              : admin.patch(`/api/room-assignments/${a.id}`, { confirmationStatus: "pending" }),
          );
        }
      }
      // Readers during the storm: no inventory read may ever show a negative availability.
      let storm = true;
      const reader = (async () => {
        while (storm) {
          const inv = count(await admin.get(`/api/room-types/${room.id}/inventory`), "inventory read");
          inventoryReads++;
          if (inv.status === 200 && (inv as any).json.availableUnits < 0) violation(`round ${round}: availableUnits ${(inv as any).json.availableUnits} seen during the storm`);
        }
      })();
      const results = await Promise.all(shuffle(requests).map((r) => r().then((res) => count(res, "booking"))));
      storm = false;
      await reader;
      attempts += results.length;
      granted += results.filter((r) => r.status < 300).length;
      refused += results.filter((r) => r.status === 409).length;
      for (const r of results) if (r.status >= 300 && r.status !== 409 && r.status !== 404) violation(`round ${round}: unexpected ${r.status} ${r.text}`);

      const [{ assigned }] = query<{ assigned: number }>(
        server,
        "select coalesce(sum(quantity), 0) as assigned from party_room_assignments where room_type_id = ? and confirmation_status != 'declined'",
        room.id,
      );
      if (assigned > 10) violation(`round ${round}: ${assigned} units assigned of 10`);
      const inv = count(await admin.get(`/api/room-types/${room.id}/inventory`), "inventory");
      if ((inv as any).json.availableUnits < 0 || (inv as any).json.availableUnits !== 10 - assigned) {
        violation(`round ${round}: inventory says ${(inv as any).json.availableUnits}, the rows say ${10 - assigned}`);
      }
      const dup = query(server, "select party_id, count(*) n from party_room_assignments where room_type_id = ? group by party_id having n > 1", room.id);
      if (dup.length) violation(`round ${round}: ${dup.length} parties with two assignments of one room type`);
    }
    figure("races/over-booking: rounds", ROUNDS);
    figure("races/over-booking: attempts", `${attempts} (${granted} granted, ${refused} refused with 409)`);
    figure("races/over-booking: inventory reads during the storms", inventoryReads);
    expect(granted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it("concurrent double RSVP submits leave one RSVP per party and per guest", async () => {
    let attempts = 0;
    const event = await makeEvent(admin);
    for (let round = 0; round < ROUNDS; round++) {
      const party = await makeParty(admin, 3);
      const solo = await makeGuest(admin);
      // Two browsers of the same party, one of the guest, and the host: all at once.
      const [a, b, s] = [await signIn(server.url, party.authCode), await signIn(server.url, party.authCode), await signIn(server.url, solo.customCode)];
      const sends = [];
      for (let i = 0; i < 10; i++) {
        sends.push(() => a.post("/api/rsvps", { partyId: party.id, attending: true, messageToHost: `a${i}` }));
        sends.push(() => b.post("/api/rsvps", { partyId: party.id, attending: i % 2 === 0, messageToHost: `b${i}` }));
        sends.push(() => admin.post("/api/rsvps", { partyId: party.id, attending: true, messageToHost: `host${i}` }));
        sends.push(() => s.post("/api/rsvps", { guestId: solo.id, attending: true, adultsCount: 1 + (i % 3) }));
        sends.push(() => a.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: i % 2 === 0 }));
        sends.push(() => s.post("/api/event-rsvps", { eventId: event.id, guestId: solo.id, attending: true }));
      }
      const results = await Promise.all(shuffle(sends).map((f) => f().then((r) => count(r, "rsvp"))));
      attempts += results.length;
      for (const r of results) if (r.status !== 200 && r.status !== 201) violation(`rsvp round ${round}: ${r.status} ${r.text}`);
      const created = results.filter((r) => r.status === 201).length;
      // Exactly one "created" each: party RSVP, guest RSVP, party event RSVP, guest event RSVP.
      if (created !== 4) violation(`rsvp round ${round}: ${created} answers said 201 (created), expected 4`);
      const perParty = query<{ n: number }>(server, "select count(*) n from rsvps where party_id = ?", party.id)[0]!.n;
      const perGuest = query<{ n: number }>(server, "select count(*) n from rsvps where guest_id = ?", solo.id)[0]!.n;
      const perEvent = query<{ n: number }>(server, "select count(*) n from event_rsvps where event_id = ? and (party_id = ? or guest_id = ?)", event.id, party.id, solo.id)[0]!.n;
      if (perParty !== 1) violation(`rsvp round ${round}: ${perParty} RSVPs for one party`);
      if (perGuest !== 1) violation(`rsvp round ${round}: ${perGuest} RSVPs for one guest`);
      if (perEvent !== 2) violation(`rsvp round ${round}: ${perEvent} event RSVPs for one party and one guest (expected 2)`);
    }
    figure("races/double RSVP: attempts", attempts);
  });

  it("concurrent member removals never remove the last member", async () => {
    let attempts = 0;
    let removed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const party = await makeParty(admin, 8);
      const [g1, g2] = [await signIn(server.url, party.authCode), await signIn(server.url, party.authCode)];
      const elsewhere = await makeParty(admin, 1);
      const sends = [];
      for (const id of party.memberIds) {
        sends.push(() => g1.delete(`/api/parties/${party.id}/members/${id}`));
        sends.push(() => g2.delete(`/api/parties/${party.id}/members/${id}`));
        sends.push(() => admin.delete(`/api/parties/${party.id}/members/${id}`));
        // The host's other ways of taking a member out of a party: moving it, deleting the guest.
        sends.push(() => admin.patch(`/api/guests/${id}`, { partyId: round % 2 ? null : elsewhere.id }));
        sends.push(() => admin.delete(`/api/guests/${id}`));
      }
      const results = await Promise.all(shuffle(sends).map((f) => f().then((r) => count(r, "member removal"))));
      attempts += results.length;
      removed += results.filter((r) => r.status === 200).length;
      for (const r of results) if (![200, 404, 409].includes(r.status)) violation(`members round ${round}: ${r.status} ${r.text}`);
      const left = query<{ n: number }>(server, "select count(*) n from guests where party_id = ?", party.id)[0]!.n;
      if (left !== 1) violation(`members round ${round}: ${left} members left (expected exactly 1)`);
      const summary = count(await admin.get(`/api/parties/${party.id}/members`), "members");
      if ((summary as any).json.total !== 1) violation(`members round ${round}: the summary says ${(summary as any).json.total} members`);
    }
    figure("races/member removal: attempts", `${attempts} (${removed} succeeded)`);
  });

  afterAll(() => {
    figure("races: attempts (all requests of the three races)", totals.attempts);
    figure("races: 5xx", totals.fiveXx);
    figure("races: violations", totals.violations);
    if (violations.length) console.log(violations.slice(0, 20).join("\n"));
  });

  it("found no violation and no 5xx", () => {
    expect(violations).toEqual([]);
  });
});
