import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { decodeQp, startSmtp, waitFor } from "../support/smtp";
import { count, makeGuest, makeParty, query, signedIn } from "./api-fixtures";

/*
 * Issue 26: getting there. The host's settings and points, a guest's travel
 * answer and every refusal (400 naming the field, nothing stored), shuttle
 * runs proposed (nothing saved) and applied, runs by hand over their seats
 * (409 naming the run), warnings, the pickup on /my-rsvp, in the .ics and
 * mailed in the guest's language through a real SMTP server.
 */

const FAST = { MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", MAIL_RATE_PER_MINUTE: "6000", MAIL_FROM: "Convite <rsvp@convite.test>" };
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/** A received mail's text/html part, decoded (quoted-printable or base64). */
function htmlPart(raw: string) {
  const part = raw.split(/Content-Type: text\/html[^\r\n]*\r?\n/i)[1];
  if (!part) return "";
  const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n").split(/\r?\n--/)[0]!;
  return /base64/i.test(head) ? Buffer.from(body, "base64").toString("utf8") : decodeQp(body);
}

let server: TestServer;
let admin: Client;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let opo: string;
let car: string;

const leg = (date: string, time: string, pointId = opo, number: string | null = "TP1234") => ({ date, time, pointId, number });
const travel = (over: Record<string, unknown> = {}) => ({
  arrival: leg("2026-06-12", "13:10"),
  departure: leg("2026-06-14", "18:00"),
  transfer: { arrival: true, departure: false, seats: 2 },
  ...over,
});

async function settings(fields: Record<string, string>) {
  const res = await admin.post("/admin/event/travel", form({ intent: "settings", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180", ...fields }), formHeaders);
  expect(res.status).toBe(302);
}

/** A party of `size` people, all coming, signed in. */
async function comingParty(size = 2, extra: Record<string, unknown> = {}) {
  const party = await makeParty(admin, Array(size).fill("adult"), extra);
  const guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
  return { party, guest };
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
  admin = await new Client(server.url).loginAdmin();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

describe("the host's travel settings", () => {
  it("are off by default: a guest cannot answer; the host turns them on and adds points", async () => {
    const { guest } = await comingParty();
    expect((await guest.get("/api/my-travel")).json.enabled).toBe(false);
    const off = await guest.request("PUT", "/api/my-travel", travel({ arrival: null, departure: null }));
    expect(off.status).toBe(403);

    await settings({ enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16" });
    for (const p of <Record<string, string>[]>[
      { name: "Porto Airport (OPO)", namePt: "Aeroporto do Porto (OPO)", kind: "airport", transfer: "on", driveMinutes: "120" },
      { name: "By car", namePt: "De carro", kind: "other", driveMinutes: "0" },
    ]) {
      expect((await admin.post("/admin/event/travel", form({ intent: "point-add", ...p }), formHeaders)).status).toBe(302);
    }
    const points = (await admin.get("/api/travel-points")).json as { id: string; name: string; transfer: boolean; driveMinutes: number }[];
    expect(points.map((p) => [p.name, p.transfer, p.driveMinutes])).toEqual([["Porto Airport (OPO)", true, 120], ["By car", false, 0]]);
    [opo, car] = points.map((p) => p.id) as [string, string];
    // A guest reads the names in their language.
    const pt = (await guest.get("/api/travel-points?lang=pt")).json;
    expect(pt.map((p: { name: string }) => p.name)).toContain("Aeroporto do Porto (OPO)");
    expect(pt[0]).not.toHaveProperty("driveMinutes");
  });
});

describe("a guest's travel answer", () => {
  it("refuses each bad input with 400 naming the field, storing nothing", async () => {
    const { guest } = await comingParty(2);
    const cases: [string, Record<string, unknown>][] = [
      ["arrival.time", travel({ arrival: leg("2026-06-12", "25:00") })],
      ["arrival.time", travel({ arrival: leg("2026-06-12", "9:5") })],
      ["arrival.date", travel({ arrival: leg("2026-06-20", "13:10") })],
      ["departure.date", travel({ departure: leg("2026-06-11", "18:00") })],
      ["transfer.seats", travel({ transfer: { arrival: true, departure: false, seats: 3 } })],
      ["arrival.pointId", travel({ arrival: leg("2026-06-12", "13:10", "nowhere") })],
    ];
    for (const [field, body] of cases) {
      const res = await guest.request("PUT", "/api/my-travel", body);
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.json.errors, field).toHaveProperty([field]);
      expect(res.json.message).toContain(field.split(".")[0]);
    }
    expect(count(server, "travel_answers")).toBe(0);
  });

  it("stores a whole answer and replaces it; members may travel apart; a guest who is not coming cannot answer", async () => {
    const { party, guest } = await comingParty(3);
    const ok = await guest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: true, departure: true, seats: 3 } }));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.answer).toMatchObject({ arrival: { date: "2026-06-12", time: "13:10", pointId: opo, number: "TP1234" }, transfer: { arrival: true, departure: true, seats: 3 } });

    const apart = await guest.request(
      "PUT",
      "/api/my-travel",
      travel({ members: [{ guestId: party.memberIds[2], arrival: leg("2026-06-11", "22:40", opo, "FR99"), departure: null }] }),
    );
    expect(apart.status, apart.text).toBe(200);
    expect(apart.json.answer.members).toEqual([{ guestId: party.memberIds[2], arrival: { date: "2026-06-11", time: "22:40", pointId: opo, number: "FR99" }, departure: null }]);
    expect(count(server, "travel_answers", "party_id = ?", party.id)).toBe(2);

    const stranger = await guest.request("PUT", "/api/my-travel", travel({ members: [{ guestId: "someone-else", arrival: null, departure: null }] }));
    expect(stranger.status).toBe(400);
    expect(stranger.json.errors).toHaveProperty(["members.0.guestId"]);
    expect(count(server, "travel_answers", "party_id = ?", party.id)).toBe(2);

    const solo = await makeGuest(admin);
    const soloGuest = await signedIn(server, solo.customCode);
    expect((await soloGuest.post("/api/rsvps", { guestId: solo.id, attending: false })).status).toBeLessThan(300);
    expect((await soloGuest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: false, departure: false, seats: 1 } }))).status).toBe(403);
    // Coming, an individual guest answers for themself and rides as their own traveller.
    expect((await soloGuest.post("/api/rsvps", { guestId: solo.id, attending: true, adultsCount: 1 })).status).toBeLessThan(300);
    expect((await soloGuest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: true, departure: false, seats: 2 } }))).status).toBe(400);
    expect((await soloGuest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: true, departure: false, seats: 1 } }))).status).toBe(200);
    const overview = (await admin.get("/api/travel")).json;
    expect(overview.answers.find((a: { partyId: string }) => a.partyId === solo.id)).toMatchObject({ seats: 1, transfer: { arrival: true } });
  });

  it("the host's settings refuse a window that ends before it starts, keeping what was stored", async () => {
    const res = await admin.post("/admin/event/travel", form({ intent: "settings", enabled: "on", windowStart: "2026-06-16", windowEnd: "2026-06-10", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180" }), formHeaders);
    expect(res.status).toBe(302);
    expect((await admin.get("/api/travel")).json.settings).toMatchObject({ windowStart: "2026-06-10", windowEnd: "2026-06-16" });
  });

  it("is changeable until the travel deadline, then refused and unchanged", async () => {
    const { party, guest } = await comingParty(1);
    expect((await guest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: false, departure: false, seats: 1 } }))).status).toBe(200);
    await settings({ enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: "2020-01-01" });
    const late = await guest.request("PUT", "/api/my-travel", travel({ arrival: leg("2026-06-13", "09:00"), transfer: { arrival: false, departure: false, seats: 1 } }));
    expect(late.status).toBe(403);
    expect(late.json.message).toMatch(/travel deadline has passed/);
    expect(query(server, "select arrival_time from travel_answers where party_id = ?", party.id)).toEqual([{ arrival_time: "13:10" }]);
    await settings({ enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: "" });
    // Without its own date, the travel deadline is the RSVP deadline.
    expect((await admin.patch("/api/event-config", { rsvpDeadline: "2020-01-01" })).status).toBe(200);
    expect((await guest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: false, departure: false, seats: 1 } }))).status).toBe(403);
    expect((await admin.patch("/api/event-config", { rsvpDeadline: null })).status).toBe(200);
    expect((await guest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: false, departure: false, seats: 1 } }))).status).toBe(200);
  });

  it("works as a form on /my-rsvp without JavaScript, with the errors in the guest's language", async () => {
    const { guest } = await comingParty(1, { language: "pt" });
    const page = decode((await guest.get("/my-rsvp?lang=pt")).text);
    expect(page).toContain("Como chegar");
    // /rsvp's thank-you page asks it too, once attending (its form posts to /my-rsvp).
    const thanks = decode((await guest.get("/rsvp?step=done&lang=pt")).text);
    expect(thanks).toContain("Como chegar");
    expect(thanks).toContain('action="/my-rsvp#travel"');
    const fields = { intent: "travel-save", arrivalDate: "2026-06-12", arrivalTime: "25:00", arrivalPointId: opo, transferArrival: "on", seats: "1" };
    const bad = await guest.post("/my-rsvp?lang=pt", form(fields), { ...formHeaders, origin: server.url });
    expect(bad.status).toBe(400);
    expect(decode(bad.text)).toContain("Indique a hora como HH:MM (24 horas)");
    const good = await guest.post("/my-rsvp", form({ ...fields, arrivalTime: "08:30" }), { ...formHeaders, origin: server.url });
    expect(good.status).toBe(302);
    expect((await guest.get("/api/my-travel")).json.answer.arrival).toMatchObject({ time: "08:30", pointId: opo });
  });
});

