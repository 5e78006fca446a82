import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { assignRoom, makeEvent, makeGuest, makeParty, makeRoomType, writeDb } from "./api-fixtures";

/*
 * Issue 15, the marker test. Every host-only field (party and guest notes,
 * guests' payment status and amount, the invitation tracking columns,
 * createdAt/updatedAt of parties and guests) and everything of another party
 * is filled with a marker string of its own, written straight into the
 * database. Then each kind of guest session (a party by its code, by e-mail,
 * by phone; an individual guest by its code and by e-mail) reads and writes
 * everything a guest can: every guest /api route, the pages in English and
 * Portuguese (the HTML a browser without JavaScript shows, which also carries
 * the data React hydrates with), React Router's `.data` requests, the
 * calendar file, and the confirmation e-mail as a real SMTP server receives
 * it. No answer may contain a marker. Issue 33: that includes a host-only
 * question a guest question depends on, its id and choice ids marked too. E-mail and phone sessions may not see
 * the invitation code either, and no party sees its members' own codes.
 */

const tag = randomBytes(3).toString("hex");
const mk = (what: string) => `MK${what}${tag}X`;

const HOST_ONLY_GUEST = ["notes", "payment_status", "payment_amount", "invited_at", "invited_via", "first_opened_at", "reminded_at", "created_at", "updated_at"];
const HOST_ONLY_PARTY = ["notes", "invited_at", "invited_via", "first_opened_at", "reminded_at", "created_at", "updated_at"];
/** Keys a guest answer never carries on a party or guest object (the markers cover their values). */
const HOST_ONLY_KEYS = ["notes", "paymentStatus", "paymentAmount", "invitedAt", "invitedVia", "firstOpenedAt", "remindedAt"];

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Client;
let P: { id: string; authCode: string; memberIds: string[] };
let I: { id: string; customCode: string };
let roomId: string;
let eventId: string;
/** Issue 39: the other party's unseen photos, as a guest might ask for them. */
let albumProbes: string[] = [];
/** Issue 24: a question guests may answer (host-only ones are markers). */
let songId: string;
/** Issue 33: a question guests may answer, stored "only if" a host-only question (ids, texts and choices all markers) is answered. */
let wineId: string;
/** Issue 38: P's shuttle run and its driver's token. */
let pRun: string;
let driverToken: string;
/** marker → which field it stands for */
const markers = new Map<string, string>();

const write = (sql: string, ...params: unknown[]) => writeDb(server, sql, ...params);

/** (Re)writes every host-only field of P, its members and I, and every field of the other party Q and its members. */
function mark() {
  for (const col of HOST_ONLY_PARTY) {
    markers.set(mk(`party_${col}`), `parties.${col}`);
    write(`update parties set ${col} = ? where id = ?`, mk(`party_${col}`), P.id);
  }
  for (const [i, id] of [...P.memberIds, I.id].entries()) {
    for (const col of HOST_ONLY_GUEST) {
      markers.set(mk(`guest${i}_${col}`), `guests.${col} (${id === I.id ? "individual" : "member"})`);
      write(`update guests set ${col} = ? where id = ?`, mk(`guest${i}_${col}`), id);
    }
  }
}

const otherParty = { name: mk("otherName"), contact: mk("otherContact"), email: `${mk("otheremail").toLowerCase()}@example.com`, code: mk("otherCode"), notes: mk("otherNotes") };
const otherMember = { first: mk("otherFirst"), last: mk("otherLast"), email: `${mk("othermember").toLowerCase()}@example.com`, code: mk("otherMemberCode") };
const memberCode = mk("memberOwnCode");

type Seen = { label: string; text: string; json?: unknown };

function assertClean(seen: Seen[], forbidden: Map<string, string>) {
  const leaks: string[] = [];
  for (const s of seen) {
    for (const [value, field] of forbidden) if (s.text.includes(value)) leaks.push(`${s.label}: contains ${field} (${value})`);
    if (s.json !== undefined) walk(s.json, s.label, leaks);
  }
  return leaks;
}

