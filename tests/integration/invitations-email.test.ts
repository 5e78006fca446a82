import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { decodeQp, startSmtp, waitFor } from "../support/smtp";
import { assignRoom, eventConfigForm, makeGuest, makeParty, makeRoomType, query } from "./api-fixtures";

/*
 * Issue 13: invitations and reminders sent through the outbox to a real SMTP
 * server started here; the link in the mail signs the invitee in.
 */

const FAST = { MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", MAIL_RATE_PER_MINUTE: "6000", MAIL_FROM: "Convite <rsvp@convite.test>" };

type OutboxRow = { id: string; kind: string; status: string; attempts: number; to: string; party_id: string | null; guest_id: string | null };
const outboxOf = (server: TestServer, where = "1 = 1", ...params: unknown[]) =>
  query<OutboxRow>(server, `select * from outbox where ${where} order by created_at`, ...params);

function setConfig(server: TestServer, values: Record<string, unknown>) {
  const db = new Database(server.dbPath);
  for (const [column, value] of Object.entries(values)) db.prepare(`update event_config set ${column} = ?`).run(value);
  db.close();
}

const linkIn = (text: string) => text.match(/https?:\/\/[^\s"<>]+\/rsvp\?code=[A-Za-z0-9_%-]+/)?.[0];

describe("invitations and reminders over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  let admin: Client;
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
    admin = await new Client(server.url).loginAdmin();
    const patched = await admin.patch("/api/event-config", { hostEmail: "host@convite.test" });
    expect(patched.status, patched.text).toBe(200);
    setConfig(server, { rsvp_deadline: "2027-05-12" });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (server) removeDb(server.dbPath);
  });

  it("GET /api/event-config shows the host's e-mail to the admin only", async () => {
    expect((await admin.get("/api/event-config")).json.hostEmail).toBe("host@convite.test");
    const visitor = await new Client(server.url).get("/api/event-config");
    expect(visitor.status).toBe(200);
    expect(visitor.json).not.toHaveProperty("hostEmail");
    expect(visitor.json).not.toHaveProperty("reminderDaysBeforeDeadline");
  });

  it("a Portuguese party gets Portuguese text with the event, the deadline and a link that signs it in", async () => {
    const email = `pt-${Date.now()}@familia.example`;
    const party = await makeParty(admin, ["adult", "adult"], { primaryEmail: email, language: "pt" });
    const started = Date.now();
    const res = await admin.post("/api/invitations", { kind: "invitation", partyIds: [party.id] });
    expect(res.status, res.text).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.json).toEqual({ queued: [{ partyId: party.id, to: email }], skipped: [] });

    const mail = await waitFor(() => mailsTo(email)[0]);
    const text = decodeQp(mail.raw);
    expect(mail.raw).toMatch(/^From: Convite <rsvp@convite\.test>/m);
    expect(mail.raw).toMatch(/^Reply-To: host@convite\.test/m);
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
    expect(text).toContain(`Caro(a) ${party.name},`);
    expect(text).toContain("Adorávamos que celebrasse connosco.");
    expect(text).toContain("Quinta da Videira");
    expect(text).toContain("Por favor responda até 12 de maio de 2027.");
    expect(text).not.toContain("Please reply by");

    const link = linkIn(text)!;
    expect(link).toBe(`${server.url}/rsvp?code=${party.authCode}`.replace("127.0.0.1", new URL(link).hostname));
    const guest = new Client(server.url);
    const opened = await guest.get(new URL(link).pathname + new URL(link).search);
    expect(opened.status).toBe(302);
    const session = await guest.get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ type: "party", data: { id: party.id } });

    const read = (await admin.get(`/api/parties/${party.id}`)).json;
    expect(read).toMatchObject({ language: "pt", invitedVia: "email" });
    expect(read.invitedAt).toBeTruthy();
    expect(read.firstOpenedAt).toBeTruthy();
    await waitFor(() => outboxOf(server, "party_id = ? and status = 'sent'", party.id)[0]);
  });

  it("skips an invitee without an e-mail, with its reason; a party without a primary e-mail is mailed at its members' addresses", async () => {
    const none = await makeParty(admin, ["adult"]);
    const members = await makeParty(admin, []);
    const a = `a-${Date.now()}@example.com`;
    const b = `b-${Date.now()}@example.com`;
    for (const email of [a, b]) {
      const m = await admin.post(`/api/parties/${members.id}/members`, { firstName: "M", lastName: "X", email, ageCategory: "adult" });
      expect(m.status, m.text).toBe(201);
    }
    const res = await admin.post("/api/invitations", { kind: "invitation", partyIds: [none.id, members.id] });
    expect(res.status).toBe(200);
    expect(res.json.skipped).toEqual([{ partyId: none.id, reason: "no-email" }]);
    expect(res.json.queued).toEqual([{ partyId: members.id, to: `${a}, ${b}` }]);
    const mail = await waitFor(() => mailsTo(a)[0]);
    expect(mail.to.sort()).toEqual([a, b].sort());
  });

  it("an individual guest without a code is given one, and the mail's link signs them in", async () => {
    const email = `solo-${Date.now()}@example.com`;
    const guest = await makeGuest(admin, { email, customCode: null });
    const res = await admin.post("/api/invitations", { kind: "invitation", guestIds: [guest.id] });
    expect(res.json.queued).toEqual([{ guestId: guest.id, to: email }]);
    const text = decodeQp((await waitFor(() => mailsTo(email)[0])).raw);
    expect(text).toContain("Dear Solo ");
    expect(text).toContain("Please reply by May 12, 2027.");
    const link = new URL(linkIn(text)!);
    expect(link.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{10}$/);
    const browser = new Client(server.url);
    expect((await browser.get(link.pathname + link.search)).status).toBe(302);
    expect((await browser.get("/api/auth/session")).json).toMatchObject({ type: "guest", data: { id: guest.id } });
  });

  it("a double submit sends one mail; force sends again", async () => {
    const email = `double-${Date.now()}@example.com`;
    const party = await makeParty(admin, ["adult"], { primaryEmail: email });
    const body = { kind: "invitation", partyIds: [party.id] };
    const [one, two] = await Promise.all([admin.post("/api/invitations", body), admin.post("/api/invitations", body)]);
    const results = [one.json, two.json];
    expect(results.flatMap((r) => r.queued)).toHaveLength(1);
    expect(results.flatMap((r) => r.skipped)).toEqual([{ partyId: party.id, reason: "already-sent" }]);
    await waitFor(() => mailsTo(email)[0]);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(email)).toHaveLength(1);

    const forced = await admin.post("/api/invitations", { ...body, force: true });
    expect(forced.json.queued).toHaveLength(1);
    await waitFor(() => mailsTo(email).length === 2);
  });

  it("a reminder lists exactly what is open, and skips an invitee with nothing open", async () => {
    const stamp = Date.now();
    const roomA = await makeRoomType(admin, { name: `Olive Suite ${stamp}` });
    const roomB = await makeRoomType(admin, { name: `Vine Room ${stamp}` });

    const pendingEmail = `pending-${stamp}@example.com`;
    const pending = await makeParty(admin, ["adult"], { primaryEmail: pendingEmail });
    await assignRoom(admin, pending.id, roomA.id, 2);

    const unpaidEmail = `unpaid-${stamp}@example.com`;
    const unpaid = await makeParty(admin, ["adult"], { primaryEmail: unpaidEmail });
    const room = await assignRoom(admin, unpaid.id, roomB.id, 1, { paymentDeadline: "2026-04-30" });
    const signedIn = new Client(server.url);
    await signedIn.post("/api/party-auth", { authCode: unpaid.authCode });
    const rsvp = await signedIn.post("/api/rsvps", { partyId: unpaid.id, attending: true, guestCount: 1, roomConfirmationDecisions: [{ assignmentId: room.id, status: "confirmed" }] });
    expect(rsvp.status, rsvp.text).toBeLessThan(300);

    const doneEmail = `done-${stamp}@example.com`;
    const done = await makeParty(admin, ["adult"], { primaryEmail: doneEmail });
    const doneClient = new Client(server.url);
    await doneClient.post("/api/party-auth", { authCode: done.authCode });
    expect((await doneClient.post("/api/rsvps", { partyId: done.id, attending: false, guestCount: 1 })).status).toBeLessThan(300);

    const res = await admin.post("/api/invitations", { kind: "reminder", partyIds: [pending.id, unpaid.id, done.id] });
    expect(res.status).toBe(200);
    expect(res.json.skipped).toEqual([{ partyId: done.id, reason: "nothing-open" }]);
    expect(res.json.queued.map((q: { partyId: string }) => q.partyId).sort()).toEqual([pending.id, unpaid.id].sort());

    // (An answer through the API also sends its confirmation: pick the reminder.)
    const reminderTo = (address: string) => waitFor(() => mailsTo(address).find((m) => m.raw.includes("Subject: A reminder")));
    const pendingText = decodeQp((await reminderTo(pendingEmail)).raw);
    expect(pendingText).toContain("Your RSVP: we have no answer from you yet.");
    expect(pendingText).toContain(`Rooms to confirm or decline: 2 × Olive Suite ${stamp}`);
    expect(pendingText).not.toContain("not yet paid");

    const unpaidText = decodeQp((await reminderTo(unpaidEmail)).raw);
    expect(unpaidText).not.toContain("no answer from you yet");
    expect(unpaidText).not.toContain("Rooms to confirm or decline");
    expect(unpaidText).toContain(`Confirmed rooms not yet paid: 1 × Vine Room ${stamp} (payment deadline April 30, 2026)`);
    expect(mailsTo(doneEmail).filter((m) => m.raw.includes("Subject: A reminder"))).toHaveLength(0);

    const read = (await admin.get(`/api/parties/${pending.id}`)).json;
    expect(read.remindedAt).toBeTruthy();
    expect(read.invitedAt).toBeNull();
  });

  it("refuses nothing selected or an unknown kind (400), unknown ids (404), and anyone but the admin (401)", async () => {
    expect((await admin.post("/api/invitations", { kind: "invitation" })).status).toBe(400);
    expect((await admin.post("/api/invitations", { kind: "invitation", partyIds: [] })).status).toBe(400);
    const party = await makeParty(admin, ["adult"]);
    expect((await admin.post("/api/invitations", { kind: "party-time", partyIds: [party.id] })).status).toBe(400);
    expect((await admin.post("/api/invitations", { kind: "reminder", partyIds: ["no-such-party"] })).status).toBe(404);
    expect((await admin.post("/api/invitations", { kind: "reminder", guestIds: ["no-such-guest"] })).status).toBe(404);
    expect((await new Client(server.url).post("/api/invitations", { kind: "invitation", partyIds: [party.id] })).status).toBe(401);
    const guest = new Client(server.url);
    await guest.post("/api/party-auth", { authCode: party.authCode });
    expect((await guest.post("/api/invitations", { kind: "invitation", partyIds: [party.id] })).status).toBe(401);
    expect((await guest.get("/api/messages")).status).toBe(401);
  });

  it("the Messages page and GET /api/messages list every mail, newest first, with kind and status", async () => {
    await waitFor(() => outboxOf(server, "status = 'pending'").length === 0);
    const list = (await admin.get("/api/messages")).json as { kind: string; status: string; subject: string; createdAt: string }[];
    expect(list.length).toBeGreaterThan(4);
    expect(list.map((m) => m.createdAt)).toEqual([...list.map((m) => m.createdAt)].sort().reverse());
    expect(new Set(list.map((m) => m.kind))).toEqual(new Set(["invitation", "reminder", "confirmation"]));
    expect(list.every((m) => m.status === "sent")).toBe(true);
    const page = await admin.get("/admin/messages");
    expect(page.status).toBe(200);
    expect(page.text).toContain("You are invited: 40th Birthday Celebration");
    expect(page.text).toContain(">Sent<");
    expect(page.text).not.toContain("SMTP_URL</code> is not set");
  });
});

