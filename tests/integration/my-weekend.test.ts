import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { assignRoom, count, eventConfigForm, makeEvent, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

/*
 * Issue 38: My weekend (page and API), the driver's links and list, the
 * boarded ticks (idempotent by clientId, one boarding per person), the host's
 * boarding view and the day-of message (priority lane, WhatsApp links, on
 * the party's My weekend). Every refusal: its status, its message, nothing stored.
 */

const FAST = { MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", MAIL_RATE_PER_MINUTE: "6000" };
let server: TestServer;
let admin: Client;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let party: Awaited<ReturnType<typeof makeParty>>;
let guest: Client;
let other: Client;
let runId: string;
let otherRunId: string;
let eventId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
  admin = await new Client(server.url).loginAdmin();
  expect((await admin.patch("/api/travel-settings", { enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: null })).status).toBe(200);
  const point = await admin.post("/api/travel-points", { name: "Porto Airport (OPO)", namePt: "Aeroporto do Porto", kind: "airport", transfer: true, driveMinutes: 120 });
  expect(point.status, point.text).toBe(201);
  expect((await admin.patch("/api/event-config", { hostPhone: "+351 912 345 678", hotelName: "Quinta Hotel", hotelPhone: "+351254000000" })).status).toBe(200);
  party = await makeParty(admin, ["adult", "adult"], { name: "The Weekenders", primaryEmail: "weekenders@example.com", primaryPhone: "+351911111111" });
  await admin.patch(`/api/guests/${party.memberIds[0]}`, { firstName: "Ana", lastName: "Costa" });
  await admin.patch(`/api/guests/${party.memberIds[1]}`, { firstName: "Rui", lastName: "Costa" });
  guest = await signedIn(server, party.authCode);
  expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true })).status).toBeLessThan(300);
  const leg = (date: string, time: string) => ({ date, time, pointId: point.json.id, number: "TP1234" });
  const saved = await guest.request("PUT", "/api/my-travel", { arrival: leg("2026-06-12", "13:10"), departure: leg("2026-06-14", "18:00"), transfer: { arrival: true, departure: true, seats: 2 }, members: [] });
  expect(saved.status, saved.text).toBe(200);
  const run = (direction: string, date: string, time: string) =>
    admin.post("/api/shuttle-runs", { direction, date, time, fromPointId: direction === "arrival" ? point.json.id : null, toPointId: direction === "departure" ? point.json.id : null, seats: 8, vehicle: "White minibus", driverPhone: "+351912000111", note: "Sign: Convite", locked: false, partyIds: [party.id] });
  runId = (await run("arrival", "2026-06-12", "14:30")).json.id;
  await run("departure", "2026-06-14", "15:00");
  eventId = (await makeEvent(admin, { title: "Boat trip", date: "Saturday, June 13, 2026", timeFrom: "10:00 AM", timeTo: "12:00 PM" })).id;
  expect((await guest.post("/api/event-rsvps", { eventId, partyId: party.id, attending: true })).status).toBeLessThan(300);
  const roomType = await makeRoomType(admin, { name: "Douro Suite" });
  await assignRoom(admin, party.id, roomType.id, 1);
  // Another party on a run of its own: nothing of it may reach this one.
  const q = await makeParty(admin, ["adult"], { name: "Someone Else" });
  other = await signedIn(server, q.authCode);
  await other.post("/api/rsvps", { partyId: q.id, attending: true });
  await other.request("PUT", "/api/my-travel", { arrival: leg("2026-06-12", "09:00"), departure: null, transfer: { arrival: true, departure: false, seats: 1 }, members: [] });
  otherRunId = (await admin.post("/api/shuttle-runs", { direction: "arrival", date: "2026-06-12", time: "10:00", fromPointId: point.json.id, toPointId: null, seats: 4, vehicle: null, driverPhone: null, note: null, locked: false, partyIds: [q.id] })).json.id;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

