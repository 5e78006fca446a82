// Issue 7.4: the permission matrix. Every /api route (SPEC.md section 7 and
// the API's extras, tests/stress/routes.ts) and every admin page, called by
// each role: nobody, a guest of party A, a guest of party B, an individual
// guest, the admin. Each cell is asserted against CONTRACT.md section 3 and
// the whole table is printed. Targets belong to party A (or to the individual
// where the route is about one guest); a cell that changes data gets a fresh
// target of its own, so no cell depends on another.
//
// Issue 33: shared by the integration test (the paths as written) and the
// stress suite (tests/stress/permission-variants.test.ts: every path in other
// letter cases and with percent-encoded letters, which the router matches the
// same). A viewer's answers must carry no guest credential (finding 3).
import sharp from "sharp";
import { expect } from "vitest";
import { startServer, TEST_ADMIN_PASSWORD, type TestServer } from "./server";
import { assignRoom, Client, makeEvent, makeGuest, makeParty, makeRoomType, signIn, type Party } from "../stress/lib";
import { label, ROUTES } from "../stress/routes";

// Issue 27: the admin is the owner; a co-host, a viewer and a disabled helper join the matrix.
export const ROLES = ["nobody", "guestA", "guestB", "individual", "admin", "coHost", "viewer", "disabled"] as const;
export type Role = (typeof ROLES)[number];
type HelperRole = "coHost" | "viewer" | "disabled";
export const HEAD: Record<Role, string> = {
  nobody: "nobody", guestA: "guest A", guestB: "guest B", individual: "individual", admin: "owner", coHost: "co-host", viewer: "viewer", disabled: "disabled",
};
const HELPER_PASSWORD = "lantern-orchard-violet-7";

let server: TestServer;
let admin: Client;
let A: Party;
let B: Party;
let I: { id: string; customCode: string };
let png: Buffer;
const clients = {} as Record<Role, Client>;

type Ctx = Record<string, string>;
export type Row = {
  route: string; // "METHOD /path template", as in routes.ts (or a page)
  target?: string;
  method: string;
  path: (ctx: Ctx, spell?: Spelling) => string;
  body?: (ctx: Ctx) => unknown;
  /** request headers beyond the cookie (the tus protocol's) */
  headers?: (ctx: Ctx) => Record<string, string>;
  setup?: () => Promise<Ctx>;
  /** expected status per role (the helpers' derived from the owner's and nobody's unless given) */
  expect: Record<Role, number | "ok">;
  /** issue 27: the owner's only (403 for a co-host and a viewer) */
  ownerOnly?: boolean;
  /** issue 27: a write any signed-in person may make (their own account) */
  anyRole?: boolean;
  /** sign-in / sign-out: use a throwaway client of the role */
  session?: boolean;
  page?: boolean;
};

// CONTRACT.md 3, as expectations
const PUBLIC = { nobody: "ok", guestA: "ok", guestB: "ok", individual: "ok", admin: "ok" } as const;
const OWN_A = { nobody: 401, guestA: "ok", guestB: 403, individual: 403, admin: "ok" } as const;
const OWN_I = { nobody: 401, guestA: 403, guestB: 403, individual: "ok", admin: "ok" } as const;
const ANY_SIGNED_IN = { nobody: 401, guestA: "ok", guestB: "ok", individual: "ok", admin: "ok" } as const;
// A guest's own reads: the admin has no guest session.
const ANY_SIGNED_IN_GUEST = { nobody: 401, guestA: "ok", guestB: "ok", individual: "ok", admin: 401 } as const;
const ADMIN = { nobody: 401, guestA: 401, guestB: 401, individual: 401, admin: "ok" } as const;
const ADMIN_PAGE = { nobody: 302, guestA: 302, guestB: 302, individual: 302, admin: 200 } as const;

const freshMemberOfA = async () => ({
  member: (await admin.post(`/api/parties/${A.id}/members`, { firstName: "Fresh", lastName: "Member" })).json.id,
});
const freshAssignmentOfA = async () => {
  const rt = await makeRoomType(admin, { totalUnits: 3 });
  return { assignment: (await assignRoom(admin, A.id, rt.id, 1)).id };
};
const freshParty = async () => ({ party: (await makeParty(admin, 1)).id });
const freshRoomType = async () => ({ roomType: (await makeRoomType(admin)).id });
const freshAnnouncement = async () => ({
  announcement: (await admin.post("/api/announcements", { subject: "Matrix", body: "Text", audience: { kind: "chosen", partyIds: [A.id] } })).json.id,
});
const freshEvent = async () => ({ event: (await makeEvent(admin)).id });
const freshQuestion = async () => ({ question: (await admin.post("/api/questions", { text: "Matrix question", type: "text" })).json.id });
const freshAssignment = async (status?: string) => {
  const [p, rt] = [await makeParty(admin, 1), await makeRoomType(admin)];
  return { assignment: (await assignRoom(admin, p.id, rt.id, 1, status ? { confirmationStatus: status } : {})).id, party: p.id, roomType: rt.id };
};