describe("a failing SMTP server", () => {
  let failing = true;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    smtp = await startSmtp({ failing: () => failing });
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
    admin = await new Client(server.url).loginAdmin();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (server) removeDb(server.dbPath);
  });

  it("shows failed after 5 attempts, then Retry sends it", async () => {
    const email = `fail-${Date.now()}@example.com`;
    const party = await makeParty(admin, ["adult"], { primaryEmail: email });
    expect((await admin.post("/api/invitations", { kind: "invitation", partyIds: [party.id] })).status).toBe(200);

    const failed = await waitFor(() => outboxOf(server, "party_id = ? and status = 'failed'", party.id)[0]);
    expect(failed.attempts).toBe(5);
    const page = await admin.get("/admin/messages");
    expect(page.text).toContain(">Failed<");
    expect(page.text).toContain("Mailbox busy, try later");
    expect(page.text).toContain("Retry<span");
    expect(smtp.mails).toHaveLength(0);

    failing = false;
    const retried = await admin.request("POST", "/admin/messages", new URLSearchParams({ id: failed.id }));
    expect(retried.status).toBe(302);
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(email)));
    expect(mail).toBeTruthy();
    await waitFor(() => outboxOf(server, "id = ? and status = 'sent'", failed.id)[0]);
    expect((await admin.get("/api/messages")).json[0]).toMatchObject({ id: failed.id, status: "sent" });
  });
});

