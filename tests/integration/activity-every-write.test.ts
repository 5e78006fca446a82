// Issue 36 item 7: every admin write and every guest answer lands in the
// activity log naming its person. The walk takes every admin write route of
// the permission list (tests/stress/routes.ts), makes a valid request as a
// co-host (as the owner where the route is the owner's only) and finds a new
// activity item naming that person; then each guest write as the guest. The
// page forms call the same model functions, and two of them (a party's notes,
// the event configuration) are checked as a co-host's form posts too.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, Client, makeEvent, makeGuest, makeParty, makeRoomType, signIn, type Party } from "../stress/lib";
import { label, ROUTES } from "../stress/routes";

const PASSWORD = "lantern-orchard-violet-7";
const CO_HOST = "Walk Helper, co-host";
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

let server: TestServer;
let owner: Client;
let coHost: Client;
let A: Party;
let png: Buffer;

type Ctx = Record<string, string>;
/** owner: the owner's only (the permission matrix's owner-only rows), made as the owner. */
type Case = { setup?: () => Promise<Ctx>; body?: (c: Ctx) => unknown; kind: string; owner?: boolean };

const statement = (xml: string) => {
  const f = new FormData();
  f.append("file", new Blob([xml], { type: "application/xml" }), "walk.xml");
  return f;
};
let txs = 0;
async function freshTransaction() {
  const ref = `WALK-${++txs}-${Date.now()}`;
  const entry = `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef></Ntry>`;
  expect((await owner.post("/api/bank-statements", statement(`<Document><BkToCstmrStmt><Stmt>${entry}</Stmt></BkToCstmrStmt></Document>`))).status).toBe(201);
  const list = (await owner.get("/api/bank-transactions?status=unmatched")).json.transactions as { id: string; bankId: string }[];
  const tx = list.find((t) => t.bankId === ref)!;
  return { transaction: tx.id, bankId: tx.bankId };
}
async function freshReversal() {
  const { transaction, bankId } = await freshTransaction();
  expect((await owner.post(`/api/bank-transactions/${transaction}/book`, { partyId: A.id })).status).toBe(200);
  const f = new FormData();
  f.append("file", new Blob([`ID,Date,Amount,State\n${bankId},2026-03-01,1.00,REVERTED\n`]), "reversal.csv");
  f.append("mapping", JSON.stringify({ id: "ID", date: "Date", amount: "Amount" }));
  expect((await owner.post("/api/bank-statements", f)).json.reversed).toBe(1);
  return { transaction };
}
const pointBody = () => ({ name: `Walk Airport ${Math.random().toString(36).slice(2, 6)}`, namePt: "Aeroporto", kind: "airport", transfer: true, driveMinutes: 60 });
const freshPoint = async () => ({ point: (await owner.post("/api/travel-points", pointBody())).json.id as string });
const runBody = (point: string) => ({ direction: "arrival", date: "2026-06-12", time: "14:00", fromPointId: point, toPointId: null, seats: 8, vehicle: null, driverPhone: null, note: null, locked: false, partyIds: [] });
const freshRun = async () => ({ run: (await owner.post("/api/shuttle-runs", runBody((await freshPoint()).point))).json.id as string });
let walkPhotos = 0;
const freshSeatingEvent = async () => ({ event: (await makeEvent(owner)).id as string });
const freshTable = async () => {
  const { event } = await freshSeatingEvent();
  return { event, table: (await owner.post("/api/tables", { eventId: event, name: "Walk", seats: 8 })).json.id as string };
};
const freshParty = async () => ({ party: (await makeParty(owner, 1)).id });
const freshRoomType = async () => ({ roomType: (await makeRoomType(owner)).id });
const freshAssignment = async (extra: Record<string, unknown> = {}) => ({ assignment: (await assignRoom(owner, (await makeParty(owner, 1)).id, (await makeRoomType(owner)).id, 1, extra)).id });
const freshQuestion = async () => ({ question: (await owner.post("/api/questions", { text: "Walk question", type: "text" })).json.id as string });
const freshAnnouncement = async () => ({
  announcement: (await owner.post("/api/announcements", { subject: "Walk news", body: "Text", audience: { kind: "chosen", partyIds: [A.id] } })).json.id as string,
});
const freshInvitation = async () => {
  const res = await owner.post("/api/team", { name: "Walk Invitee", email: `w-${Math.random().toString(36).slice(2)}@example.com`, role: "viewer" });
  return { helper: res.json.id as string };
};