/** Any object that is a party or a guest must not carry a host-only key. */
function walk(value: unknown, label: string, leaks: string[], path = "$") {
  if (Array.isArray(value)) return value.forEach((v, i) => walk(v, label, leaks, `${path}[${i}]`));
  if (!value || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  const personLike = "firstName" in o || "primaryEmail" in o || "primaryContactName" in o;
  for (const key of Object.keys(o)) {
    if (HOST_ONLY_KEYS.includes(key) || (personLike && (key === "createdAt" || key === "updatedAt"))) {
      leaks.push(`${label}: key ${path}.${key}`);
    }
    walk(o[key], label, leaks, `${path}.${key}`);
  }
}

async function collect(client: Client, label: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Seen> {
  const res = await client.request(method, path, body, headers);
  expect(res.status, `${label} ${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  return { label: `${label} ${method} ${path} (${res.status})`, text: res.text, json: res.json };
}

/** Issue 39: what GET /api/album/events streams first (`retry`, the newest photo's event); the stream stays open, so it is cut then. */
async function streamOpening(client: Client, label: string): Promise<Seen> {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/album/events`, { headers: { cookie: client.cookieHeader, accept: "text/event-stream" }, signal: abort.signal });
  expect(res.status, `${label} GET /api/album/events (stream)`).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const timer = setTimeout(() => abort.abort(), 2000);
  try {
    while (!/event: photo\ndata: .*\n\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } catch {
    // Cut by the timer: the check below says what was missing.
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  expect(text, label).toMatch(/^retry: 5000\n\nevent: photo\ndata: \{"id":(null|"\w+")\}\n\n$/);
  return { label: `${label} GET /api/album/events (stream)`, text, json: undefined };
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  admin = await new Client(server.url).loginAdmin();
  P = await makeParty(admin, ["adult", "kid"], { primaryEmail: `party-${tag}@example.com`, primaryContactName: "Ana Contact" });
  await admin.patch(`/api/guests/${P.memberIds[0]}`, { phone: `+3519100${parseInt(tag, 16) % 100000}` });
  write("update guests set custom_code = ? where id = ?", memberCode, P.memberIds[1]);
  I = await makeGuest(admin, { email: `solo-${tag}@example.com` });
  const roomType = await makeRoomType(admin);
  roomId = (await assignRoom(admin, P.id, roomType.id, 1)).id;
  eventId = (await makeEvent(admin)).id;
  // The other party: everything of it is a marker.
  const Q = await makeParty(admin, ["adult"], { name: otherParty.name, primaryContactName: otherParty.contact, primaryEmail: otherParty.email, authCode: otherParty.code, notes: otherParty.notes });
  await admin.patch(`/api/guests/${Q.memberIds[0]}`, { firstName: otherMember.first, lastName: otherMember.last, email: otherMember.email, customCode: otherMember.code });
  await assignRoom(admin, Q.id, roomType.id, 1, { declineReason: mk("otherReason"), confirmationStatus: "declined" });
  // Issue 40: a fund whose givers' names are hidden (a count only); the other party's gift, received, with its message.
  const fund = await admin.post("/api/gift-funds", { title: "Trip to Japan", showTotal: true, showNames: false });
  expect(fund.status, fund.text).toBe(201);
  const giver = new Client(server.url);
  expect((await giver.post("/api/party-auth", { authCode: otherParty.code })).status).toBe(200);
  const gift = await giver.post("/api/my-gifts", { fundId: fund.json.id, amount: 7_300, message: mk("otherGiftMessage") });
  expect(gift.status, gift.text).toBe(201);
  const statement = new FormData();
  statement.append("file", new Blob([`Date,Amount,Payer,Reference\n2026-03-01,73.00,Q,${gift.json.reference}\n`]), "gift.csv");
  statement.append("mapping", JSON.stringify({ date: "Date", amount: "Amount", payer: "Payer", reference: "Reference" }));
  expect((await admin.post("/api/bank-statements", statement)).json.booked).toBe(1);
  markers.set(mk("otherGiftMessage"), "other party's gift message");
  markers.set(gift.json.reference, "other party's gift reference");
  markers.set(gift.json.id, "other party's gift id");
  await admin.post("/api/rsvps", { partyId: Q.id, attending: false, dietaryRestrictions: mk("otherDiet"), messageToHost: mk("otherMessage") });
  for (const [k, v] of Object.entries({ ...otherParty, ...Object.fromEntries(Object.entries(otherMember).map(([a, b]) => [`member ${a}`, b])) })) markers.set(v, `other party's ${k}`);
  markers.set(mk("otherReason"), "other party's decline reason");
  markers.set(mk("otherDiet"), "other party's dietary restrictions");
  markers.set(mk("otherMessage"), "other party's message");
  markers.set(memberCode, "a member's own customCode");
  // Issue 39: the other party's photos waiting for the host and hidden by it: never seen by another guest,
  // not even their ids or contents' hashes.
  const other = new Client(server.url);
  expect((await other.post("/api/party-auth", { authCode: otherParty.code })).status).toBe(200);
  const photos = await Promise.all(["#123456", "#654321"].map((c) => sharp({ create: { width: 16, height: 16, channels: 3, background: c } }).jpeg().toBuffer()));
  const albumForm = new FormData();
  for (const bytes of photos) albumForm.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "IMG.jpg");
  const shared = await other.request("POST", "/api/album/photos", albumForm);
  expect(shared.status, shared.text).toBe(201);
  const [waitingPhoto, hiddenPhoto] = shared.json.added.map((p: { id: string }) => p.id);
  expect((await admin.patch(`/api/album/photos/${hiddenPhoto}`, { status: "hidden" })).status).toBe(200);
  markers.set(waitingPhoto, "another party's waiting photo");
  markers.set(hiddenPhoto, "another party's hidden photo");
  for (const bytes of photos) markers.set(createHash("sha256").update(bytes).digest("hex"), "another party's photo's hash");
  albumProbes = [`/album/photos/${waitingPhoto}/thumb.webp`, `/album/photos/${hiddenPhoto}/original`, `/album/${waitingPhoto}`];

  // Issue 24: a host-only question (its texts, choices and answers are markers) and another party's answer.
  const hostOnly = await admin.post("/api/questions", {
    text: mk("hostQ"), textPt: mk("hostQPt"), help: mk("hostHelp"), type: "choice", per: "invitation", hostOnly: true,
    choices: [{ label: mk("hostChoice"), labelPt: mk("hostChoicePt") }],
  });
  const tableNo = await admin.post("/api/questions", { text: mk("tableQ"), type: "text", per: "person", hostOnly: true });
  const song = await admin.post("/api/questions", { text: "A song", type: "text", per: "invitation" });
  songId = song.json.id;
  const choice = hostOnly.json.choices[0].id;
  for (const owner of [{ partyId: P.id }, { guestId: I.id }]) {
    const res = await admin.request("PUT", "/api/answers", { ...owner, answers: [{ questionId: hostOnly.json.id, value: choice }] });
    expect(res.status, res.text).toBe(200);
  }
  await admin.request("PUT", "/api/answers", { partyId: P.id, answers: [{ questionId: tableNo.json.id, guestId: P.memberIds[0], value: mk("tableNo") }] });
  await admin.request("PUT", "/api/answers", { guestId: I.id, answers: [{ questionId: tableNo.json.id, value: mk("tableNoSolo") }] });
  await admin.request("PUT", "/api/answers", { partyId: Q.id, answers: [{ questionId: songId, value: mk("otherSong") }] });
  for (const what of ["hostQ", "hostQPt", "hostHelp", "hostChoice", "hostChoicePt", "tableQ", "tableNo", "tableNoSolo"]) markers.set(mk(what), `host-only question or answer (${what})`);
  markers.set(mk("otherSong"), "other party's answer");
  markers.set(hostOnly.json.id, "a host-only question's id");

  // Issue 33: a host-only "VIP table" whose id and choice ids are markers too (written straight into the database),
  // and a guest question "only if" it, as stored before the rule (the API refuses such a condition now). The host
  // answers yes for P and no for I: nothing a guest reads may name it, nor tell one answer from the other.
  const vip = await admin.post("/api/questions", {
    text: mk("vipQ"), textPt: mk("vipQPt"), help: mk("vipHelp"), type: "choice", per: "invitation", hostOnly: true,
    choices: [{ label: mk("vipYes"), labelPt: mk("vipYesPt") }, { label: mk("vipNo") }],
  });
  expect(vip.status, vip.text).toBe(201);
  const vipId = mk("vipQId");
  const [vipYes, vipNo] = [mk("vipYesId"), mk("vipNoId")];
  const db = new Database(server.dbPath);
  try {
    db.pragma("busy_timeout = 5000");
    db.pragma("foreign_keys = OFF"); // the question's id and its choices' question_id change together
    db.transaction(() => {
      db.prepare("update questions set id = ? where id = ?").run(vipId, vip.json.id);
      db.prepare("update question_choices set question_id = ? where question_id = ?").run(vipId, vip.json.id);
      db.prepare("update question_choices set id = ? where id = ?").run(vipYes, vip.json.choices[0].id);
      db.prepare("update question_choices set id = ? where id = ?").run(vipNo, vip.json.choices[1].id);
    })();
  } finally {
    db.close();
  }
  const wine = await admin.post("/api/questions", { text: "Which wine at your table?", type: "text", per: "invitation" });
  wineId = wine.json.id;
  write("update questions set show_if_question_id = ?, show_if_choice_ids = ? where id = ?", vipId, JSON.stringify([vipYes]), wineId);
  for (const [owner, value] of [[{ partyId: P.id }, vipYes], [{ guestId: I.id }, vipNo]] as const) {
    const res = await admin.request("PUT", "/api/answers", { ...owner, answers: [{ questionId: vipId, value }] });
    expect(res.status, res.text).toBe(200);
  }
  for (const what of ["vipQ", "vipQPt", "vipHelp", "vipYes", "vipYesPt", "vipNo", "vipQId", "vipYesId", "vipNoId"]) markers.set(mk(what), `host-only question a guest question depends on (${what})`);

  // Issue 38: P and the other party Q each on a shuttle run with a day-of message; Q's run and message are markers.
  // P's driver's list must carry no e-mail, note or answer of P either (checked on its own below).
  expect((await admin.patch("/api/travel-settings", { enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: null })).status).toBe(200);
  const point = (await admin.post("/api/travel-points", { name: "Porto Airport (OPO)", kind: "airport", transfer: true, driveMinutes: 90 })).json.id;
  const travel = { arrival: { date: "2026-06-12", time: "13:10", pointId: point, number: "TP1234" }, departure: null, transfer: { arrival: true, departure: false, seats: 1 }, members: [] };
  // A third party, coming, on a run of its own (Q declined): its name is a marker too.
  const R = await makeParty(admin, ["adult"], { name: mk("thirdName") });
  markers.set(mk("thirdName"), "a third party's name");
  for (const [id, code] of [[P.id, P.authCode], [R.id, R.authCode]] as const) {
    const c = new Client(server.url);
    expect((await c.post("/api/party-auth", { authCode: code })).status).toBe(200);
    if (id === P.id) expect((await c.post(`/api/room-assignments/${roomId}/confirm`, {})).status).toBe(200);
    const rsvp = await c.post("/api/rsvps", { partyId: id, attending: true });
    expect(rsvp.status, rsvp.text).toBeLessThan(300);
    const res = await c.request("PUT", "/api/my-travel", travel);
    expect(res.status, res.text).toBe(200);
  }
  const run = (partyId: string, over: Record<string, unknown> = {}) =>
    admin.post("/api/shuttle-runs", { direction: "arrival", date: "2026-06-12", time: "14:30", fromPointId: point, toPointId: null, seats: 8, vehicle: "Minibus", driverPhone: null, note: null, locked: false, partyIds: [partyId], ...over });
  pRun = (await run(P.id)).json.id;
  const qRun = (await run(R.id, { time: "15:30", vehicle: mk("otherVehicle"), note: mk("otherRunNote"), driverPhone: "+351900000001" })).json.id;
  expect((await admin.post(`/api/shuttle-runs/${pRun}/messages`, { text: "The bus waits at exit 3" })).status).toBe(201);
  expect((await admin.post(`/api/shuttle-runs/${qRun}/messages`, { text: mk("otherRunMessage") })).status).toBe(201);
  driverToken = (await admin.post(`/api/shuttle-runs/${pRun}/driver-links`, { label: mk("driverLabel") })).json.token;
  for (const what of ["otherVehicle", "otherRunNote", "otherRunMessage"]) markers.set(mk(what), `the other party's run (${what})`);

  // Issue 37: a published seating plan. P sits at table 7 and I at table 8 (their notes are markers), R at a
  // table whose name, id and note are markers; the rules' ids and data are markers too. A guest sees "Your table: N", nothing more.
  expect((await admin.post("/api/event-rsvps", { eventId, guestId: I.id, attending: true })).status).toBeLessThan(300);
  for (const id of [P.id, R.id]) expect((await admin.post("/api/event-rsvps", { eventId, partyId: id, attending: true })).status).toBeLessThan(300);
  const table = async (name: string, note: string) => {
    const res = await admin.post("/api/tables", { eventId, name, seats: 4, note });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const [t7, t8, tOther] = [await table("7", mk("tableNote")), await table("8", mk("soloTableNote")), await table(mk("otherTable"), mk("otherTableNote"))];
  const rMember = R.memberIds[0]!;
  const seats = [...P.memberIds.map((guestId) => ({ guestId, tableId: t7 })), { guestId: I.id, tableId: t8 }, { guestId: rMember, tableId: tOther }];
  const applied = await admin.post("/api/seating/apply", { eventId, assignments: seats });
  expect(applied.status, applied.text).toBe(200);
  for (const [kind, guestIds] of [["apart", [P.memberIds[0], rMember]], ["together", [I.id, rMember]]] as const) {
    const rule = await admin.post("/api/seating/rules", { eventId, kind, guestIds });
    expect(rule.status, rule.text).toBe(201);
    markers.set(rule.json.id, `a seating rule's id (${kind})`);
  }
  expect((await admin.patch("/api/seating", { eventId, published: true })).status).toBe(200);
  for (const what of ["tableNote", "soloTableNote", "otherTable", "otherTableNote"]) markers.set(mk(what), `the seating plan's ${what}`);
  markers.set(tOther, "another party's table id");
  markers.set(rMember, "another party's guest id (its seat)");
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

type Kind = { name: string; party: boolean; signIn: (c: Client) => Promise<Seen>; holdsCode: boolean; email: () => string };

const KINDS: Kind[] = [
  { name: "party by code", party: true, holdsCode: true, email: () => `party-${tag}@example.com`, signIn: (c) => collect(c, "sign-in", "POST", "/api/party-auth", { authCode: P.authCode }) },
  {
    name: "party by e-mail",
    party: true,
    holdsCode: false,
    email: () => `party-${tag}@example.com`,
    signIn: (c) => collect(c, "sign-in", "POST", "/api/guest-auth", { type: "email", identifier: `party-${tag}@example.com` }),
  },
  {
    name: "party by phone",
    party: true,
    holdsCode: false,
    email: () => `party-${tag}@example.com`,
    signIn: (c) => collect(c, "sign-in", "POST", "/api/guest-auth", { type: "phone", identifier: `+3519100${parseInt(tag, 16) % 100000}` }),
  },
  { name: "individual by code", party: false, holdsCode: true, email: () => `solo-${tag}@example.com`, signIn: (c) => collect(c, "sign-in", "POST", "/api/party-auth", { authCode: I.customCode }) },
  {
    name: "individual by e-mail",
    party: false,
    holdsCode: false,
    email: () => `solo-${tag}@example.com`,
    signIn: (c) => collect(c, "sign-in", "POST", "/api/guest-auth", { type: "email", identifier: `solo-${tag}@example.com` }),
  },
];

describe("what a guest may read is a list, not a row (issue 15)", () => {
  for (const kind of KINDS) {
    it(`${kind.name}: no host-only field, other party or undue code in any answer, page, data request, calendar or e-mail`, async () => {
      mark();
      const forbidden = new Map(markers);
      if (!kind.holdsCode) {
        forbidden.set(P.authCode, "the party's invitation code");
        forbidden.set(I.customCode, "the guest's own code");
      }
      const c = new Client(server.url);
      const seen: Seen[] = [await kind.signIn(c)];
      const get = async (path: string, headers?: Record<string, string>) => seen.push(await collect(c, kind.name, "GET", path, undefined, headers));
      const send = async (method: string, path: string, body: unknown) => seen.push(await collect(c, kind.name, method, path, body));

      // The JSON API, reads and the answers of writes.
      await get("/api/auth/session");
      await get("/api/events");
      // Issue 24: the questions asked of this guest and their answers, never host-only ones.
      await get("/api/my-questions");
      // Issue 40: the funds (a total and a count, never another giver's name, amount or message) and the guest's own gifts.
      await get("/api/my-gifts");
      // The check reads the fund: its total and a count, the names hidden.
      expect((seen.at(-1)!.json as { funds: unknown[] }).funds).toEqual([expect.objectContaining({ total: 7_300, giverCount: 1, givers: null })]);
      // Issue 38: My weekend's data (what its page shows and the phone keeps).
      await get("/api/my-weekend");
      const put = await collect(c, kind.name, "PUT", "/api/answers", {
        ...(kind.party ? { partyId: P.id } : { guestId: I.id }),
        answers: [{ questionId: songId, value: "Our song" }, { questionId: wineId, value: "Douro red" }],
      });
      seen.push(put);
      // Issue 33: kept whether the host answered the VIP table yes (P) or no (I).
      expect((put.json as { items: { questionId: string; value: unknown }[] }).items.find((a) => a.questionId === wineId)?.value).toBe("Douro red");
      if (kind.party) {
        await get(`/api/parties/${P.id}/members`);
        await get(`/api/guests/${P.memberIds[0]}`);
        await send("PATCH", `/api/guests/${P.memberIds[0]}`, { lastName: "Renamed" });
        await get(`/api/parties/${P.id}/room-assignments`);
        await send("POST", `/api/room-assignments/${roomId}/decline`, { reason: "Maybe" });
        await send("POST", `/api/room-assignments/${roomId}/confirm`, {});
        await send("POST", "/api/rsvps", { partyId: P.id, attending: true, dietaryRestrictions: "None" });
        await send("POST", "/api/event-rsvps", { eventId, partyId: P.id, attending: true });
        await get(`/api/parties/${P.id}/event-rsvps`);
        const added = await collect(c, kind.name, "POST", `/api/parties/${P.id}/members`, { firstName: "New", lastName: "Member" });
        seen.push(added);
        await send("DELETE", `/api/parties/${P.id}/members/${(added.json as { id: string }).id}`, undefined);
      } else {
        await get(`/api/guests/${I.id}`);
        await send("PATCH", `/api/guests/${I.id}`, { lastName: "Solo" });
        await send("POST", "/api/rsvps", { guestId: I.id, attending: true, adultsCount: 2 });
        await send("POST", "/api/event-rsvps", { eventId, guestId: I.id, attending: true });
        await get(`/api/guests/${I.id}/event-rsvps`);
      }

      // Issue 39: the album, its own photos and the others' unseen ones asked for by address (404, nothing said).
      await get("/api/album");
      await get("/api/album/photos");
      // The slideshow's push channel: as JSON, and the stream's opening (it never ends).
      await get("/api/album/events");
      seen.push(await streamOpening(c, kind.name));
      for (const path of albumProbes) {
        const probe = await collect(c, kind.name, "GET", path);
        expect(probe.label, path).toContain("(404)");
        seen.push(probe);
      }

      // The writes above may have touched updatedAt: mark again, then the pages.
      mark();
      for (const lang of [{ "accept-language": "en-US" }, { "accept-language": "pt-PT" }]) {
        for (const path of ["/rsvp?edit=1", "/rsvp?step=done", "/my-rsvp", "/rsvp.data?edit=1", "/rsvp.data?step=done", "/my-rsvp.data", "/my-rsvp/calendar.ics", "/my-rsvp/gifts", "/my-rsvp/gifts.data", "/album", "/album.data", "/my-weekend", "/my-weekend.data"]) {
          await get(path, lang);
        }
        if (kind.party) {
          // A page action's answer without JavaScript: the whole page again, with the dialog open.
          seen.push(await collect(c, kind.name, "POST", "/rsvp?edit=1", new URLSearchParams({ intent: `member-open:${P.memberIds[0]}` }), lang));
        }
      }

      // The confirmation e-mail, as the SMTP server receives it.
      const before = smtp.mails.length;
      const form: Record<string, string> = kind.party
        ? { intent: "submit", attending: "yes", dietaryRestrictions: "None", events: eventId }
        : { intent: "submit", attending: "yes", individual: "1", adultsCount: "1", kidsCount: "0", babiesCount: "0", events: eventId };
      const submitted = await c.request("POST", "/rsvp?edit=1", new URLSearchParams(form));
      expect(submitted.status, submitted.text.slice(0, 300)).toBe(302);
      const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes(kind.email())));
      seen.push({ label: `${kind.name} confirmation e-mail`, text: mail.raw + mail.text });

      const leaks = assertClean(seen, forbidden);
      if (leaks.length) console.log(`[leaks] ${kind.name}\n${leaks.join("\n")}`);
      expect(leaks).toEqual([]);
      // The check itself reads what it should: the pages and answers were the guest's.
      expect(seen.length).toBeGreaterThan(20);
      expect(seen.find((s) => s.label.includes("GET /my-rsvp (200)"))).toBeTruthy();
      // Issue 37: the published plan reached the guest as its own table and nothing else.
      const mine = kind.party ? "7" : "8";
      expect(seen.some((s) => s.label.includes("GET /my-rsvp (200)") && s.text.includes(`Your table: ${mine}`))).toBe(true);
      expect(seen.some((s) => s.label.includes("GET /my-rsvp (200)") && s.text.includes(`A sua mesa: ${mine}`))).toBe(true);
      expect(seen.some((s) => s.text.includes(`Your table: ${kind.party ? "8" : "7"}`))).toBe(false);
      // Issue 38: My weekend was read, with the party's own run message.
      expect(seen.some((s) => s.label.includes("GET /my-weekend (200)") && (!kind.party || s.text.includes("The bus waits at exit 3")))).toBe(true);
      if (kind.holdsCode && kind.party) expect(seen.some((s) => s.text.includes(P.authCode))).toBe(true);
      // A party's reference is its C40-XXXX (issue 25); an individual keeps its RSVP-XXXXXXXX.
      if (!kind.holdsCode) expect(seen.some((s) => /RSVP-[A-Z0-9]{4,8}|C40-[2-9A-HJ-NP-Z]{4}/.test(s.text))).toBe(true);
    }, 120_000);
  }

  it("issue 38: the driver's list (API and page, en and pt) carries names, people and phones, never an e-mail, a note or an answer", async () => {
    mark();
    const forbidden = new Map(markers);
    for (const email of [`party-${tag}@example.com`, `solo-${tag}@example.com`]) forbidden.set(email, "an e-mail address");
    forbidden.set(P.authCode, "the party's invitation code");
    forbidden.set(mk("driverLabel"), "the host's label of the link");
    const driver = new Client(server.url);
    const seen: Seen[] = [];
    for (const path of [`/api/driver/${driverToken}`, `/api/driver/${driverToken}?lang=pt`, `/driver/${driverToken}`, `/driver/${driverToken}?lang=pt`, `/driver/${driverToken}.data`]) {
      seen.push(await collect(driver, "driver", "GET", path));
    }
    expect(assertClean(seen, forbidden)).toEqual([]);
    const list = seen[0]!.json as { parties: { people: { name: string }[] }[] };
    expect(list.parties).toHaveLength(1);
    expect(list.parties[0]!.people.length).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toMatch(/"(email|notes|answers)"/);
    void pRun;
  });

  it("issue 38: a driver's link to the whole day (both runs) carries no e-mail, note, answer or code either", async () => {
    mark();
    const forbidden = new Map(markers);
    // The day's list shows each run's vehicle and passengers, the other run's too (the third party's name): what the driver needs.
    forbidden.delete(mk("otherVehicle"));
    forbidden.delete(mk("thirdName"));
    // ...and the third party's guest id, which its boarded tick names (it is a marker only for the seating plan).
    for (const [value, what] of markers) if (what === "another party's guest id (its seat)") forbidden.delete(value);
    for (const email of [`party-${tag}@example.com`, `solo-${tag}@example.com`]) forbidden.set(email, "an e-mail address");
    forbidden.set(P.authCode, "the party's invitation code");
    forbidden.set(mk("dayLabel"), "the host's label of the link");
    const token = (await admin.post("/api/driver-links", { day: "2026-06-12", label: mk("dayLabel") })).json.token;
    const driver = new Client(server.url);
    const seen: Seen[] = [];
    for (const path of [`/api/driver/${token}`, `/api/driver/${token}?lang=pt`, `/driver/${token}`, `/driver/${token}?lang=pt`, `/driver/${token}.data`]) {
      seen.push(await collect(driver, "driver", "GET", path));
    }
    expect(assertClean(seen, forbidden)).toEqual([]);
    const day = seen[0]!.json as { runs: { parties: unknown[] }[] };
    expect(day.runs.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(day)).not.toMatch(/"(email|notes|answers|note)"/);
  });

  it("the admin still reads every field, and guest reads carry rsvp (own, or the party's, or null)", async () => {
    mark();
    const party = await admin.get(`/api/parties/${P.id}`);
    expect(party.json.notes).toBe(mk("party_notes"));
    const member = await admin.get(`/api/guests/${P.memberIds[0]}`);
    expect(member.json.notes).toBe(mk("guest0_notes"));
    expect(member.json.rsvp).toMatchObject({ partyId: P.id, attending: true });
    const list = await admin.get("/api/guests");
    const byId = new Map((list.json as { id: string; rsvp: unknown }[]).map((g) => [g.id, g]));
    expect(byId.get(P.memberIds[0]!)?.rsvp).toMatchObject({ partyId: P.id });
    expect(byId.get(I.id)?.rsvp).toMatchObject({ guestId: I.id, attending: true });
    const fresh = await makeGuest(admin);
    expect((await admin.get(`/api/guests/${fresh.id}`)).json.rsvp).toBeNull();
    expect(byId.has(fresh.id) ? null : (await admin.get("/api/guests")).json.find((g: { id: string }) => g.id === fresh.id).rsvp).toBeNull();
  });
});