describe("the sender's pace", () => {
  it("sends at most MAIL_RATE_PER_MINUTE mails a minute", async () => {
    const smtp = await startSmtp();
    const server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST, MAIL_RATE_PER_MINUTE: "120" } });
    try {
      const admin = await new Client(server.url).loginAdmin();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await makeParty(admin, ["adult"], { primaryEmail: `pace${i}@example.com` })).id);
      expect((await admin.post("/api/invitations", { kind: "invitation", partyIds: ids })).json.queued).toHaveLength(4);
      await waitFor(() => smtp.mails.length === 4);
      // 120 a minute: one every 500 ms (the first one also opens the connection, so count from the second).
      const at = smtp.mails.map((m) => m.at);
      expect(at[3]! - at[1]!).toBeGreaterThanOrEqual(800);
    } finally {
      await server.stop();
      await smtp.close();
      removeDb(server.dbPath);
    }
  });
});

describe("without SMTP_URL", () => {
  let server: TestServer;
  const form = eventConfigForm;
  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    admin = await new Client(server.url).loginAdmin();
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDb(server.dbPath);
  });

  it("takes each invitee's language through the API, and keeps a signed-in guest's switch of language", async () => {
    const party = await makeParty(admin, ["adult"], { language: "pt" });
    expect((await admin.get(`/api/parties/${party.id}`)).json.language).toBe("pt");
    expect((await admin.patch(`/api/parties/${party.id}`, { language: "en" })).json.language).toBe("en");
    expect((await admin.patch(`/api/parties/${party.id}`, { language: "fr" })).status).toBe(400);
    const guest = await makeGuest(admin, { language: "pt" });
    expect((await admin.get(`/api/guests/${guest.id}`)).json.language).toBe("pt");
    expect((await admin.patch(`/api/guests/${guest.id}`, { notes: "x" })).json.language).toBe("pt");
    expect((await admin.post("/api/guests", { firstName: "A", lastName: "B" })).json.language).toBe("en");

    const browser = new Client(server.url);
    expect((await browser.get(`/rsvp?code=${party.authCode}`)).status).toBe(302);
    const switched = await browser.request("POST", "/lang", new URLSearchParams({ lang: "pt", redirectTo: "/rsvp" }));
    expect(switched.status).toBe(302);
    expect((await admin.get(`/api/parties/${party.id}`)).json.language).toBe("pt");
    // A visitor who is not signed in changes only their own page.
    await new Client(server.url).request("POST", "/lang", new URLSearchParams({ lang: "en", redirectTo: "/" }));
    expect((await admin.get(`/api/parties/${party.id}`)).json.language).toBe("pt");
  });

  it("the Event Configuration page saves the host e-mail and the automatic reminder's days (1 to 60)", async () => {
    const bad = await admin.request("POST", "/admin/event", form({ hostEmail: "not-an-address", reminderDaysBeforeDeadline: "61" }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Please enter a valid email address.");
    expect(bad.text).toContain("Enter a whole number of days from 1 to 60");
    const ok = await admin.request("POST", "/admin/event", form({ hostEmail: "host@example.com", reminderDaysBeforeDeadline: "7" }));
    expect(ok.status).toBe(302);
    expect((await admin.get("/api/event-config")).json).toMatchObject({ hostEmail: "host@example.com", reminderDaysBeforeDeadline: 7 });
    const cleared = await admin.request("POST", "/admin/event", form({ hostEmail: "", reminderDaysBeforeDeadline: "" }));
    expect(cleared.status).toBe(302);
    expect((await admin.get("/api/event-config")).json).toMatchObject({ hostEmail: null, reminderDaysBeforeDeadline: null });
  });

  it("the automatic reminder goes once on its day: a restart neither skips nor repeats it, and the dashboard says so", async () => {
    const party = await makeParty(admin, ["adult"], { primaryEmail: "remind-me@example.com" });
    expect((await admin.get("/admin/dashboard")).text).toContain("Automatic reminder: off");
    // Its day was yesterday (Lisbon), its deadline is still ahead: it is due now, whatever the hour.
    const lisbonToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date());
    const day = (offset: number) => new Date(Date.parse(`${lisbonToday}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    setConfig(server, { rsvp_deadline: day(2), reminder_days_before_deadline: 3 });
    server = await server.restart();
    admin = await new Client(server.url).loginAdmin();
    const reminders = () => outboxOf(server, "kind = 'reminder'");
    await waitFor(() => reminders().some((m) => m.party_id === party.id));
    const sent = reminders().length;
    expect((await admin.get(`/api/parties/${party.id}`)).json.remindedAt).toBeTruthy();
    expect((await admin.get("/admin/dashboard")).text).toMatch(new RegExp(`Automatic reminder: sent .* to ${sent} invitee`));

    server = await server.restart();
    admin = await new Client(server.url).loginAdmin();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(reminders()).toHaveLength(sent);
  });

  it("stores the mails, not sent, and the pages say so", async () => {
    const party = await makeParty(admin, ["adult"], { primaryEmail: "stored@example.com" });
    const res = await admin.post("/api/invitations", { kind: "invitation", partyIds: [party.id] });
    expect(res.json.queued).toHaveLength(1);
    expect(outboxOf(server, "party_id = ?", party.id)).toMatchObject([{ status: "stored", kind: "invitation" }]);
    for (const path of ["/admin/messages", "/admin/invitations"]) {
      const page = await admin.get(path);
      expect(page.text, path).toContain("<code>SMTP_URL</code> is not set");
    }
  });
});