/** One valid request per admin write route ("METHOD /path" as in routes.ts). */
const CASES: Record<string, Case> = {
  "POST /api/guests": { kind: "member", body: () => ({ firstName: "Ada", lastName: "Walk" }) },
  "DELETE /api/guests/{guest}": { kind: "member", setup: async () => ({ guest: (await makeGuest(owner)).id }) },
  "POST /api/parties": { kind: "party", body: () => ({ name: "Walk Party" }) },
  "PATCH /api/parties/{party}": { kind: "party", setup: freshParty, body: () => ({ notes: "Arrives late on Friday" }) },
  "DELETE /api/parties/{party}": { kind: "party", setup: freshParty },
  "POST /api/parties/{party}/room-assignments": {
    kind: "room",
    setup: async () => ({ ...(await freshParty()), ...(await freshRoomType()) }),
    body: (c) => ({ roomTypeId: c.roomType, quantity: 1 }),
  },
  "POST /api/room-assignments": {
    kind: "room",
    setup: async () => ({ ...(await freshParty()), ...(await freshRoomType()) }),
    body: (c) => ({ partyId: c.party, roomTypeId: c.roomType, quantity: 1, paymentDeadline: "2026-04-30" }),
  },
  "PATCH /api/room-assignments/{assignment}": { kind: "room", setup: () => freshAssignment(), body: () => ({ paymentDeadline: "2026-05-02" }) },
  "DELETE /api/room-assignments/{assignment}": { kind: "room", setup: () => freshAssignment() },
  "POST /api/room-assignments/{assignment}/mark-paid": { kind: "payment", setup: () => freshAssignment({ confirmationStatus: "confirmed" }), body: () => ({ isPaid: true }) },
  "POST /api/room-types": {
    kind: "room",
    body: () => ({ name: "Walk Room", location: "Barn", category: "Suite", areaSqM: 30, areaSqFt: 323, maxOccupancyAdults: 2, totalUnits: 2, pricePerNight: 400 }),
  },
  "PATCH /api/room-types/{roomType}": { kind: "room", setup: freshRoomType, body: () => ({ description: "Now with a view" }) },
  "DELETE /api/room-types/{roomType}": { kind: "room", setup: freshRoomType },
  "PATCH /api/event-config": { kind: "settings", body: () => ({ dressCode: "Garden smart" }) },
  "PATCH /api/auth-settings": {
    kind: "settings",
    owner: true,
    setup: async () => ({ phone: String((await owner.get("/api/auth-settings")).json.phoneEnabled) }),
    body: (c) => ({ phoneEnabled: c.phone !== "true" }),
  },
  "POST /api/events": { kind: "event", body: () => ({ title: "Walk Event", date: "Friday, June 12, 2026", timeFrom: "1:00 PM", timeTo: "2:00 PM" }) },
  "PATCH /api/events/{event}": { kind: "event", setup: async () => ({ event: (await makeEvent(owner)).id }), body: () => ({ description: "Bring a hat" }) },
  "DELETE /api/events/{event}": { kind: "event", setup: async () => ({ event: (await makeEvent(owner)).id }) },
  "POST /api/upload/images": {
    kind: "settings",
    body: () => {
      const f = new FormData();
      f.append("files", new Blob([new Uint8Array(png)], { type: "image/png" }), "walk.png");
      return f;
    },
  },
  "POST /api/invitations": {
    kind: "invitation",
    setup: async () => ({ party: (await makeParty(owner, 1, { primaryEmail: `walk-${Math.random().toString(36).slice(2)}@example.com` })).id }), body: (c) => ({ kind: "invitation", partyIds: [c.party] }) },
  "POST /api/parties/{party}/regenerate-code": { kind: "party", setup: freshParty },
  "POST /api/guests/{guest}/regenerate-code": { kind: "member", setup: async () => ({ guest: (await makeGuest(owner)).id }) },
  "POST /api/announcements": { kind: "announcement", body: () => ({ subject: "Walk news", body: "Text", audience: { kind: "chosen", partyIds: [A.id] } }) },
  "PATCH /api/announcements/{announcement}": { kind: "announcement", setup: freshAnnouncement, body: () => ({ body: "Corrected" }) },
  "DELETE /api/announcements/{announcement}": { kind: "announcement", setup: freshAnnouncement },
  "POST /api/questions": { kind: "question", body: () => ({ text: "Walk yes or no", type: "yesno" }) },
  "PATCH /api/questions/{question}": { kind: "question", setup: freshQuestion, body: () => ({ help: "Just say" }) },
  "DELETE /api/questions/{question}": { kind: "question", setup: freshQuestion },
  "POST /api/parties/{party}/charges": { kind: "payment", setup: freshParty, body: () => ({ label: "Boat trip", amount: 7000 }) },
  "DELETE /api/charges/{charge}": { kind: "payment", setup: async () => ({ charge: (await owner.post(`/api/parties/${A.id}/charges`, { label: "Walk", amount: 100 })).json.id }) },
  "POST /api/parties/{party}/payments": { kind: "payment", setup: freshParty, body: () => ({ amount: 100, date: "2026-03-03", method: "cash" }) },
  "DELETE /api/payments/{payment}": {
    kind: "payment",
    setup: async () => ({ payment: (await owner.post(`/api/parties/${A.id}/payments`, { amount: 100, date: "2026-03-03", method: "cash" })).json.id }),
  },
  "POST /api/bank-statements": { kind: "payment", body: () => statement(`<Document><BkToCstmrStmt><Stmt/></BkToCstmrStmt></Document>`) },
  "POST /api/bank-transactions/{transaction}/book": { kind: "payment", setup: freshTransaction, body: () => ({ partyId: A.id }) },
  "POST /api/bank-transactions/{transaction}/ignore": { kind: "payment", setup: freshTransaction, body: () => ({ reason: "Walk" }) },
  "POST /api/bank-transactions/{transaction}/undo": {
    kind: "payment",
    setup: async () => {
      const { transaction } = await freshTransaction();
      await owner.post(`/api/bank-transactions/${transaction}/ignore`, { reason: "Walk" });
      return { transaction };
    },
  },
  "POST /api/bank-transactions/{transaction}/dismiss-reversal": { kind: "payment", setup: freshReversal },
  "POST /api/shuttle-runs": { kind: "shuttle", setup: freshPoint, body: (c) => runBody(c.point!) },
  "PATCH /api/shuttle-runs/{run}": { kind: "shuttle", setup: freshRun, body: () => ({ vehicle: "Grey minibus (Transdouro)" }) },
  "DELETE /api/shuttle-runs/{run}": { kind: "shuttle", setup: freshRun },
  "POST /api/shuttle-runs/apply": { kind: "shuttle", setup: freshRun, body: () => ({ runs: [] }) },
  "PATCH /api/travel-settings": { kind: "travel", body: () => ({ leadMinutes: 150 }) },
  "POST /api/travel-points": { kind: "travel", body: pointBody },
  "PATCH /api/travel-points/{point}": { kind: "travel", setup: freshPoint, body: () => ({ driveMinutes: 45 }) },
  "DELETE /api/travel-points/{point}": { kind: "travel", setup: freshPoint },
  "POST /api/team": { kind: "team", body: () => ({ name: "Walk Viewer", email: `v-${Math.random().toString(36).slice(2)}@example.com`, role: "viewer" }) },
  "PATCH /api/team/{helper}": { kind: "team", setup: freshInvitation, body: () => ({ role: "co-host" }) },
  "DELETE /api/team/{helper}": { kind: "team", setup: freshInvitation },
  "POST /api/team/{helper}/invitation": { kind: "team", setup: freshInvitation },
  "POST /api/share-links": { kind: "share-link", body: () => ({ list: "rooming", label: "Quinta reception" }) },
  "DELETE /api/share-links/{shareLink}": { kind: "share-link", setup: async () => ({ shareLink: (await owner.post("/api/share-links", { list: "rooming", label: "Walk" })).json.id }) },
  // Each person's own account: the co-host ends another of their own sessions, then changes their password.
  "DELETE /api/admin/sessions/{session}": {
    kind: "team",
    setup: async () => {
      const other = new Client(server.url);
      expect((await other.post("/api/admin/login", { email: "walk-helper@example.com", password: PASSWORD })).status).toBe(200);
      const sessions = (await coHost.get("/api/admin/sessions")).json.items as { id: string; current: boolean }[];
      return { session: sessions.find((s) => !s.current)!.id };
    },
  },
  "POST /api/admin/password": { kind: "team", body: () => ({ current: PASSWORD, next: "meadow-copper-lantern-42" }) },
  // Issue 38: a driver's link to a run, revoked; a day-of message to a run's parties.
  "POST /api/shuttle-runs/{run}/driver-links": { kind: "share-link", setup: freshRun, body: () => ({ label: "Walk driver" }) },
  "DELETE /api/driver-links/{driverLink}": {
    kind: "share-link",
    setup: async () => {
      const { run } = await freshRun();
      return { driverLink: (await owner.post(`/api/shuttle-runs/${run}/driver-links`, { label: "Walk" })).json.id as string };
    },
  },
  // A driver's link to every run of a day (runBody's day: a fresh run makes sure it has one).
  "POST /api/driver-links": { kind: "share-link", setup: freshRun, body: () => ({ day: "2026-06-12", label: "Walk day" }) },
  "POST /api/shuttle-runs/{run}/messages": { kind: "announcement", setup: freshRun, body: () => ({ text: "The bus waits at exit 3" }) },
  // Issue 39: a photo guest A shared, shown by the host; the album's settings.
  "PATCH /api/album/photos/{photo}": {
    kind: "album",
    setup: async () => {
      const guest = await signIn(server.url, A.authCode);
      const form = new FormData();
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: ++walkPhotos % 256, g: 9, b: 39 } } }).png().toBuffer();
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "walk.png");
      return { photo: (await guest.post("/api/album/photos", form)).json.added[0].id as string };
    },
    body: () => ({ status: "shown" }),
  },
  "PATCH /api/album/settings": { kind: "album", body: () => ({ approval: "at-once" }) },
  // Issue 37: the dinner's tables, rules and plan.
  "POST /api/tables": { kind: "seating", setup: freshSeatingEvent, body: (c) => ({ eventId: c.event, name: "Walk 7", shape: "round", seats: 8 }) },
  "PATCH /api/tables/{table}": { kind: "seating", setup: freshTable, body: () => ({ seats: 10 }) },
  "DELETE /api/tables/{table}": { kind: "seating", setup: freshTable },
  "PATCH /api/seating": { kind: "seating", setup: freshSeatingEvent, body: (c) => ({ eventId: c.event, published: true }) },
  "POST /api/seating/apply": { kind: "seating", setup: freshSeatingEvent, body: (c) => ({ eventId: c.event, assignments: [] }) },
  "POST /api/seating/rules": { kind: "seating", setup: freshSeatingEvent, body: (c) => ({ eventId: c.event, kind: "language" }) },
  "DELETE /api/seating/rules/{rule}": {
    kind: "seating",
    setup: async () => {
      const { event } = await freshSeatingEvent();
      return { rule: (await owner.post("/api/seating/rules", { eventId: event, kind: "language" })).json.id as string };
    },
  },
  // Issue 40: gift funds, and a gift ticked thanked (guest A's pledge).
  "POST /api/gift-funds": { kind: "gift", body: () => ({ title: "Walk fund", showTotal: false, showNames: false }) },
  "PATCH /api/gift-funds/{fund}": { kind: "gift", setup: freshFund, body: () => ({ text: "changed" }) },
  "DELETE /api/gift-funds/{fund}": { kind: "gift", setup: freshFund },
  "PATCH /api/gifts/{gift}": {
    kind: "gift",
    setup: async () => {
      const { fund } = await freshFund();
      const guest = await signIn(server.url, A.authCode);
      return { gift: (await guest.post("/api/my-gifts", { fundId: fund, amount: 1000 })).json.id };
    },
    body: () => ({ thanked: true }),
  },
};
async function freshFund() {
  return { fund: (await owner.post("/api/gift-funds", { title: "Walk fund", showTotal: false, showNames: false })).json.id as string };
}
/** Admin POSTs that store nothing, so nothing to log. */
const NOTHING_STORED = ["POST /api/shuttle-runs/propose", "POST /api/seating/propose"];
// The password change runs last: it ends the co-host's other sessions.
const LAST = "POST /api/admin/password";