/** A statement as the multipart body POST /api/bank-statements takes. */
const statementForm = (xml: string) => {
  const form = new FormData();
  form.append("file", new Blob([xml], { type: "application/xml" }), "statement.xml");
  return form;
};
/** A fresh unmatched bank transaction: a one-entry CAMT.053 naming no party. */
let transactions = 0;
const freshTransaction = async () => {
  const ref = `MATRIX-${++transactions}-${Date.now()}`;
  const entry = `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef></Ntry>`;
  expect((await admin.post("/api/bank-statements", statementForm(`<Document><BkToCstmrStmt><Stmt>${entry}</Stmt></BkToCstmrStmt></Document>`))).status).toBe(201);
  const list = (await admin.get("/api/bank-transactions?status=unmatched")).json.transactions as { id: string; bankId: string }[];
  return { transaction: list.find((t) => t.bankId === ref)!.id };
};
/** Decision 072: a fresh transaction booked to A that a later CSV reports REVERTED (waiting for the host). */
const freshReversal = async () => {
  const { transaction } = await freshTransaction();
  const { bankId } = (await admin.get("/api/bank-transactions?status=unmatched")).json.transactions.find((t: { id: string }) => t.id === transaction);
  expect((await admin.post(`/api/bank-transactions/${transaction}/book`, { partyId: A.id })).status).toBe(200);
  const form = new FormData();
  form.append("file", new Blob([`ID,Date,Amount,State\n${bankId},2026-03-01,1.00,REVERTED\n`]), "reversal.csv");
  form.append("mapping", JSON.stringify({ id: "ID", date: "Date", amount: "Amount" }));
  expect((await admin.post("/api/bank-statements", form)).json.reversed).toBe(1);
  return { transaction };
};
// Issue 26: a travel point (through the host's Travel panel) and a run from it.
const freshPoint = async () => {
  await admin.post("/admin/event/travel", new URLSearchParams({ intent: "point-add", name: "Matrix Airport", kind: "airport", transfer: "on", driveMinutes: "60" }), {
    "content-type": "application/x-www-form-urlencoded",
  });
  return { point: (await admin.get("/api/travel-points")).json[0].id as string };
};
const runBody = (point: string) => ({ direction: "arrival", date: "2026-06-12", time: "14:00", fromPointId: point, toPointId: null, seats: 8, vehicle: null, driverPhone: null, note: null, locked: false, partyIds: [] });
const freshRun = async () => ({ run: (await admin.post("/api/shuttle-runs", runBody((await freshPoint()).point))).json.id as string });
// Issue 38: a driver's link to a fresh run (its id and its token).
const freshDriverLink = async () => {
  const { run } = await freshRun();
  const link = (await admin.post(`/api/shuttle-runs/${run}/driver-links`, {})).json;
  return { run, driverLink: link.id as string, token: link.token as string };
};
// The travel points API: a point of its own for each cell.
const pointBody = { name: "Matrix Station", namePt: "Estação Matrix", kind: "station", transfer: false, driveMinutes: 30 };
// Issue 40: a fund of its own for each cell, and guest A's pledge to one.
const freshFund = async () => ({ fund: (await admin.post("/api/gift-funds", { title: "Matrix fund", showTotal: false, showNames: false })).json.id as string });
const freshGift = async () => {
  const { fund } = await freshFund();
  return { fund, gift: (await clients.guestA.post("/api/my-gifts", { fundId: fund, amount: 1000, message: "Matrix" })).json.id as string };
};
const freshTravelPoint = async () => ({ point: (await admin.post("/api/travel-points", pointBody)).json.id as string });

// Issue 37: a table and a rule of a fresh event, each cell its own.
const freshTable = async () => {
  const { event } = await freshEvent();
  return { event, table: (await admin.post("/api/tables", { eventId: event, name: "M", seats: 8 })).json.id as string };
};
const freshRule = async () => {
  const { event } = await freshEvent();
  return { event, rule: (await admin.post("/api/seating/rules", { eventId: event, kind: "language" })).json.id as string };
};
// Issue 39: a photo guest A shared just now (waiting for the host), a new one for each cell.
let photos = 0;
const photoForm = async (seed: number) => {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: (seed >> 8) % 256, b: 39 } } }).png().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "matrix.png");
  return form;
};
// Issue 39: a resumable (tus) upload guest A started just now, 64 bytes long, none sent yet.
const TUS = { "tus-resumable": "1.0.0" };
const UPLOAD_LENGTH = 64;
const freshUploadOfA = async () => {
  const res = await clients.guestA.request("POST", "/api/album/uploads", undefined, { ...TUS, "upload-length": String(UPLOAD_LENGTH) });
  if (res.status !== 201) throw new Error(`upload creation failed: ${res.status} ${res.text}`);
  return { upload: res.headers.get("location")!.split("/").pop()! };
};
const freshPhotoOfA = async () => {
  const res = await clients.guestA.post("/api/album/photos", await photoForm(++photos));
  if (res.status !== 201) throw new Error(`photo upload failed: ${res.text}`);
  return { photo: res.json.added[0].id as string };
};