describe("My weekend", () => {
  it("GET /api/my-weekend: day by day, only the party's own programme, event, pickups, room, venue and contacts", async () => {
    const res = await guest.get("/api/my-weekend");
    expect(res.status, res.text).toBe(200);
    const w = res.json;
    expect(w.name).toBe("The Weekenders");
    const labels = w.days.map((d: { label: string }) => d.label);
    expect(labels[0]).toContain("June 12");
    const day1 = w.days[0].items;
    expect(day1.find((i: { kind: string }) => i.kind === "pickup")).toMatchObject({ time: "14:30", direction: "arrival", meetingPoint: "Porto Airport (OPO)", lookFor: "White minibus · Sign: Convite", driverPhone: "+351912000111" });
    const all = w.days.flatMap((d: { items: unknown[] }) => d.items);
    expect(all.filter((i: { kind: string }) => i.kind === "pickup")).toHaveLength(2);
    expect(all.find((i: { kind: string }) => i.kind === "event")).toMatchObject({ title: "Boat trip", time: "10:00 AM–12:00 PM" });
    expect(w.rooms).toEqual([expect.objectContaining({ name: "Douro Suite", quantity: 1, nights: 2 })]);
    expect(w.host).toEqual({ phone: "+351912345678", tel: "tel:+351912345678", whatsapp: "https://wa.me/351912345678" });
    expect(w.hotel).toMatchObject({ name: "Quinta Hotel", links: { tel: "tel:+351254000000" } });
    expect(w.venue.mapImage).toBe("/my-weekend/venue-map.svg");
    expect(w.table).toBeNull();
    expect(JSON.stringify(w)).not.toContain("Someone Else");
    // The other party's weekend has none of this party's pickups.
    const theirs = (await other.get("/api/my-weekend")).json;
    expect(JSON.stringify(theirs)).not.toContain("White minibus");
  });

  it("in Portuguese, and refused without a guest session (401) or to an admin (403)", async () => {
    const pt = await guest.get("/api/my-weekend?lang=pt");
    expect(pt.json.days.flatMap((d: { items: { kind: string; meetingPoint?: string }[] }) => d.items).find((i: { kind: string }) => i.kind === "pickup").meetingPoint).toBe("Aeroporto do Porto");
    const anon = await new Client(server.url).get("/api/my-weekend");
    expect(anon.status).toBe(401);
    const asAdmin = await admin.get("/api/my-weekend");
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.json.message).toBe("This is the signed-in guest's own weekend");
    expect((await guest.post("/api/my-weekend", {})).status).toBe(405);
  });

  it("the page /my-weekend, en and pt, ships no React, carries the session key, links the map; signed out it sends to /my-rsvp", async () => {
    const en = await guest.get("/my-weekend");
    expect(en.status).toBe(200);
    expect(en.text).toContain("Arrival pickup");
    expect(en.text).toContain("/my-weekend/venue-map.svg");
    expect(en.text).toContain('href="tel:+351912345678"');
    expect(en.text).toContain("/manifest.webmanifest");
    expect(en.text).not.toContain("rr-boot");
    expect(en.headers.get("x-session-key")).toMatch(/^[\w-]{22}$/);
    // The same session answers with the same key every time (the service worker empties its cache on a change).
    for (const path of ["/my-weekend", "/my-rsvp", "/my-weekend?lang=pt"]) expect((await guest.get(path)).headers.get("x-session-key"), path).toBe(en.headers.get("x-session-key"));
    const pt = await guest.get("/my-weekend?lang=pt");
    expect(pt.text).toContain("Transporte à chegada");
    const anon = await new Client(server.url).get("/my-weekend");
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe("/my-rsvp");
    expect((await guest.get("/my-rsvp")).text).toContain('href="/my-weekend"');
  });
});