describe("shuttle runs", () => {
  it("propose saves nothing; apply saves; the host's page proposes, moves a party and saves without JavaScript", async () => {
    await admin.request("DELETE", "/api/shuttle-runs/none");
    const before = count(server, "shuttle_runs");
    const proposal = await admin.post("/api/shuttle-runs/propose", { seats: 8 });
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.json.runs.length).toBeGreaterThan(0);
    expect(count(server, "shuttle_runs")).toBe(before);

    const page = await admin.post("/admin/travel", form({ intent: "propose" }), { ...formHeaders, origin: server.url });
    expect(page.status).toBe(200);
    const html = decode(page.text);
    expect(html).toContain("Proposal:");
    expect(count(server, "shuttle_runs")).toBe(before);
    const raw = /name="proposal" value="([^"]*)"/.exec(page.text)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    const runs = JSON.parse(raw) as { key: string; direction: string; partyIds: string[] }[];
    // A refused save (a proposal tampered with) comes back as the host left it, nothing saved.
    const tampered = JSON.stringify(runs.map((r, i) => (i === 0 ? { ...r, time: "25:00" } : r)));
    const refused = await admin.post("/admin/travel", form({ intent: "apply", proposal: tampered }), { ...formHeaders, origin: server.url });
    expect(refused.status).toBe(400);
    expect(decode(refused.text)).toContain("Proposal:");
    expect(decode(refused.text)).toContain("runs.0.time");
    expect(count(server, "shuttle_runs")).toBe(before);
    const arrivals = runs.filter((r) => r.direction === "arrival");
    // Move the first party of the first arrival run to the last arrival run, lock that run, save.
    const moved = arrivals[0]!.partyIds[0]!;
    const target = arrivals[arrivals.length - 1]!;
    const saved = await admin.post(
      "/admin/travel",
      form({ intent: "apply", proposal: raw, [`move:arrival:${moved}`]: target.key, [`lock:${target.key}`]: "on" }),
      { ...formHeaders, origin: server.url },
    );
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const stored = (await admin.get("/api/shuttle-runs")).json as { partyIds: string[]; locked: boolean; direction: string }[];
    const withMoved = stored.find((r) => r.partyIds.includes(moved) && r.direction === "arrival")!;
    expect(withMoved.locked).toBe(true);
    expect(stored.filter((r) => r.partyIds.includes(moved) && r.direction === "arrival")).toHaveLength(1);
  });

  it("a run by hand: bad input 400 naming the field, over its seats 409 naming the run, nothing stored", async () => {
    const { party, guest } = await comingParty(3);
    expect((await guest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: true, departure: false, seats: 3 } }))).status).toBe(200);
    const base = { direction: "arrival", date: "2026-06-12", time: "14:30", fromPointId: opo, toPointId: null, seats: 8, vehicle: "White minibus", driverPhone: "+351 912 000 111", note: "Sign: Convite", locked: false, partyIds: [] as string[] };
    const runsBefore = count(server, "shuttle_runs");
    for (const [field, body, status] of [
      ["time", { ...base, time: "25:00" }, 400],
      ["fromPointId", { ...base, fromPointId: "nowhere" }, 400],
      ["direction", { ...base, direction: "sideways" }, 400],
      ["seats", { ...base, seats: 0 }, 400],
      ["partyIds.0", { ...base, partyIds: ["not-a-traveller"] }, 400],
      ["seats", { ...base, seats: 2, partyIds: [party.id] }, 409],
    ] as const) {
      const res = await admin.post("/api/shuttle-runs", body);
      expect(res.status, `${field}: ${res.text}`).toBe(status);
      expect(res.json.errors, field).toHaveProperty([field]);
      if (status === 409) expect(res.json.message).toContain("arrival run 2026-06-12 14:30");
    }
    expect(count(server, "shuttle_runs")).toBe(runsBefore);

    const created = await admin.post("/api/shuttle-runs", { ...base, seats: 3, partyIds: [party.id] });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ seatsUsed: 3, partyIds: [party.id], driverPhone: "+351912000111" });
    const over = await admin.patch(`/api/shuttle-runs/${created.json.id}`, { seats: 2 });
    expect(over.status).toBe(409);
    expect(over.json.message).toContain("arrival run 2026-06-12 14:30");
    expect((await admin.get(`/api/shuttle-runs/${created.json.id}`)).json.seats).toBe(3);
    expect((await admin.patch(`/api/shuttle-runs/${created.json.id}`, { time: "24:00" })).status).toBe(400);

    // The guest sees its pickup (only its own run's fields); the host gets a warning once the landing moves away.
    const mine = (await guest.get("/api/my-travel")).json;
    expect(mine.pickups).toEqual([
      { direction: "arrival", date: "2026-06-12", time: "14:30", meetingPoint: "Porto Airport (OPO)", destination: expect.any(String), lookFor: "White minibus · Sign: Convite", driverPhone: "+351912000111", driveMinutes: 120, when: expect.stringContaining("14:30"), for: null },
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/partyIds|seatsUsed/);
    expect((await guest.request("PUT", "/api/my-travel", travel({ arrival: leg("2026-06-12", "19:00"), transfer: { arrival: true, departure: false, seats: 3 } }))).status).toBe(200);
    const overview = (await admin.get("/api/travel")).json;
    expect(overview.warnings).toContainEqual(expect.objectContaining({ kind: "changed", partyId: party.id, runId: created.json.id }));
    expect(overview.answers.find((a: { partyId: string }) => a.partyId === party.id).runs.arrival).toBe(created.json.id);

    // The host's page moves the party to another run (the same rule as PATCH: the run it leaves loses it).
    const later = await admin.post("/api/shuttle-runs", { ...base, time: "19:45", seats: 4 });
    const moved = await admin.post("/admin/travel", form({ intent: "move", travellerId: party.id, direction: "arrival", runId: later.json.id }), { ...formHeaders, origin: server.url });
    expect(moved.status).toBe(302);
    expect((await admin.get(`/api/shuttle-runs/${later.json.id}`)).json.partyIds).toEqual([party.id]);
    expect((await admin.get(`/api/shuttle-runs/${created.json.id}`)).json.partyIds).toEqual([]);
    const tooSmall = await admin.post("/api/shuttle-runs", { ...base, time: "19:50", seats: 2 });
    const refused = await admin.post("/admin/travel", form({ intent: "move", travellerId: party.id, direction: "arrival", runId: tooSmall.json.id }), { ...formHeaders, origin: server.url });
    expect(refused.status).toBe(409);
    expect(decode(refused.text)).toContain("arrival run 2026-06-12 19:50 is over its seats");
    expect((await admin.get(`/api/shuttle-runs/${later.json.id}`)).json.partyIds).toEqual([party.id]);
    // The page shows one day at a time (at 300 parties, every day on one page weighed megabytes), a move form per run.
    const otherDay = await admin.post("/api/shuttle-runs", { ...base, date: "2026-06-13", time: "09:05", seats: 4 });
    expect(otherDay.status).toBe(201);
    const june12 = decode((await admin.get("/admin/travel?day=2026-06-12")).text);
    expect(june12).toContain("19:45");
    expect(june12).not.toContain("09:05");
    const withParties = ((await admin.get("/api/shuttle-runs")).json as { date: string; partyIds: string[] }[]).filter((r) => r.date === "2026-06-12" && r.partyIds.length);
    // Decision 068: a run's edit and move forms open one run at a time (`?edit=<runId>`), not in every run.
    expect(withParties.length).toBeGreaterThan(0);
    expect(june12.match(/name="travellerId"/g)).toBeNull();
    expect(june12).toContain(`edit=${later.json.id}`);
    const editing = decode((await admin.get(`/admin/travel?day=2026-06-12&edit=${later.json.id}`)).text);
    expect(editing.match(/name="travellerId"/g)).toHaveLength(1);
    expect(editing.match(/value="run-save"/g)).toHaveLength(1);
    expect(editing).toContain(`name="id" value="${later.json.id}"`);
    const june13 = decode((await admin.get("/admin/travel?day=2026-06-13")).text);
    expect(june13).toContain("09:05");
    expect(june13).not.toContain("19:45");
    for (const id of [later.json.id, tooSmall.json.id, otherDay.json.id]) expect((await admin.delete(`/api/shuttle-runs/${id}`)).status).toBe(200);

    expect((await admin.delete(`/api/shuttle-runs/${created.json.id}`)).status).toBe(200);
    expect((await admin.get("/api/travel")).json.warnings).toContainEqual(expect.objectContaining({ kind: "unassigned", partyId: party.id }));
  });
});