export function rows(): Row[] {
  const row = (route: string, given: Omit<Row["expect"], HelperRole> & Partial<Row["expect"]>, extra: Partial<Row> = {}): Row => {
    const [method, template] = route.split(" ") as [string, string];
    // Issue 27: a co-host is the owner but on the owner's areas (403); a viewer is the owner for reads
    // and 403 for any write a signed-in admin could make; a disabled helper is nobody.
    const write = method !== "GET";
    const publicRoute = given.nobody === "ok";
    const expect: Row["expect"] = {
      coHost: extra.ownerOnly ? 403 : given.admin,
      viewer: extra.ownerOnly ? 403 : write && !publicRoute && !extra.anyRole && given.admin === "ok" ? 403 : given.admin,
      disabled: given.nobody,
      ...given,
    };
    return {
      route,
      method,
      expect,
      path: (ctx, spell = "as-written") => {
        const given: Ctx = { party: A.id, member: A.memberIds[0]!, guest: I.id, session: "not-a-session", ...ctx };
        return spellPath(template, spell).replace(/\{([a-zA-Z]+)\}/g, (_m, name: string) => given[name] ?? "");
      },
      ...extra,
    };
  };
  return [
    // public
    row("GET /api/event-config", PUBLIC),
    row("GET /api/auth-settings", PUBLIC),
    // the session read answers only a guest session (an admin-only session is nobody as a guest)
    row("GET /api/auth/session", { nobody: 401, guestA: 200, guestB: 200, individual: 200, admin: 401 }),
    row("POST /api/guest-auth", PUBLIC, { session: true, body: () => ({ type: "code", identifier: A.authCode }) }),
    row("POST /api/party-auth", PUBLIC, { session: true, body: () => ({ authCode: A.authCode }) }),
    row("POST /api/admin/login", PUBLIC, { session: true, body: () => ({ password: TEST_ADMIN_PASSWORD }) }),
    row("POST /api/admin/logout", PUBLIC, { session: true }),
    row("GET /api/admin/me", { ...ADMIN, admin: 200 }),
    row("POST /api/guest-auth/logout", PUBLIC, { session: true }),
    // issue 15: a wrong code is 401 whoever asks (no code was ever sent to this address)
    row("POST /api/guest-auth/verify", { nobody: 401, guestA: 401, guestB: 401, individual: 401, admin: 401 }, {
      session: true,
      body: () => ({ identifier: "nobody-invited@example.com", code: "000000" }),
    }),
    row("POST /api/parties/{party}/regenerate-code", ADMIN, { setup: freshParty }),
    row("POST /api/guests/{guest}/regenerate-code", ADMIN, { setup: async () => ({ guest: (await makeGuest(admin)).id }) }),
    // guest (own data) or admin
    row("GET /api/events", ANY_SIGNED_IN),
    row("GET /api/parties/{party}/members", OWN_A),
    row("POST /api/parties/{party}/members", OWN_A, { body: () => ({ firstName: "New", lastName: "Member", ageCategory: "kid" }) }),
    row("PATCH /api/guests/{member}", OWN_A, { target: "a member of A", body: () => ({ firstName: "Renamed" }) }),
    row("PATCH /api/guests/{member}", OWN_I, { target: "the individual", setup: async () => ({ member: I.id }), body: () => ({ lastName: "Solo" }) }),
    row("GET /api/guests/{member}", OWN_A, { target: "a member of A" }),
    row("GET /api/guests/{member}", OWN_I, { target: "the individual", setup: async () => ({ member: I.id }) }),
    row("DELETE /api/parties/{party}/members/{member}", OWN_A, { setup: freshMemberOfA }),
    row("GET /api/parties/{party}/room-assignments", OWN_A),
    row("POST /api/rsvps", OWN_A, { target: "party A", body: () => ({ partyId: A.id, attending: false }) }),
    row("POST /api/rsvps", OWN_I, { target: "the individual", body: () => ({ guestId: I.id, attending: true, adultsCount: 2 }) }),
    row("POST /api/event-rsvps", OWN_A, { target: "party A", setup: freshEvent, body: (c) => ({ eventId: c.event, partyId: A.id, attending: true }) }),
    row("POST /api/event-rsvps", OWN_I, { target: "the individual", setup: freshEvent, body: (c) => ({ eventId: c.event, guestId: I.id, attending: true }) }),
    row("GET /api/parties/{party}/event-rsvps", OWN_A),
    row("GET /api/guests/{guest}/event-rsvps", OWN_I, { target: "the individual" }),
    row("POST /api/room-assignments/{assignment}/confirm", OWN_A, { setup: freshAssignmentOfA }),
    row("POST /api/room-assignments/{assignment}/decline", OWN_A, { setup: freshAssignmentOfA, body: () => ({ reason: "Staying with family" }) }),
    // admin only
    row("GET /api/parties-with-rsvps", ADMIN),
    row("GET /api/guests", ADMIN),
    row("POST /api/guests", ADMIN, { body: () => ({ firstName: "Ada", lastName: "Lovelace" }) }),
    row("DELETE /api/guests/{guest}", ADMIN, { setup: async () => ({ guest: (await makeGuest(admin)).id }) }),
    row("GET /api/parties", ADMIN),
    row("POST /api/parties", ADMIN, { body: () => ({ name: "Matrix Party" }) }),
    row("GET /api/parties/{party}", ADMIN),
    row("PATCH /api/parties/{party}", ADMIN, { setup: freshParty, body: () => ({ notes: "changed" }) }),
    row("DELETE /api/parties/{party}", ADMIN, { setup: freshParty }),
    row("POST /api/parties/{party}/room-assignments", ADMIN, {
      setup: async () => ({ ...(await freshParty()), ...(await freshRoomType()) }),
      body: (c) => ({ roomTypeId: c.roomType, quantity: 1 }),
    }),
    row("GET /api/room-assignments", ADMIN),
    row("POST /api/room-assignments", ADMIN, {
      setup: async () => ({ ...(await freshParty()), ...(await freshRoomType()) }),
      body: (c) => ({ partyId: c.party, roomTypeId: c.roomType, quantity: 1, paymentDeadline: "2026-04-30" }),
    }),
    row("GET /api/room-assignments/{assignment}", ADMIN, { setup: () => freshAssignment() }),
    row("PATCH /api/room-assignments/{assignment}", ADMIN, { setup: () => freshAssignment(), body: () => ({ quantity: 1, paymentDeadline: "2026-05-01" }) }),
    row("DELETE /api/room-assignments/{assignment}", ADMIN, { setup: () => freshAssignment() }),
    row("POST /api/room-assignments/{assignment}/mark-paid", ADMIN, { setup: () => freshAssignment("confirmed"), body: () => ({ isPaid: true }) }),
    row("GET /api/room-types-inventory", ADMIN),
    row("GET /api/room-types", ADMIN),
    row("POST /api/room-types", ADMIN, {
      body: () => ({ name: "Matrix Room", location: "Barn", category: "Suite", areaSqM: 30, areaSqFt: 323, maxOccupancyAdults: 2, totalUnits: 2, pricePerNight: 400 }),
    }),
    row("GET /api/room-types/{roomType}", ADMIN, { setup: freshRoomType }),
    row("PATCH /api/room-types/{roomType}", ADMIN, { setup: freshRoomType, body: () => ({ description: "changed" }) }),
    row("DELETE /api/room-types/{roomType}", ADMIN, { setup: freshRoomType }),
    row("GET /api/room-types/{roomType}/inventory", ADMIN, { setup: freshRoomType }),
    row("PATCH /api/event-config", ADMIN, { body: () => ({ dressCode: "Garden smart" }) }),
    row("PATCH /api/auth-settings", ADMIN, { ownerOnly: true, body: () => ({ emailEnabled: true }) }),
    row("POST /api/events", ADMIN, { body: () => ({ title: "Matrix Event", date: "Friday", timeFrom: "1 PM", timeTo: "2 PM" }) }),
    row("GET /api/events/{event}", ADMIN, { setup: freshEvent }),
    row("PATCH /api/events/{event}", ADMIN, { setup: freshEvent, body: () => ({ description: "changed" }) }),
    row("DELETE /api/events/{event}", ADMIN, { setup: freshEvent }),
    row("GET /api/event-rsvps", ADMIN),
    // issue 24: the host's questions (admin), the answers (own or admin), a guest's own questions
    row("GET /api/questions", ADMIN),
    row("POST /api/questions", ADMIN, { body: () => ({ text: "Matrix question", type: "yesno" }) }),
    row("PATCH /api/questions/{question}", ADMIN, { setup: freshQuestion, body: () => ({ help: "changed" }) }),
    row("DELETE /api/questions/{question}", ADMIN, { setup: freshQuestion }),
    row("GET /api/answers", ADMIN),
    row("PUT /api/answers", OWN_A, { target: "party A", body: () => ({ partyId: A.id, answers: [] }) }),
    row("PUT /api/answers", OWN_I, { target: "the individual", body: () => ({ guestId: I.id, answers: [] }) }),
    row("GET /api/my-questions", { nobody: 401, guestA: 200, guestB: 200, individual: 200, admin: 403 }),
    row("GET /api/activity", ADMIN),
    row("POST /api/invitations", ADMIN, { setup: freshParty, body: (ctx) => ({ kind: "invitation", partyIds: [ctx.party] }) }),
    row("GET /api/messages", ADMIN),
    // issue 23: the host's announcements; a guest reads only their own
    row("POST /api/announcements", ADMIN, { body: () => ({ subject: "Matrix news", body: "Text", audience: { kind: "chosen", partyIds: [A.id] } }) }),
    row("GET /api/announcements", ADMIN),
    row("GET /api/announcements/{announcement}", ADMIN, { setup: freshAnnouncement }),
    row("PATCH /api/announcements/{announcement}", ADMIN, { setup: freshAnnouncement, body: () => ({ body: "Corrected" }) }),
    row("DELETE /api/announcements/{announcement}", ADMIN, { setup: freshAnnouncement }),
    row("GET /api/my-announcements", ANY_SIGNED_IN_GUEST),
    row("POST /api/upload/images", ADMIN, {
      body: () => {
        const form = new FormData();
        form.append("files", new Blob([new Uint8Array(png)], { type: "image/png" }), "matrix.png");
        return form;
      },
    }),
    // issue 25: the ledger (admin), and a guest's own
    row("GET /api/ledger", ADMIN),
    row("GET /api/parties/{party}/ledger", ADMIN),
    row("POST /api/parties/{party}/charges", ADMIN, { setup: freshParty, body: () => ({ label: "Boat trip", amount: 7000 }) }),
    row("DELETE /api/charges/{charge}", ADMIN, {
      setup: async () => ({ charge: (await admin.post(`/api/parties/${A.id}/charges`, { label: "Matrix", amount: 100 })).json.id }),
    }),
    row("POST /api/parties/{party}/payments", ADMIN, { setup: freshParty, body: () => ({ amount: 100, date: "2026-03-03", method: "cash" }) }),
    row("DELETE /api/payments/{payment}", ADMIN, {
      setup: async () => ({ payment: (await admin.post(`/api/parties/${A.id}/payments`, { amount: 100, date: "2026-03-03", method: "cash" })).json.id }),
    }),
    // a guest's own ledger: the admin session is no guest (as GET /api/auth/session)
    row("GET /api/my-ledger", { nobody: 401, guestA: 200, guestB: 200, individual: 200, admin: 401 }),
    // issue 25 item 4: bank statements (admin); each cell books, ignores or undoes a fresh transaction
    row("POST /api/bank-statements", ADMIN, { body: () => statementForm(`<Document><BkToCstmrStmt><Stmt/></BkToCstmrStmt></Document>`) }),
    row("GET /api/bank-transactions", ADMIN),
    row("POST /api/bank-transactions/{transaction}/book", ADMIN, { setup: freshTransaction, body: () => ({ partyId: A.id }) }),
    row("POST /api/bank-transactions/{transaction}/ignore", ADMIN, { setup: freshTransaction, body: () => ({ reason: "Matrix" }) }),
    row("POST /api/bank-transactions/{transaction}/undo", ADMIN, {
      setup: async () => {
        const { transaction } = await freshTransaction();
        await admin.post(`/api/bank-transactions/${transaction}/ignore`, { reason: "Matrix" });
        return { transaction };
      },
    }),
    row("POST /api/bank-transactions/{transaction}/dismiss-reversal", ADMIN, { setup: freshReversal }),
    // issue 26: travel. A guest's own (the admin is no guest: 403); travel is off by default, so a guest's PUT is 403 too
    // (tests/integration/travel.test.ts saves answers with travel on). Runs and the overview are the admin's.
    row("GET /api/travel-points", ANY_SIGNED_IN),
    row("GET /api/my-travel", { nobody: 401, guestA: 200, guestB: 200, individual: 200, admin: 403 }),
    row("PUT /api/my-travel", { nobody: 401, guestA: 403, guestB: 403, individual: 403, admin: 403 }, {
      body: () => ({ arrival: null, departure: null, transfer: { arrival: false, departure: false, seats: 1 } }),
    }),
    row("GET /api/travel", ADMIN),
    row("GET /api/shuttle-runs", ADMIN),
    row("POST /api/shuttle-runs", ADMIN, { setup: freshPoint, body: (ctx) => runBody(ctx.point!) }),
    row("PATCH /api/shuttle-runs/{run}", ADMIN, { setup: freshRun, body: () => ({ note: "changed" }) }),
    row("DELETE /api/shuttle-runs/{run}", ADMIN, { setup: freshRun }),
    row("POST /api/shuttle-runs/propose", ADMIN, { body: () => ({}) }),
    row("POST /api/shuttle-runs/apply", ADMIN, { body: () => ({ runs: [] }) }),
    // the host's travel settings and points (as the Travel panel); the settings' change leaves travel off
    row("GET /api/travel-settings", ADMIN),
    row("PATCH /api/travel-settings", ADMIN, { body: () => ({ leadMinutes: 180 }) }),
    row("POST /api/travel-points", ADMIN, { body: () => pointBody }),
    row("GET /api/travel-points/{point}", ADMIN, { setup: freshTravelPoint }),
    row("PATCH /api/travel-points/{point}", ADMIN, { setup: freshTravelPoint, body: () => ({ driveMinutes: 45 }) }),
    row("DELETE /api/travel-points/{point}", ADMIN, { setup: freshTravelPoint }),
    // issue 27: the team (owner only), each person's own account, live share links
    row("GET /api/team", ADMIN, { ownerOnly: true }),
    row("POST /api/team", ADMIN, { ownerOnly: true, body: () => ({ name: "Matrix Helper", email: `m-${Math.random().toString(36).slice(2)}@example.com`, role: "viewer" }) }),
    row("GET /api/team/{helper}", ADMIN, { ownerOnly: true, setup: freshHelper }),
    row("PATCH /api/team/{helper}", ADMIN, { ownerOnly: true, setup: freshHelper, body: () => ({ role: "co-host" }) }),
    row("DELETE /api/team/{helper}", ADMIN, { ownerOnly: true, setup: freshHelper }),
    row("POST /api/team/{helper}/invitation", ADMIN, { ownerOnly: true, setup: freshHelper }),
    // no session needed: a fresh invitation accepted by whoever holds the link
    row("POST /api/team/accept", PUBLIC, { setup: freshInvitation, body: (c) => ({ token: c.token, password: HELPER_PASSWORD }) }),
    // a weak new password: 400 with the rule for anyone signed in as an admin, whatever the role
    row("POST /api/admin/password", { ...ADMIN, admin: 400, coHost: 400, viewer: 400 }, { anyRole: true, body: () => ({ current: "x", next: "short" }) }),
    row("GET /api/admin/sessions", ADMIN),
    // someone else's (or no) session: 404 for any admin, whatever the role
    row("DELETE /api/admin/sessions/{session}", { ...ADMIN, admin: 404, coHost: 404, viewer: 404 }, { anyRole: true }),
    row("GET /api/share-links", ADMIN),
    row("POST /api/share-links", ADMIN, { body: () => ({ list: "rooming", label: "Matrix hotel" }) }),
    row("DELETE /api/share-links/{shareLink}", ADMIN, {
      setup: async () => ({ shareLink: (await admin.post("/api/share-links", { list: "rooming", label: "Matrix" })).json.id }),
    }),
    // issue 40: gift funds and gifts (the host's), a guest's own gifts (the admin session is no guest)
    row("GET /api/gift-funds", ADMIN),
    row("POST /api/gift-funds", ADMIN, { body: () => ({ title: "Matrix fund", showTotal: true, showNames: false }) }),
    row("GET /api/gift-funds/{fund}", ADMIN, { setup: freshFund }),
    row("PATCH /api/gift-funds/{fund}", ADMIN, { setup: freshFund, body: () => ({ text: "changed" }) }),
    row("DELETE /api/gift-funds/{fund}", ADMIN, { setup: freshFund }),
    row("GET /api/gifts", ADMIN, { setup: freshFund, path: (ctx, spell = "as-written") => `${spellPath("/api/gifts", spell)}?fundId=${ctx.fund}` }),
    row("PATCH /api/gifts/{gift}", ADMIN, { setup: freshGift, body: () => ({ thanked: true }) }),
    row("GET /api/my-gifts", ANY_SIGNED_IN_GUEST),
    row("POST /api/my-gifts", ANY_SIGNED_IN_GUEST, { setup: freshFund, body: (ctx) => ({ fundId: ctx.fund, amount: 2000, message: "Matrix" }) }),
    // issue 37: the dinner's seating (viewers read, co-hosts write); GETs name the event in the query
    ...["/api/tables", "/api/seating", "/api/seating/rules"].map((p) =>
      row(`GET ${p}`, ADMIN, { setup: freshEvent, path: (ctx, spell = "as-written") => `${spellPath(p, spell)}?eventId=${ctx.event}` }),
    ),
    row("POST /api/tables", ADMIN, { setup: freshEvent, body: (ctx) => ({ eventId: ctx.event, name: "7", shape: "long", seats: 10, note: "kids" }) }),
    row("GET /api/tables/{table}", ADMIN, { setup: freshTable }),
    row("PATCH /api/tables/{table}", ADMIN, { setup: freshTable, body: () => ({ seats: 9 }) }),
    row("DELETE /api/tables/{table}", ADMIN, { setup: freshTable }),
    row("PATCH /api/seating", ADMIN, { setup: freshEvent, body: (ctx) => ({ eventId: ctx.event, published: true }) }),
    row("POST /api/seating/propose", ADMIN, { setup: freshEvent, body: (ctx) => ({ eventId: ctx.event }) }),
    row("POST /api/seating/apply", ADMIN, { setup: freshEvent, body: (ctx) => ({ eventId: ctx.event, assignments: [] }) }),
    row("POST /api/seating/rules", ADMIN, { setup: freshEvent, body: (ctx) => ({ eventId: ctx.event, kind: "language" }) }),
    row("DELETE /api/seating/rules/{rule}", ADMIN, { setup: freshRule }),
    // issue 39: the album. A guest's own uploads (the host shares none: 403); a waiting photo of A's is
    // "not found" for anyone else but the host; its files likewise.
    row("GET /api/album", ANY_SIGNED_IN),
    // the slideshow's push channel, read here as JSON (the matrix reads whole bodies; the stream never ends)
    row("GET /api/album/events", ANY_SIGNED_IN),
    row("GET /api/album/photos", { nobody: 401, guestA: 200, guestB: 200, individual: 200, admin: 403 }),
    row("POST /api/album/photos", { nobody: 401, guestA: 201, guestB: 201, individual: 201, admin: 403 }, {
      body: () => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "matrix.png");
        return form;
      },
    }),
    row("PATCH /api/album/photos/{photo}", ADMIN, { setup: freshPhotoOfA, body: () => ({ status: "shown" }) }),
    row("DELETE /api/album/photos/{photo}", { nobody: 401, guestA: 204, guestB: 404, individual: 404, admin: 204, viewer: 403 }, { setup: freshPhotoOfA }),
    row("GET /api/admin/album", ADMIN),
    row("GET /api/album/settings", ANY_SIGNED_IN),
    row("PATCH /api/album/settings", ADMIN, { body: () => ({ approval: "host" }) }),
    row("GET /api/album/download", ANY_SIGNED_IN),
    // The tus endpoint: any guest starts an upload of their own; another's upload is "not found" to
    // everyone but its creator, for reading its offset, writing to it or ending it.
    row("POST /api/album/uploads", { nobody: 401, guestA: 201, guestB: 201, individual: 201, admin: 403 }, {
      headers: () => ({ ...TUS, "upload-length": String(UPLOAD_LENGTH) }),
    }),
    row("HEAD /api/album/uploads/{upload}", { nobody: 401, guestA: 200, guestB: 404, individual: 404, admin: 403 }, { setup: freshUploadOfA, headers: () => TUS }),
    row("PATCH /api/album/uploads/{upload}", { nobody: 401, guestA: 204, guestB: 404, individual: 404, admin: 403 }, {
      setup: freshUploadOfA,
      headers: () => ({ ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" }),
      body: () => "sixteen bytes...",
    }),
    row("DELETE /api/album/uploads/{upload}", { nobody: 401, guestA: 204, guestB: 404, individual: 404, admin: 403 }, { setup: freshUploadOfA, headers: () => TUS }),
    row("GET /album/photos/{photo}/original", { nobody: 401, guestA: 200, guestB: 404, individual: 404, admin: 200 }, { setup: freshPhotoOfA }),
    // issue 38: My weekend is a guest's own (an admin has no guest session); the driver's list opens by its token alone
    row("GET /api/my-weekend", { nobody: 401, guestA: 200, guestB: 200, individual: 200, admin: 403 }),
    row("GET /api/shuttle-runs/{run}/driver-links", ADMIN, { setup: freshRun }),
    row("POST /api/shuttle-runs/{run}/driver-links", ADMIN, { setup: freshRun, body: () => ({ label: "Matrix driver" }) }),
    row("DELETE /api/driver-links/{driverLink}", ADMIN, { setup: freshDriverLink }),
    // a link to every run of a day (runBody's day: the fresh run gives it one)
    row("GET /api/driver-links", ADMIN),
    row("POST /api/driver-links", ADMIN, { setup: freshRun, body: () => ({ day: "2026-06-12", label: "Matrix day" }) }),
    row("GET /api/shuttle-runs/{run}/boarding", ADMIN, { setup: freshRun }),
    row("POST /api/shuttle-runs/{run}/messages", ADMIN, { setup: freshRun, body: () => ({ text: "The bus waits at exit 3" }) }),
    row("GET /api/driver/{token}", PUBLIC, { setup: freshDriverLink }),
    // nobody on the fresh run: every role reaches the model, which names the field (400), so none is refused at the door
    row("POST /api/driver/{token}/boarded", { nobody: 400, guestA: 400, guestB: 400, individual: 400, admin: 400, coHost: 400, viewer: 400 }, {
      anyRole: true,
      setup: freshDriverLink,
      body: () => ({ guestId: A.memberIds[0], boarded: true, at: "2026-06-12T13:00:00Z", clientId: "matrix-tick-01" }),
    }),
    // the admin pages (CONTRACT.md 3: an HTTP redirect to /admin without the admin session)
    ...[
      "/admin/dashboard", "/admin/guests", "/admin/parties", "/admin/rsvps", "/admin/payments", "/admin/room-types",
      "/admin/room-assignments", "/admin/events", "/admin/event-rsvps", "/admin/event", "/admin/auth-settings", "/admin/questions", "/admin/answers", "/admin/answers.csv",
      "/admin/activity", "/admin/rooming-list", "/admin/rooming-list.csv", "/admin/caterer-list", "/admin/caterer-list.csv",
      "/admin/invitations", "/admin/invitations/print", "/admin/messages", "/admin/announcements", "/admin/account",
      "/admin/payments/import", "/admin/payments/review",
      "/admin/travel", "/admin/travel/lists", "/admin/travel/lists.csv",
      // issue 40
      "/admin/gifts", "/admin/gifts.csv",
      // issue 37
      "/admin/seating", "/admin/seating/print", "/admin/seating.csv",
      // issue 39
      "/admin/album",
      // issue 33: where invitation codes and links are written (none of them for a viewer)
      "/admin/guests/export", "/admin/rsvps/export",
    ].map((p) => row(`GET ${p}`, ADMIN_PAGE, { page: true, ownerOnly: p === "/admin/auth-settings" })),
    row("GET /admin/team", ADMIN_PAGE, { page: true, ownerOnly: true }),
    // issue 27: a viewer's page form post is refused like the API (the page says why)
    row("POST /admin/parties", { ...ADMIN_PAGE, admin: 302, coHost: 302, viewer: 403 }, { page: true, body: () => new URLSearchParams({ intent: "create", name: "Matrix Page Party" }) }),
    row("GET /admin/parties/{party}", ADMIN_PAGE, { page: true }),
    // issue 38: one shuttle run on the day (boarding, driver's links, message)
    row("GET /admin/travel/runs/{run}", ADMIN_PAGE, { page: true, setup: freshRun }),
    // issue 33: a guest's own code in its edit dialog; the invitation mailed to A, as the Messages page opens it
    row("GET /admin/guests?edit={guest}", ADMIN_PAGE, { page: true }),
    row("GET /admin/messages?open={message}", ADMIN_PAGE, { page: true, setup: invitationOfA }),
    row("GET /admin/messages/{message}/html", ADMIN_PAGE, { page: true, setup: invitationOfA }),
  ];
}