describe("the host's contacts on the Event Configuration page", () => {
  const form = (values: Record<string, string>) => eventConfigForm({ hostPhone: "+351912345678", hotelName: "Quinta Hotel", hotelPhone: "+351254000000", ...values });
  const contacts = async () => {
    const { hostPhone, hotelName, hotelPhone } = (await admin.get("/api/event-config")).json;
    return { hostPhone, hotelName, hotelPhone };
  };

  it("the page shows the stored contacts; a post without JavaScript stores them and My weekend shows them", async () => {
    const page = await admin.get("/admin/event");
    expect(page.text).toContain("Contacts on the day");
    expect(page.text).toMatch(/name="hostPhone"[^>]*value="\+351912345678"|value="\+351912345678"[^>]*name="hostPhone"/);
    const saved = await admin.request("POST", "/admin/event", form({ hostPhone: "+351 913 000 222", hotelName: "Casa do Rio", hotelPhone: "+351 254 111 222" }));
    expect(saved.status, saved.text).toBe(302);
    expect(await contacts()).toEqual({ hostPhone: "+351913000222", hotelName: "Casa do Rio", hotelPhone: "+351254111222" });
    const mine = (await guest.get("/api/my-weekend")).json;
    expect(mine.host.tel).toBe("tel:+351913000222");
    expect(mine.hotel).toMatchObject({ name: "Casa do Rio", links: { tel: "tel:+351254111222" } });
  });

  it("a bad phone is refused with its message (400) and nothing is stored", async () => {
    const before = await contacts();
    for (const [field, value, message] of [
      ["hostPhone", "912345678", "Phone number must start with country code (e.g. +351912345678)"],
      ["hotelPhone", "+351 abc", "Phone number must contain only digits after the + sign."],
      ["hotelPhone", "+".padEnd(41, "1"), "At most 40 characters"],
      ["hotelName", "x".repeat(201), "At most 200 characters"],
    ] as const) {
      const res = await admin.request("POST", "/admin/event", form({ [field]: value, eventTitle: "Not saved" }));
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.text.toLowerCase()).toContain(message.toLowerCase());
    }
    expect(await contacts()).toEqual(before);
    expect((await admin.get("/api/event-config")).json.eventTitle).not.toBe("Not saved");
  });

  it("emptied fields clear the contacts, and My weekend then offers none", async () => {
    const res = await admin.request("POST", "/admin/event", form({ hostPhone: "", hotelName: "", hotelPhone: "" }));
    expect(res.status).toBe(302);
    expect(await contacts()).toEqual({ hostPhone: null, hotelName: null, hotelPhone: null });
    const mine = (await guest.get("/api/my-weekend")).json;
    expect(mine.hotel).toBeNull();
    // Put back what the other tests expect.
    expect((await admin.request("POST", "/admin/event", form({}))).status).toBe(302);
  });
});

