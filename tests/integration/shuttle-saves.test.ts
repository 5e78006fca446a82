import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { count, makeParty, query, signedIn } from "./api-fixtures";

/*
 * Issue 36, what a host met running the shuttles: a save mails a party only
 * when its own pickup changed, once; a proposal keeps the saved runs it keeps
 * (id, vehicle, driver's phone, note) in the saved runs' shape; the seats
 * follow the people coming; a move beyond the longest wait warns. Replayed on
 * the built server, mails counted as a real SMTP server receives them.
 */

const FAST = { MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", MAIL_RATE_PER_MINUTE: "6000", MAIL_FROM: "Convite <rsvp@convite.test>" };
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

let server: TestServer;
let admin: Client;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let opo: string;

type Run = { id?: string; key?: string; direction: string; date: string; time: string; seats: number; partyIds: string[]; fromPointId?: string | null; toPointId?: string | null; pointId?: string; vehicle?: string | null; driverPhone?: string | null; note?: string | null; locked?: boolean };

const arrival = (time: string, date = "2026-06-12") => ({ date, time, pointId: opo, number: "TP1234" });
/** The pickup mails an address received (the RSVP's confirmation is another mail). */
const pickups = () => smtp.mails.filter((m) => /shuttle pickup/i.test(m.text));
const mailsTo = (email: string) => pickups().filter((m) => m.to.includes(email)).length;
/** The mail queue is polled every 100 ms: a second is ample for a mail that would come. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

/** A party of `size` coming, with an address, asking for an arrival transfer. */
async function traveller(size: number, time: string, email: string) {
  const party = await makeParty(admin, Array(size).fill("adult"), { primaryEmail: email });
  const guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
  const answer = { arrival: arrival(time), departure: null, transfer: { arrival: true, departure: false, seats: size } };
  const saved = await guest.request("PUT", "/api/my-travel", answer);
  expect(saved.status, saved.text).toBe(200);
  return { party, guest, answer };
}

async function propose() {
  const res = await admin.post("/api/shuttle-runs/propose", {});
  expect(res.status, res.text).toBe(200);
  return res.json as { runs: Run[]; mails: { partyId: string; name: string }[]; unplaced: unknown[] };
}

async function apply(runs: Run[]) {
  const res = await admin.post("/api/shuttle-runs/apply", { runs });
  expect(res.status, res.text).toBe(200);
  return res.json as { runs: Run[]; warnings: { kind: string; partyId?: string; runId: string; message: string }[]; mailed: string[] };
}

const runOf = (runs: Run[], partyId: string) => runs.find((r) => r.partyIds.includes(partyId))!;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
  admin = await new Client(server.url).loginAdmin();
  const settings = await admin.post("/admin/event/travel", form({ intent: "settings", enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180" }), formHeaders);
  expect(settings.status).toBe(302);
  const point = await admin.post("/admin/event/travel", form({ intent: "point-add", name: "Porto Airport (OPO)", kind: "airport", transfer: "on", driveMinutes: "120" }), formHeaders);
  expect(point.status).toBe(302);
  opo = (await admin.get("/api/travel-points")).json[0].id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

describe("saving the shuttle plan", () => {
  let ana: Awaited<ReturnType<typeof traveller>>;
  let bea: Awaited<ReturnType<typeof traveller>>;
  let caio: Awaited<ReturnType<typeof traveller>>;

  it("mails each party once; Propose + Save again changes nothing and mails nobody, and the page says so first", async () => {
    ana = await traveller(2, "13:10", "ana@example.test");
    bea = await traveller(3, "13:30", "bea@example.test");
    caio = await traveller(2, "19:00", "caio@example.test");
    const first = await propose();
    await apply(first.runs);
    await waitFor(() => mailsTo("ana@example.test") && mailsTo("bea@example.test") && mailsTo("caio@example.test"));
    const ids = ((await admin.get("/api/shuttle-runs")).json as Run[]).map((r) => r.id).sort();
    // The replay: Propose, then Save with no move. Nobody is mailed again, the runs keep their ids.
    const again = await propose();
    const second = await apply(again.runs);
    await settle();
    expect([mailsTo("ana@example.test"), mailsTo("bea@example.test"), mailsTo("caio@example.test")]).toEqual([1, 1, 1]);
    expect(second.mailed).toEqual([]);
    expect(second.runs.map((r) => r.id).sort()).toEqual(ids);
    expect(again.runs.map((r) => r.id).sort()).toEqual(ids);
    expect(again.mails).toEqual([]);
    // Issue 36.10: the saved runs' shape; the first proposal named who a save would mail.
    expect(first.runs.length).toBe(2);
    for (const r of first.runs) {
      expect(r).toMatchObject({ direction: "arrival", fromPointId: opo, toPointId: null, vehicle: null, driverPhone: null, note: null });
      expect(r).not.toHaveProperty("pointId");
    }
    expect(first.mails.map((m) => m.partyId).sort()).toEqual([ana.party.id, bea.party.id, caio.party.id].sort());
    const before = pickups().length;

    const pageText = (await admin.post("/admin/travel", form({ intent: "propose" }), { ...formHeaders, origin: server.url })).text;
    expect(decode(pageText)).toContain("Saving mails nobody: every pickup stays as it is.");
    const rows = () => JSON.stringify(query(server, "select * from shuttle_runs order by id"));
    const runsBefore = rows();
    const third = await apply(again.runs);
    expect(third.mailed).toEqual([]);
    expect(rows()).toBe(runsBefore);
    // And by the page's form, without JavaScript: the same.
    const raw = /name="proposal" value="([^"]*)"/.exec(pageText)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    const byPage = await admin.post("/admin/travel", form({ intent: "apply", proposal: raw }), { ...formHeaders, origin: server.url });
    expect(byPage.status).toBe(302);
    await settle();
    expect(pickups().length).toBe(before);
    expect(count(server, "outbox", "kind = 'pickup-change'")).toBe(3);

    // What guests were told before this release also named the run's id: the upgrade mails nobody.
    const db = new Database(server.dbPath);
    for (const n of db.prepare("select traveller_id, direction, pickup from shuttle_notices").all() as { traveller_id: string; direction: string; pickup: string }[]) {
      db.prepare("update shuttle_notices set pickup = ? where traveller_id = ? and direction = ?").run(JSON.stringify({ id: "an-old-run-id", ...JSON.parse(n.pickup) }), n.traveller_id, n.direction);
    }
    db.close();
    expect((await apply((await propose()).runs)).mailed).toEqual([]);
    await settle();
    expect(pickups().length).toBe(before);
  });

  it("keeps a run's vehicle, driver's phone and note and id; mails only the party whose own pickup changed", async () => {
    const runs = (await admin.get("/api/shuttle-runs")).json as (Run & { id: string })[];
    const caioRun = runOf(runs, caio.party.id);
    const anaRun = runOf(runs, ana.party.id);
    const details = { vehicle: "Grey minibus (Transdouro)", driverPhone: "+351 912 000 222", note: "Sign: Convite" };
    expect((await admin.patch(`/api/shuttle-runs/${anaRun.id}`, details)).status).toBe(200);
    // The details are news to Ana and Bea (their pickup changed): one mail each.
    await waitFor(() => mailsTo("ana@example.test") === 2 && mailsTo("bea@example.test") === 2);

    // Caio's flight moves 20 minutes: his run moves, the same parties keep it.
    expect((await caio.guest.request("PUT", "/api/my-travel", { ...caio.answer, arrival: arrival("19:20") })).status).toBe(200);
    const proposal = await propose();
    const keptAna = runOf(proposal.runs, ana.party.id);
    expect(keptAna).toMatchObject({ id: anaRun.id, vehicle: "Grey minibus (Transdouro)", driverPhone: "+351912000222", note: "Sign: Convite", time: anaRun.time });
    expect(runOf(proposal.runs, caio.party.id)).toMatchObject({ id: caioRun.id, time: "20:05" });
    expect(proposal.mails.map((m) => m.partyId)).toEqual([caio.party.id]);
    const page = decode((await admin.post("/admin/travel", form({ intent: "propose" }), { ...formHeaders, origin: server.url })).text);
    expect(page).toContain("Saving mails 1 party whose pickup changes");
    expect(page).toContain("Saved run, kept · Grey minibus (Transdouro) · +351912000222 · Sign: Convite");
    expect(page).toMatch(new RegExp(`${caio.party.name}`));

    const before = pickups().length;
    const saved = await apply(proposal.runs);
    expect(saved.mailed).toEqual([caio.party.id]);
    expect(runOf(saved.runs, ana.party.id)).toMatchObject({ id: anaRun.id, vehicle: "Grey minibus (Transdouro)", driverPhone: "+351912000222", note: "Sign: Convite" });
    const mail = await waitFor(() => pickups().slice(before).find((m) => m.to.includes("caio@example.test")));
    expect(mail.text).toContain("20:05");
    await settle();
    expect(pickups().length).toBe(before + 1);

    // The old shape (`pointId`) is still read for one release: the same plan, nothing changes.
    const old = proposal.runs.map(({ fromPointId: _f, toPointId: _t, vehicle: _v, driverPhone: _d, note: _n, ...r }) => ({ ...r, pointId: opo }));
    const again = await apply(old);
    expect(again.mailed).toEqual([]);
    expect(runOf(again.runs, ana.party.id)).toMatchObject({ id: anaRun.id, fromPointId: opo, vehicle: "Grey minibus (Transdouro)" });
    // Neither shape naming a point is refused, naming the field, nothing saved.
    const noPoint = await admin.post("/api/shuttle-runs/apply", { runs: old.map(({ pointId: _p, ...r }) => r) });
    expect(noPoint.status).toBe(400);
    expect(noPoint.json.errors).toHaveProperty(["runs.0.fromPointId"]);
    expect(runOf((await admin.get("/api/shuttle-runs")).json, ana.party.id).id).toBe(anaRun.id);
  });
});

describe("seats that follow the people coming", () => {
  it("a member marked not coming: the seats, the run's count and the guest's page follow, the board warns, the same answer saves again", async () => {
    const dora = await traveller(4, "10:00", "dora@example.test");
    const run = await admin.post("/api/shuttle-runs", { direction: "arrival", date: "2026-06-12", time: "11:00", fromPointId: opo, toPointId: null, seats: 8, vehicle: null, driverPhone: null, note: null, locked: true, partyIds: [dora.party.id] });
    expect(run.status, run.text).toBe(201);
    expect(run.json.seatsUsed).toBe(4);

    const marked = await admin.post("/api/rsvps", { partyId: dora.party.id, attending: true, memberAttendance: [{ guestId: dora.party.memberIds[3], attending: false }] });
    expect(marked.status, marked.text).toBeLessThan(300);

    const overview = (await admin.get("/api/travel")).json;
    const answer = overview.answers.find((a: { partyId: string }) => a.partyId === dora.party.id);
    expect(answer).toMatchObject({ seats: 3, transfer: { seats: 3 } });
    expect(answer.people).toHaveLength(3);
    expect(overview.runs.find((r: { id: string }) => r.id === run.json.id).seatsUsed).toBe(3);
    const warning = overview.warnings.find((w: { kind: string; runId: string }) => w.kind === "seats-changed" && w.runId === run.json.id);
    expect(warning?.message).toBe(`The arrival run 2026-06-12 11:00 changed since it was saved: ${dora.party.name}: 4 → 3 seats (now 3 of 8)`);
    expect(decode((await admin.get("/admin/travel?day=2026-06-12")).text)).toContain(warning.message);
    const manifest = decode((await admin.get("/admin/travel/lists?list=manifests")).text);
    expect(manifest).toContain("3/8");

    // The guest is told, and the answer as shown saves again.
    const mine = (await dora.guest.get("/api/my-travel")).json;
    expect(mine.answer.transfer.seats).toBe(3);
    expect(mine.answer.seatsFollowed).toEqual({ asked: 4, now: 3 });
    expect(decode((await dora.guest.get("/my-rsvp")).text)).toContain("Your transfer is now for 3 seats, not the 4 you asked for: fewer of you are coming.");
    expect(decode((await dora.guest.get("/my-rsvp?lang=pt")).text)).toContain("O seu transporte passou a ter 3 lugares, em vez dos 4 pedidos");
    const again = await dora.guest.request("PUT", "/api/my-travel", { ...dora.answer, transfer: { ...dora.answer.transfer, seats: mine.answer.transfer.seats } });
    expect(again.status, again.text).toBe(200);
    expect((await dora.guest.get("/api/my-travel")).json.answer.seatsFollowed).toBeNull();

    // Saving the run again is the host's acknowledgement: the warning goes.
    expect((await admin.patch(`/api/shuttle-runs/${run.json.id}`, { note: "Meet at exit 2" })).status).toBe(200);
    expect((await admin.get("/api/travel")).json.warnings.filter((w: { kind: string; runId: string }) => w.kind === "seats-changed" && w.runId === run.json.id)).toEqual([]);
    expect((await admin.delete(`/api/shuttle-runs/${run.json.id}`)).status).toBe(200);
  });
});

describe("a move beyond the planner's rules", () => {
  it("warns in apply's answer and on the page: past the longest wait, or before the buffer", async () => {
    const eva = await traveller(2, "13:05", "eva@example.test");
    const fabio = await traveller(1, "15:40", "fabio@example.test");
    const proposal = await propose();
    const moving = [eva.party.id, fabio.party.id];
    const others = proposal.runs.map((r) => ({ ...r, partyIds: r.partyIds.filter((p) => !moving.includes(p)) })).filter((r) => r.partyIds.length || r.id);
    // In the old shape (`pointId`), still read: the warning is what this replays.
    const late = { direction: "arrival", pointId: opo, date: "2026-06-12", time: "16:15", seats: 8, partyIds: [eva.party.id] };
    const early = { ...late, time: "15:50", partyIds: [fabio.party.id] };
    const saved = await apply([...others, late, early]);
    const waits = saved.warnings.filter((w) => w.kind === "wait");
    expect(waits.map((w) => w.partyId).sort()).toEqual([eva.party.id, fabio.party.id].sort());
    const evaWarning = waits.find((w) => w.partyId === eva.party.id)!.message;
    expect(evaWarning).toBe(`${eva.party.name} arrives 2026-06-12 13:05: the arrival run 2026-06-12 16:15 leaves 190 minutes later, beyond the longest wait (120 minutes)`);
    expect(waits.find((w) => w.partyId === fabio.party.id)!.message).toContain("leaves 10 minutes later, before the buffer (45 minutes)");
    const page = decode((await admin.get("/admin/travel?day=2026-06-12")).text);
    expect(page).toContain(evaWarning);
    // The planner's own proposal keeps the rules: a party back on a fitting run is no longer warned of.
    const fixed = await apply((await propose()).runs);
    expect(fixed.warnings.filter((w) => w.kind === "wait")).toEqual([]);
    // Before saving, the proposal says which runs a party would wait too long on (in the select's options, JavaScript or not).
    const proposalPage = decode((await admin.post("/admin/travel", form({ intent: "propose" }), { ...formHeaders, origin: server.url })).text);
    const evaSelect = new RegExp(`<select name="move:arrival:${eva.party.id}"[^>]*>(.*?)</select>`).exec(proposalPage)![1]!;
    expect(evaSelect).toMatch(/16:25 · Porto Airport \(OPO\) → venue ⚠ waits 200 min<\/option>/);
    expect(evaSelect).toMatch(/14:15 · Porto Airport \(OPO\) → venue<\/option>/);
  });
});

describe("travel wording", () => {
  it("a train arrives and leaves, a flight lands and flies: on the Travel page, in the proposal and the printed lists", async () => {
    const added = await admin.post("/admin/event/travel", form({ intent: "point-add", name: "Pinhão station", kind: "station", transfer: "on", driveMinutes: "20" }), formHeaders);
    expect(added.status).toBe(302);
    const pinhao = ((await admin.get("/api/travel-points")).json as { id: string; name: string }[]).find((p) => p.name === "Pinhão station")!.id;
    const gil = await traveller(2, "09:00", "gil@example.test");
    const byTrain = { arrival: { date: "2026-06-13", time: "11:42", pointId: pinhao, number: "IR 861" }, departure: null, transfer: { arrival: true, departure: false, seats: 2 } };
    expect((await gil.guest.request("PUT", "/api/my-travel", byTrain)).status).toBe(200);
    const page = decode((await admin.get("/admin/travel?day=2026-06-13")).text);
    expect(page).toMatch(/11:42<\/span> arrives · <span class="font-medium">Party/);
    expect(page).not.toMatch(/11:42<\/span> lands/);
    const flights = decode((await admin.get("/admin/travel?day=2026-06-12")).text);
    expect(flights).toMatch(/13:05<\/span> lands · /);
    const proposal = decode((await admin.post("/admin/travel", form({ intent: "propose" }), { ...formHeaders, origin: server.url })).text);
    expect(proposal).toContain("(2) arrives 11:42 IR 861");
    const manifests = decode((await admin.get("/admin/travel/lists?list=manifests")).text);
    expect(manifests).not.toContain(">Lands<");
  });
});