/** The invitation mailed to A in the set-up (its text holds A's link and code). */
const invitationOfA = async () => ({
  message: ((await admin.get("/api/messages")).json as { id: string; partyId: string | null; kind: string }[]).find((m) => m.partyId === A.id && m.kind === "invitation")!.id,
});

const freshInvitation = async () => {
  const res = await admin.post("/api/team", { name: "Matrix Invitee", email: `i-${Math.random().toString(36).slice(2)}@example.com`, role: "viewer" });
  return { helper: res.json.id, token: new URL(res.json.inviteUrl).searchParams.get("token")! };
};
const freshHelper = async () => ({ helper: (await freshInvitation()).helper });
const helperEmails = { coHost: "matrix-cohost@example.com", viewer: "matrix-viewer@example.com", disabled: "matrix-disabled@example.com" };

/** Invites and accepts a helper of `role`; answers its id. */
async function makeHelper(email: string, role: "co-host" | "viewer") {
  const res = await admin.post("/api/team", { name: "Matrix Person", email, role });
  const accepted = await new Client(server.url).post("/api/team/accept", { token: new URL(res.json.inviteUrl).searchParams.get("token"), password: HELPER_PASSWORD });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.text}`);
  return res.json.id as string;
}
async function helperClient(email: string) {
  const client = new Client(server.url);
  const res = await client.post("/api/admin/login", { email, password: HELPER_PASSWORD });
  if (res.status !== 200) throw new Error(`helper login failed: ${res.text}`);
  return client;
}

async function clientFor(role: Role, fresh: boolean) {
  if (!fresh) return role === "nobody" ? new Client(server.url) : clients[role];
  if (role === "nobody") return new Client(server.url);
  if (role === "admin") return new Client(server.url).loginAdmin();
  // A disabled helper's cookie names a session that ended: nothing fresher exists.
  if (role === "disabled") return clients.disabled;
  if (role === "coHost" || role === "viewer") return helperClient(helperEmails[role]);
  return signIn(server.url, role === "guestA" ? A.authCode : role === "guestB" ? B.authCode : I.customCode);
}

/** Starts the server and makes the world every cell uses (parties A and B, an individual, each role signed in). */
export async function setUpMatrix() {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  A = await makeParty(admin, 2);
  B = await makeParty(admin, 2);
  I = await makeGuest(admin);
  // Issue 33: an invitation mailed to A, so the messages the host reads hold A's link and code.
  await admin.patch(`/api/parties/${A.id}`, { primaryEmail: "party-a@example.com" });
  await admin.post("/api/invitations", { kind: "invitation", partyIds: [A.id] });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c0ffee" } }).png().toBuffer();
  clients.admin = admin;
  clients.guestA = await signIn(server.url, A.authCode);
  clients.guestB = await signIn(server.url, B.authCode);
  clients.individual = await signIn(server.url, I.customCode);
  // Issue 27: the helpers, and one signed in then disabled (its session ended at once).
  await makeHelper(helperEmails.coHost, "co-host");
  await makeHelper(helperEmails.viewer, "viewer");
  const disabledId = await makeHelper(helperEmails.disabled, "co-host");
  clients.coHost = await helperClient(helperEmails.coHost);
  clients.viewer = await helperClient(helperEmails.viewer);
  clients.disabled = await helperClient(helperEmails.disabled);
  await admin.patch(`/api/team/${disabledId}`, { disabled: true });
}
export const tearDownMatrix = async () => server?.stop();

/**
 * How a cell's path is written: as in routes.ts, or (issue 33) in other letter
 * cases or with its letters percent-encoded. Only the path's own words are
 * respelled; ids put in its place and the query string stay as they are.
 */
export const SPELLINGS = ["as-written", "UPPER", "mIxEd", "%-encoded"] as const;
export type Spelling = (typeof SPELLINGS)[number];

export function spellPath(template: string, spell: Spelling) {
  const [path = "", query] = template.split("?");
  if (spell === "as-written") return template;
  const spelled = path
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      if (part.startsWith("{")) return part;
      if (spell === "UPPER") return part.toUpperCase();
      if (spell === "mIxEd") return part.replace(/[a-z]/gi, (c, i: number) => (i % 2 ? c.toUpperCase() : c.toLowerCase()));
      return part.replace(/[a-z]/gi, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    })
    .join("");
  // The query string is the page's own input, not the route: kept as written.
  return query === undefined ? spelled : `${spelled}?${query}`;
}

/** Every credential a guest signs in with, as the owner reads them now: none may reach a viewer. */
async function credentials() {
  const parties = (await admin.get("/api/parties")).json as { authCode: string | null }[];
  const guests = (await admin.get("/api/guests")).json as { customCode: string | null }[];
  return [...parties.map((p) => p.authCode), ...guests.map((g) => g.customCode)].filter((c): c is string => !!c && c.length >= 6);
}

/** Runs every row for every role, with the paths spelled `spell`; answers the printed table and the wrong cells. */
export async function runMatrix(spell: Spelling = "as-written") {
  const table = rows();
  const lines: string[] = [];
  const wrong: string[] = [];
  let cells = 0;
  for (const row of table) {
    const got: string[] = [];
    for (const role of ROLES) {
      const ctx = (await row.setup?.()) ?? {};
      const client = await clientFor(role, !!row.session);
      const path = row.path(ctx, spell);
      const res = await client.request(row.method, path, row.body?.(ctx), { ...(row.page ? {} : { accept: "application/json" }), ...row.headers?.(ctx) });
      const want = row.expect[role];
      const pass =
        want === "ok"
          ? res.status >= 200 && res.status < 300
          : res.status === want && (want !== 302 || res.headers.get("location") === (row.method === "GET" ? "/admin" : res.headers.get("location")));
      // Refusals of /api calls are JSON with a message (CONTRACT.md 2).
      const jsonError = row.page || res.status < 400 || (row.method === "HEAD" && res.headers.get("content-type") === "application/json") || (typeof res.json?.message === "string" && res.json.message.length > 0);
      // Issue 33 finding 3: a read-only role never receives a key to act as a guest.
      const leaked = role === "viewer" && !row.session ? (await credentials()).filter((code) => res.text.includes(code)) : [];
      cells++;
      if (!pass || !jsonError || leaked.length) {
        wrong.push(
          `${row.route}${row.target ? ` (${row.target})` : ""} as ${HEAD[role]} at ${path}: got ${res.status}, want ${want}` +
            `${jsonError ? "" : " (not a JSON error)"}${leaked.length ? ` (carries guest credentials ${leaked.join(", ")})` : ""} ${res.text.slice(0, 120)}`,
        );
      }
      got.push(`${res.status} ${pass && jsonError && !leaked.length ? "ok" : "XX"}`);
    }
    const name = `${row.route}${row.target ? ` [${row.target}]` : ""}`;
    lines.push(`${name.padEnd(66)}${got.map((g) => g.padEnd(12)).join("")}`);
  }
  const printed = [
    `paths ${spell}`,
    `${"route".padEnd(66)}${ROLES.map((r) => HEAD[r].padEnd(12)).join("")}`,
    ...lines,
    "",
    'Each cell: the status, then "ok" when it is what CONTRACT.md section 3 says. Expected: public routes answer',
    "everyone; guest routes: 401 nobody, 2xx the owner and the admin, 403 another party or guest; admin routes:",
    "401 to everyone but the admin; admin pages: 302 to /admin for everyone but the admin. Issue 27: the owner",
    "is the admin; a co-host is the owner but on the team and auth settings (403); a viewer reads as the owner and",
    "any write is 403 (but their own account); a disabled helper is nobody. Issue 33: the same answer however the",
    "path is spelled, and no invitation code, invite link or sign-in token in anything a viewer receives.",
  ].join("\n");
  // The matrix covers every route the fuzzer knows (SPEC.md section 7 and the extras).
  const covered = new Set(table.map((r) => r.route));
  const uncovered = ROUTES.map(label).filter((l) => !covered.has(l));
  return { printed, wrong, cells, rows: table.length, uncovered };
}