describe("a deleted traveller", () => {
  it("a deleted party or guest leaves no seat, answer or notice behind on the runs", async () => {
    const { party, guest } = await comingParty(2);
    expect((await guest.request("PUT", "/api/my-travel", travel({ members: [{ guestId: party.memberIds[1], arrival: leg("2026-06-11", "21:00", opo, "FR10"), departure: null }] }))).status).toBe(200);
    const solo = await makeGuest(admin);
    const soloGuest = await signedIn(server, solo.customCode);
    expect((await soloGuest.post("/api/rsvps", { guestId: solo.id, attending: true, adultsCount: 1 })).status).toBeLessThan(300);
    expect((await soloGuest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: true, departure: false, seats: 1 } }))).status).toBe(200);
    const base = { direction: "arrival", date: "2026-06-12", time: "15:00", fromPointId: opo, toPointId: null, seats: 3, vehicle: null, driverPhone: null, note: null, locked: false };
    const run = await admin.post("/api/shuttle-runs", { ...base, partyIds: [party.id, solo.id] });
    expect(run.status, run.text).toBe(201);
    const apart = await admin.post("/api/shuttle-runs", { ...base, date: "2026-06-11", time: "22:00", partyIds: [party.memberIds[1]] });
    expect(apart.status, apart.text).toBe(201);
    expect(run.json.seatsUsed).toBeGreaterThan(0);
    const travellers = [party.id, party.memberIds[1]!, solo.id];
    const traces = () => travellers.map((id) => count(server, "shuttle_assignments", "traveller_id = ?", id) + count(server, "shuttle_notices", "traveller_id = ?", id) + count(server, "travel_answers", "traveller_id = ?", id));
    expect(traces().every((n) => n > 0)).toBe(true);

    expect((await admin.delete(`/api/parties/${party.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/guests/${solo.id}`)).status).toBe(200);
    const runs = (await admin.get("/api/shuttle-runs")).json as { id: string; partyIds: string[]; seatsUsed: number }[];
    expect(runs.find((r) => r.id === run.json.id)).toMatchObject({ partyIds: [], seatsUsed: 0 });
    expect(runs.find((r) => r.id === apart.json.id)).toMatchObject({ partyIds: [], seatsUsed: 0 });
    expect(JSON.stringify((await admin.get("/api/travel")).json)).not.toMatch(new RegExp(travellers.join("|")));
    expect(traces()).toEqual([0, 0, 0]);
    // The seats are free: a party of three fits the run of three.
    const { party: next, guest: nextGuest } = await comingParty(3);
    expect((await nextGuest.request("PUT", "/api/my-travel", travel({ transfer: { arrival: true, departure: false, seats: 3 } }))).status).toBe(200);
    expect((await admin.patch(`/api/shuttle-runs/${run.json.id}`, { partyIds: [next.id] })).status).toBe(200);
    for (const id of [run.json.id, apart.json.id]) expect((await admin.delete(`/api/shuttle-runs/${id}`)).status).toBe(200);
  });
});