describe("the driver's links and list", () => {
  let token: string;
  let linkId: string;

  it("POST /api/shuttle-runs/{id}/driver-links: 201 with the token once; refusals store nothing", async () => {
    const before = count(server, "driver_links");
    for (const [body, status, message] of [
      [{ expiresAt: "2001-01-01" }, 400, "The expiry must be in the future"],
      [{ expiresAt: "soon" }, 400, "expiresAt is a date (YYYY-MM-DD) or an ISO time"],
      [{ label: "x".repeat(101) }, 400, "At most 100 characters"],
    ] as const) {
      const res = await admin.post(`/api/shuttle-runs/${runId}/driver-links`, body);
      expect(res.status, res.text).toBe(status);
      expect(res.json.message).toContain(message);
    }
    const missing = await admin.post("/api/shuttle-runs/nope/driver-links", {});
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Shuttle run not found");
    expect(count(server, "driver_links")).toBe(before);

    const made = await admin.post(`/api/shuttle-runs/${runId}/driver-links`, { label: "Carlos" });
    expect(made.status, made.text).toBe(201);
    expect(made.json.url).toMatch(/\/driver\/[\w-]{43}$/);
    token = made.json.token;
    linkId = made.json.id;
    expect(query<{ token_hash: string }>(server, "select token_hash from driver_links where id = ?", linkId)[0]!.token_hash).not.toBe(token);
    const listed = await admin.get(`/api/shuttle-runs/${runId}/driver-links`);
    expect(JSON.stringify(listed.json)).not.toContain(token);
  });

  it("GET /api/driver/{token}: names, people, flight, time, phone; no e-mail; the page is noindex", async () => {
    const res = await new Client(server.url).get(`/api/driver/${token}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.parties).toEqual([
      expect.objectContaining({ name: "The Weekenders", number: "TP1234", time: "13:10", phone: "+351911111111", people: [expect.objectContaining({ name: "Ana Costa", boarded: false }), expect.objectContaining({ name: "Rui Costa", boarded: false })] }),
    ]);
    expect(res.text).not.toContain("weekenders@example.com");
    expect(res.json).toMatchObject({ boarded: 0, missing: 2 });
    const page = await new Client(server.url).get(`/driver/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.text).toContain("Ana Costa");
    expect(page.text).not.toContain("weekenders@example.com");
    expect((await new Client(server.url).get("/api/driver/not-a-token")).status).toBe(404);
  });

  it("POST /api/driver/{token}/boarded is idempotent by clientId; two drivers make one boarding; refusals store nothing", async () => {
    const driver = new Client(server.url);
    const ana = party.memberIds[0]!;
    const tick = { guestId: ana, boarded: true, at: "2026-06-12T13:31:00.000Z", clientId: "phone-a-0001" };
    const first = await driver.post(`/api/driver/${token}/boarded`, tick);
    expect(first.status, first.text).toBe(201);
    const again = await driver.post(`/api/driver/${token}/boarded`, tick);
    expect(again.status).toBe(200);
    expect(again.json.created).toBe(false);
    const second = await admin.post(`/api/shuttle-runs/${runId}/driver-links`, {});
    const other = await driver.post(`/api/driver/${second.json.token}/boarded`, { ...tick, at: "2026-06-12T13:32:00.000Z", clientId: "phone-b-0001" });
    expect(other.status).toBe(201);
    const board = await admin.get(`/api/shuttle-runs/${runId}/boarding`);
    expect(board.json).toMatchObject({ boarded: 1, missing: 1 });
    const ticks = count(server, "boarding_ticks");
    for (const [body, message] of [
      [{ ...tick, clientId: "phone-a-0001", boarded: false }, "clientId: already used for another tick"],
      [{ ...tick, clientId: "phone-a-0002", guestId: "someone" }, "guestId: not a passenger of this run"],
      [{ ...tick, clientId: "x" }, "clientId is 8 to 100 characters"],
      [{ ...tick, clientId: "phone-a-0003", at: "yesterday" }, "at is an ISO time"],
      [{ ...tick, clientId: "phone-a-0004", boarded: "yes" }, "boarded is true or false"],
    ] as const) {
      const res = await driver.post(`/api/driver/${token}/boarded`, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toContain(message);
    }
    expect(count(server, "boarding_ticks")).toBe(ticks);
  });

  it("a tick without JavaScript (the page's form) counts once when sent twice", async () => {
    const driver = new Client(server.url);
    const body = new URLSearchParams({ guestId: party.memberIds[1]!, boarded: "true", clientId: "form-abc-0001" });
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: server.url };
    expect((await driver.post(`/driver/${token}`, body, headers)).status).toBe(303);
    expect((await driver.post(`/driver/${token}`, body, headers)).status).toBe(303);
    expect(count(server, "boarding_ticks", "client_id = ?", "form-abc-0001")).toBe(1);
    expect((await admin.get(`/api/shuttle-runs/${runId}/boarding`)).json).toMatchObject({ boarded: 2, missing: 0 });
  });

  it("DELETE /api/driver-links/{id}: the list and its ticks are 404 from then on", async () => {
    const res = await admin.request("DELETE", `/api/driver-links/${linkId}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("revoked");
    expect((await new Client(server.url).get(`/api/driver/${token}`)).status).toBe(404);
    expect((await new Client(server.url).get(`/driver/${token}`)).status).toBe(404);
    expect((await new Client(server.url).post(`/api/driver/${token}/boarded`, { guestId: party.memberIds[0], boarded: false, at: new Date().toISOString(), clientId: "late-tick-01" })).status).toBe(404);
    expect((await admin.request("DELETE", "/api/driver-links/nope")).status).toBe(404);
  });
});

describe("a driver's link per day", () => {
  let token: string;
  let linkId: string;
  let firstGuest: string;

  it("POST /api/driver-links {day}: 201 with the token once; a bad or empty day, a day without runs, a past expiry: 400, nothing stored", async () => {
    const before = count(server, "driver_links");
    for (const [body, message] of [
      [{}, "day is a date (YYYY-MM-DD)"],
      [{ day: "2026-13-01" }, "day is a date (YYYY-MM-DD)"],
      [{ day: "12/06/2026" }, "day is a date (YYYY-MM-DD)"],
      [{ day: "2026-06-20" }, "day: no shuttle runs on that day"],
      [{ day: "2026-06-12", expiresAt: "2001-01-01" }, "The expiry must be in the future"],
      [{ day: "2026-06-12", label: "x".repeat(101) }, "At most 100 characters"],
    ] as const) {
      const res = await admin.post("/api/driver-links", body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toContain(message);
    }
    expect(count(server, "driver_links")).toBe(before);
    const made = await admin.post("/api/driver-links", { day: "2026-06-12", label: "Carlos, Friday" });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ day: "2026-06-12", runId: null, label: "Carlos, Friday", status: "active" });
    expect(made.json.url).toMatch(/\/driver\/[\w-]{43}$/);
    [token, linkId] = [made.json.token, made.json.id];
    const listed = await admin.get("/api/driver-links?day=2026-06-12");
    expect(listed.json.items).toEqual([expect.objectContaining({ id: linkId, day: "2026-06-12" })]);
    expect(JSON.stringify(listed.json)).not.toContain(token);
    expect((await admin.get("/api/driver-links")).json.items.map((l: { id: string }) => l.id)).toEqual([linkId]);
    expect((await admin.get("/api/driver-links?day=2026-06-14")).json.items).toEqual([]);
    const bad = await admin.get("/api/driver-links?day=friday");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("day is a date (YYYY-MM-DD)");
    expect((await admin.request("PUT", "/api/driver-links", {})).status).toBe(405);
  });

  it("GET /api/driver/{token}: every run of the day by time with its parties and the day's counts; the page lists them, noindex", async () => {
    const res = await new Client(server.url).get(`/api/driver/${token}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.day).toBe("2026-06-12");
    expect(res.json.runs.map((r: { run: { id: string } }) => r.run.id)).toEqual([otherRunId, runId]);
    expect(res.json.runs[0].parties).toEqual([expect.objectContaining({ name: "Someone Else" })]);
    expect(res.json.runs[1].parties).toEqual([expect.objectContaining({ name: "The Weekenders" })]);
    // The Weekenders boarded in the run link's tests; Someone Else not yet.
    expect(res.json).toMatchObject({ boarded: 2, missing: 1 });
    expect(res.text).not.toContain("weekenders@example.com");
    firstGuest = res.json.runs[0].parties[0].people[0].guestId;
    const page = await new Client(server.url).get(`/driver/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.text).toMatch(/Shuttle runs of the day<span[^>]*>2026-06-12</);
    expect(page.text).toContain("Someone Else");
    expect(page.text).toContain("The Weekenders");
    expect((await new Client(server.url).get(`/driver/${token}?lang=pt`)).text).toContain("Transportes do dia");
  });

  it("a tick through a day's link finds the person's run, or takes the run named; refusals store nothing", async () => {
    const driver = new Client(server.url);
    const ticks = count(server, "boarding_ticks");
    const tick = { guestId: firstGuest, boarded: true, at: "2026-06-12T09:58:00.000Z", clientId: "day-link-0001" };
    const departure = (await admin.get("/api/shuttle-runs")).json.find((r: { direction: string }) => r.direction === "departure").id;
    for (const [body, message] of [
      [{ ...tick, runId: departure, clientId: "day-link-bad1" }, "runId: not a run of this link's day"],
      [{ ...tick, guestId: "someone", clientId: "day-link-bad2" }, "guestId: not a passenger of this day's runs"],
      [{ ...tick, runId: runId, clientId: "day-link-bad3" }, "guestId: not a passenger of this run"],
    ] as const) {
      const res = await driver.post(`/api/driver/${token}/boarded`, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toContain(message);
    }
    expect(count(server, "boarding_ticks")).toBe(ticks);
    expect((await driver.post(`/api/driver/${token}/boarded`, tick)).status).toBe(201);
    expect((await driver.post(`/api/driver/${token}/boarded`, tick)).status).toBe(200);
    expect((await admin.get(`/api/shuttle-runs/${otherRunId}/boarding`)).json).toMatchObject({ boarded: 1, missing: 0 });
    expect(query<{ run_id: string; link_id: string }>(server, "select run_id, link_id from boarding_ticks where client_id = ?", "day-link-0001")).toEqual([{ run_id: otherRunId, link_id: linkId }]);
    // A run's link refuses a tick naming another run.
    const runLink = (await admin.post(`/api/shuttle-runs/${runId}/driver-links`, {})).json.token;
    const wrong = await driver.post(`/api/driver/${runLink}/boarded`, { ...tick, runId: otherRunId, clientId: "run-link-bad1" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("runId: not this link's run");
  });

  it("without JavaScript the day's page ticks by its form (run named), once when sent twice; revoked, it is 404", async () => {
    const driver = new Client(server.url);
    const body = new URLSearchParams({ guestId: firstGuest, runId: otherRunId, boarded: "false", clientId: "day-form-0001" });
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: server.url };
    expect((await driver.post(`/driver/${token}`, body, headers)).status).toBe(303);
    expect((await driver.post(`/driver/${token}`, body, headers)).status).toBe(303);
    expect(count(server, "boarding_ticks", "client_id = ?", "day-form-0001")).toBe(1);
    expect((await admin.get(`/api/shuttle-runs/${otherRunId}/boarding`)).json).toMatchObject({ boarded: 0, missing: 1 });
    expect((await admin.request("DELETE", `/api/driver-links/${linkId}`)).json.status).toBe("revoked");
    expect((await new Client(server.url).get(`/api/driver/${token}`)).status).toBe(404);
    expect((await new Client(server.url).get(`/driver/${token}`)).status).toBe(404);
  });
});

describe("day-of messages", () => {
  it("POST /api/shuttle-runs/{id}/messages: mailed on the priority lane, WhatsApp links, on My weekend of that run's party only", async () => {
    const before = count(server, "run_messages");
    const empty = await admin.post(`/api/shuttle-runs/${runId}/messages`, { text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain("Please write the message");
    expect((await admin.post("/api/shuttle-runs/nope/messages", { text: "Hi" })).status).toBe(404);
    expect(count(server, "run_messages")).toBe(before);

    const sent = await admin.post(`/api/shuttle-runs/${runId}/messages`, { text: "The bus waits at exit 3", textPt: "O autocarro espera na saída 3" });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json.whatsapp).toEqual([expect.objectContaining({ name: "The Weekenders", url: expect.stringContaining("https://wa.me/351911111111?text=The%20bus") })]);
    expect(query<{ lane: string }>(server, "select lane from outbox where kind = 'run-message'")).toEqual([{ lane: "priority" }]);
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes("weekenders@example.com") && m.text.includes("exit 3")));
    expect(mail.text).toContain("/my-weekend");
    expect((await guest.get("/api/my-weekend?lang=en")).json.messages).toEqual([expect.objectContaining({ text: "The bus waits at exit 3" })]);
    expect((await guest.get("/api/my-weekend?lang=pt")).json.messages[0].text).toBe("O autocarro espera na saída 3");
    expect((await other.get("/api/my-weekend")).json.messages).toEqual([]);
    expect((await guest.get("/my-weekend?lang=en")).text).toContain("The bus waits at exit 3");
    void otherRunId;
  });
});