const fill = (template: string, c: Ctx) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => c[key] ?? (key === "party" ? A.id : `missing-${key}`));

async function activityIds() {
  const res = await owner.get("/api/activity?limit=200");
  expect(res.status).toBe(200);
  return res.json.items as { id: string; actor: string; actorName: string | null; kind: string; summary: string; partyId: string | null }[];
}

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  owner = await new Client(server.url).loginAdmin();
  A = await makeParty(owner, 2);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c0ffee" } }).png().toBuffer();
  const invited = await owner.post("/api/team", { name: "Walk Helper", email: "walk-helper@example.com", role: "co-host" });
  const token = new URL(invited.json.inviteUrl).searchParams.get("token");
  expect((await new Client(server.url).post("/api/team/accept", { token, password: PASSWORD })).status).toBe(200);
  coHost = new Client(server.url);
  expect((await coHost.post("/api/admin/login", { email: "walk-helper@example.com", password: PASSWORD })).status).toBe(200);
}, 60_000);
afterAll(async () => server?.stop());

describe("the activity log names the person of every write", () => {
  it("every admin write route, made by a co-host (the owner where only the owner may), gives an activity item naming them", async () => {
    const writes = ROUTES.filter((r) => r.access === "admin" && r.method !== "GET").map(label);
    // Every admin write of the permission list has a case here (or stores nothing).
    expect(writes.filter((l) => !CASES[l] && !NOTHING_STORED.includes(l))).toEqual([]);
    const ordered = [...writes.filter((l) => l !== LAST && CASES[l]), LAST];
    const missing: string[] = [];
    for (const route of ordered) {
      const spec = ROUTES.find((r) => label(r) === route)!;
      const c = CASES[route]!;
      const ctx = (await c.setup?.()) ?? {};
      const before = new Set((await activityIds()).map((i) => i.id));
      const client = spec.ownerOnly || c.owner ? owner : coHost;
      const who = spec.ownerOnly || c.owner ? "Host" : CO_HOST;
      const res = await client.request(spec.method, fill(spec.path, ctx), c.body?.(ctx), { accept: "application/json" });
      expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
      const fresh = (await activityIds()).filter((i) => !before.has(i.id));
      const mine = fresh.find((i) => i.actor === "admin" && i.actorName === who && i.kind === c.kind);
      if (!mine) missing.push(`${route}: no ${c.kind} item by ${who} (new: ${JSON.stringify(fresh.map((i) => [i.kind, i.actorName, i.summary]))})`);
    }
    expect(missing).toEqual([]);
  }, 180_000);

  it("a co-host's page forms (a party's notes, the event configuration) name the co-host, and the kinds filter", async () => {
    const helper = coHost;
    const party = await makeParty(owner, 1);
    const notes = await helper.post(`/admin/parties/${party.id}`, form({ intent: "update", name: party.name, authCode: party.authCode, notes: "Needs a cot" }), formHeaders);
    expect(notes.status, notes.text.slice(0, 200)).toBeLessThan(400);
    const partyItems = (await owner.get(`/api/activity?partyId=${party.id}&kind=party`)).json.items;
    // Only what changed, in words.
    expect(partyItems.find((i: { summary: string }) => /Needs a cot/.test(i.summary))).toMatchObject({
      actorName: CO_HOST,
      kind: "party",
      summary: "Party details: notes: (empty) -> Needs a cot",
    });

    const config = await helper.post("/admin/event", form({
        eventTitle: "40th Birthday Celebration", eventDate: "June 12-13, 2026", eventTime: "4:30 PM", venueName: "Quinta da Videira",
        venueAddress: "Pinhão, Portugal", notifyHost: "off", dressCode: "Linen and sandals",
      }), formHeaders);
    expect(config.status, config.text.slice(0, 200)).toBeLessThan(400);
    const settings = (await owner.get("/api/activity?kind=settings")).json.items;
    expect(settings.find((i: { summary: string }) => /Linen and sandals/.test(i.summary))).toMatchObject({ actorName: CO_HOST });
    // A group of fields by its own fields: the payment details.
    expect((await coHost.patch("/api/event-config", { payment: { bankHolder: "Ana Ribeiro" } })).status).toBe(200);
    expect((await owner.get("/api/activity?kind=settings&limit=1")).json.items[0].summary).toBe("Event configuration: payment bank holder: (empty) -> Ana Ribeiro");
    // The Activity page offers each kind to filter by.
    const page = await owner.get("/admin/activity?kind=settings");
    for (const kind of ["party", "settings", "event", "question", "invitation", "travel", "shuttle", "team", "share-link", "gift", "seating", "album"]) expect(page.text).toContain(`value="${kind}"`);
    expect(page.text).toContain("Linen and sandals");
    expect(page.text).not.toContain("Needs a cot");
  });

  it("every guest answer lands as the guest's: members, RSVP, events, rooms, questions, travel", async () => {
    const party = await makeParty(owner, 2);
    const guest = await signIn(server.url, party.authCode);
    const event = await makeEvent(owner);
    const room = await assignRoom(owner, party.id, (await makeRoomType(owner, { totalUnits: 3 })).id, 1);
    const room2 = await assignRoom(owner, party.id, (await makeRoomType(owner, { totalUnits: 3 })).id, 1);
    const question = (await owner.post("/api/questions", { text: "Walk song?", type: "text", per: "invitation" })).json.id;
    // Travel on, with a point to answer with.
    const { point } = await freshPoint();
    expect((await owner.patch("/api/travel-settings", { enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16" })).status).toBe(200);
    const added = (await guest.post(`/api/parties/${party.id}/members`, { firstName: "Kid", lastName: "Walk", ageCategory: "kid" })).json.id;
    const { fund } = await freshFund();
    const steps: [string, () => Promise<{ status: number; text: string }>, string][] = [
      ["add a member", async () => ({ status: 201, text: "" }), "member"],
      ["rename a member", () => guest.patch(`/api/guests/${party.memberIds[0]}`, { firstName: "Renamed" }), "member"],
      ["remove a member", () => guest.delete(`/api/parties/${party.id}/members/${added}`), "member"],
      ["confirm a room", () => guest.post(`/api/room-assignments/${room.id}/confirm`), "room"],
      ["decline a room", () => guest.post(`/api/room-assignments/${room2.id}/decline`, { reason: "Staying nearby" }), "room"],
      ["RSVP", () => guest.post("/api/rsvps", { partyId: party.id, attending: true }), "rsvp"],
      ["an event", () => guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true }), "event-rsvp"],
      ["answer a question", () => guest.request("PUT", "/api/answers", { partyId: party.id, answers: [{ questionId: question, value: "Fado" }] }), "answer"],
      [
        "travel",
        () =>
          guest.request("PUT", "/api/my-travel", {
            arrival: { date: "2026-06-12", time: "13:10", pointId: point, number: "TP1234" },
            departure: null,
            transfer: { arrival: true, departure: false, seats: 2 },
          }),
        "travel",
      ],
      // Issue 40: a pledge to the host's fund.
      ["a gift", () => guest.post("/api/my-gifts", { fundId: fund, amount: 1000, message: "Walk" }), "gift"],
    ];
    const missing: string[] = [];
    for (const [what, step, kind] of steps) {
      const before = new Set((await activityIds()).map((i) => i.id));
      const res = await step();
      expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
      const fresh = (await activityIds()).filter((i) => !before.has(i.id) || what === "add a member");
      if (!fresh.find((i) => i.actor === "guest" && i.kind === kind && i.partyId === party.id)) missing.push(`${what}: no ${kind} item by the guest`);
    }
    expect(missing).toEqual([]);
    // The API filters by the new kinds and names the guest as no admin.
    const travel = (await owner.get(`/api/activity?kind=travel&partyId=${party.id}`)).json.items;
    expect(travel[0]).toMatchObject({ actor: "guest", actorName: null, kind: "travel" });
    expect(travel[0].summary).toMatch(/13:10/);
  });
});