describe("the pickup", () => {
  it("is mailed in the guest's language on the priority lane when its run changes, and is in the .ics at its Lisbon time", async () => {
    const { party, guest } = await comingParty(2, { language: "pt", primaryEmail: "ana@example.test" });
    expect((await guest.request("PUT", "/api/my-travel", travel())).status).toBe(200);
    const run = await admin.post("/api/shuttle-runs", { direction: "arrival", date: "2026-06-12", time: "14:15", fromPointId: opo, toPointId: null, seats: 8, vehicle: "Carrinha branca", driverPhone: null, note: null, locked: false, partyIds: [party.id] });
    expect(run.status, run.text).toBe(201);
    const first = await waitFor(() => smtp.mails.find((m) => m.to.includes("ana@example.test") && m.text.includes("Eis o seu transporte")));
    expect(first.text).toContain("14:15");
    expect(first.text).toContain("Aeroporto do Porto (OPO)");
    // An HTML part too, as the other guest mails have, with the pickup in it.
    const html = htmlPart(first.raw);
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain("14:15");
    expect(html).toContain("Aeroporto do Porto (OPO)");

    expect((await admin.patch(`/api/shuttle-runs/${run.json.id}`, { time: "14:40" })).status).toBe(200);
    const second = await waitFor(() => smtp.mails.find((m) => m.to.includes("ana@example.test") && m.text.includes("14:40")));
    expect(second.text).toContain("O seu transporte mudou");
    expect(second.raw).toMatch(/Subject: =\?UTF-8\?Q\?O_seu_transporte|Subject: O seu transporte/);
    expect(query(server, "select lane from outbox where kind = 'pickup-change' and party_id = ?", party.id).map((r) => r.lane)).toEqual(["priority", "priority"]);
    // Saving the same run again tells nobody anything new.
    expect((await admin.patch(`/api/shuttle-runs/${run.json.id}`, { locked: true })).status).toBe(200);
    expect(count(server, "outbox", "kind = 'pickup-change' and party_id = ?", party.id)).toBe(2);

    const ics = await guest.get("/my-rsvp/calendar.ics");
    const events = new ICAL.Component(ICAL.parse(ics.text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const pickup = events.find((e) => e.summary.includes("Aeroporto do Porto") || e.summary.includes("Porto Airport"))!;
    expect(pickup.startDate.toJSDate().toISOString()).toBe("2026-06-12T13:40:00.000Z"); // 14:40 in Lisbon summer time
    expect(pickup.endDate.toJSDate().toISOString()).toBe("2026-06-12T15:40:00.000Z"); // the 120-minute drive
    expect(events.some((e) => e.summary === "40th Birthday Celebration")).toBe(true);

    const page = decode((await guest.get("/my-rsvp?lang=pt")).text);
    expect(page).toContain("O seu transporte");
    expect(page).toContain("Carrinha branca");
  });
});

describe("the lists", () => {
  it("manifests, a day sheet and all movements print and export with the CSV rules", async () => {
    const { party, guest } = await comingParty(2);
    expect((await guest.request("PUT", "/api/my-travel", travel({ arrival: leg("2026-06-13", "10:00", opo, "LH1170") }))).status).toBe(200);
    const run = await admin.post("/api/shuttle-runs", { direction: "arrival", date: "2026-06-13", time: "11:00", fromPointId: opo, toPointId: null, seats: 8, vehicle: "Van 2", driverPhone: null, note: null, locked: false, partyIds: [party.id] });
    expect(run.status).toBe(201);
    const manifests = decode((await admin.get("/admin/travel/lists?list=manifests")).text);
    expect(manifests).toContain(party.name);
    expect(manifests).toContain("LH1170");
    const day = decode((await admin.get("/admin/travel/lists?list=day&date=2026-06-13")).text);
    expect(day).toContain("Van 2");
    const csv = await admin.get("/admin/travel/lists.csv?list=day&date=2026-06-13");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text).toContain("LH1170");
    // The same CSV rules as every export: a formula typed as a flight number is neutralised.
    expect((await guest.request("PUT", "/api/my-travel", travel({ arrival: leg("2026-06-13", "10:00", opo, "=1+2") }))).status).toBe(200);
    expect((await admin.get("/admin/travel/lists.csv?list=manifests")).text).toContain("'=1+2");
    const all = await admin.get("/admin/travel/lists.csv?list=all&sep=semicolon");
    expect(all.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Date;Time;Direction;Party;Names;People;Point;Flight or train;Transfer;Phone");
    expect((await admin.get("/admin/travel")).status).toBe(200);
    // A car arrival needs no transfer: listed, never a request.
    expect(car).toBeTruthy();
  });
  it("a live link to the shuttle lists (issue 27.5): the admin's rows, page and CSV, linking only to itself, noindex; revoked, 404", async () => {
    const { party, guest } = await comingParty(2, { name: "The Shuttle Sharers", primaryPhone: "+351 913 555 777" });
    expect((await guest.request("PUT", "/api/my-travel", travel({ arrival: leg("2026-06-14", "09:20", opo, "KL1693") }))).status).toBe(200);
    expect((await admin.post("/api/shuttle-runs", { direction: "arrival", date: "2026-06-14", time: "10:30", fromPointId: opo, toPointId: null, seats: 8, vehicle: "Van 3", driverPhone: null, note: null, locked: false, partyIds: [party.id] })).status).toBe(201);
    // The host's page offers it, and makes one without JavaScript.
    expect(decode((await admin.get("/admin/travel/lists")).text)).toContain("Share a live link");
    const made = await admin.post("/admin/travel/lists", form({ intent: "share-link", label: "Douro Transfers" }), { ...formHeaders, origin: server.url });
    expect(made.status).toBe(200);
    const path = new URL(/https?:\/\/[^"<\s]+\/shared\/[\w-]{43}/.exec(decode(made.text))![0]).pathname;
    const viaApi = await admin.post("/api/share-links", { list: "shuttles", label: "Day driver" });
    expect(viaApi.status).toBe(201);
    expect(viaApi.json).toMatchObject({ list: "shuttles", eventId: null, status: "active" });

    const nobody = new Client(server.url);
    for (const q of ["", "?list=day&date=2026-06-14", "?list=all"]) {
      const page = await nobody.get(`${path}${q}`);
      expect(page.status, q).toBe(200);
      expect(page.headers.get("x-robots-tag")).toContain("noindex");
      expect(page.text).toMatch(/<meta name="robots" content="noindex"/);
      const html = decode(page.text);
      for (const shown of ["The Shuttle Sharers", "KL1693", "+351913555777"]) expect(html, `${q} ${shown}`).toContain(shown);
      const hrefs = [...page.text.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.every((h) => h.startsWith(path)), hrefs.join(" ")).toBe(true);
      expect(page.text).not.toContain(party.id);
      expect(page.text).not.toMatch(/<script[^>]*src=/);
      // The same rows as the admin's list: its CSV byte for byte.
      const csv = await nobody.get(`${path}.csv${q}`);
      expect(csv.status).toBe(200);
      expect(csv.text).toBe((await admin.get(`/admin/travel/lists.csv${q}`)).text);
    }
    expect(decode((await nobody.get(`${path}?list=day&date=2026-06-14`)).text)).toContain("Van 3");
    const listed = (await admin.get("/api/share-links?list=shuttles")).json.items as { label: string; lastOpenedAt: string | null }[];
    expect(listed.find((l) => l.label === "Douro Transfers")!.lastOpenedAt).not.toBeNull();
    expect(listed.find((l) => l.label === "Day driver")!.lastOpenedAt).toBeNull();

    const id = listed.find((l) => l.label === "Douro Transfers") as unknown as { id: string };
    expect((await admin.delete(`/api/share-links/${id.id}`)).status).toBe(200);
    expect((await nobody.get(path)).status).toBe(404);
    expect((await nobody.get(`${path}.csv?list=all`)).status).toBe(404);
  });
});
