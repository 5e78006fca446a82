import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { assignRoom, count, makeEvent, makeGuest, makeParty, makeRoomType, query, signedIn } from "./api-fixtures";

/*
 * Issue 23, item 4: announcements. A fresh database (no demo data) holds
 * exactly the invitees made here, so each audience is checked against a set
 * worked out by hand; mail goes to a real SMTP server.
 */

const FAST = { MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", MAIL_RATE_PER_MINUTE: "6000", MAIL_FROM: "Convite <rsvp@convite.test>" };
const form = (fields: [string, string][]) => new URLSearchParams(fields);
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

function write(server: TestServer, sql: string, ...params: unknown[]) {
  const db = new Database(server.dbPath);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
const now = () => new Date().toISOString();
const answer = (server: TestServer, owner: { partyId?: string; guestId?: string }, attending: boolean) =>
  write(server, "insert into rsvps (id, party_id, guest_id, attending, created_at, updated_at) values (?, ?, ?, ?, ?, ?)", randomBytes(8).toString("hex"), owner.partyId ?? null, owner.guestId ?? null, attending ? 1 : 0, now(), now());
const eventAnswer = (server: TestServer, eventId: string, owner: { partyId?: string; guestId?: string }, attending: boolean) =>
  write(server, "insert into event_rsvps (id, event_id, party_id, guest_id, attending, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)", randomBytes(8).toString("hex"), eventId, owner.partyId ?? null, owner.guestId ?? null, attending ? 1 : 0, now(), now());

describe("announcements", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  let admin: Client;
  const stamp = Date.now();
  const mail = (name: string) => `${name}-${stamp}@example.com`;
  // The invitees (see beforeAll): P = party, G = individual guest.
  const ids: Record<string, string> = {};
  const codes: Record<string, string> = {};
  let eventId = "";
  let otherEventId = "";

  const recipientsOf = (announcementId: string) =>
    query<{ party_id: string | null; guest_id: string | null }>(server, "select party_id, guest_id from announcement_recipients where announcement_id = ?", announcementId)
      .map((r) => r.party_id ?? r.guest_id!)
      .sort();
  const names = (...keys: string[]) => keys.map((k) => ids[k]!).sort();
  const stored = () => ({ announcements: count(server, "announcements"), recipients: count(server, "announcement_recipients"), mails: count(server, "outbox", "kind = 'announcement'") });
  const send = (body: Record<string, unknown>) => admin.post("/api/announcements", body);

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...FAST } });
    admin = await new Client(server.url).loginAdmin();
    const room = await makeRoomType(admin);
    const event = await makeEvent(admin, { title: "Vineyard Walk" });
    eventId = event.id;
    otherEventId = (await makeEvent(admin)).id;

    // P1: attending, English, a confirmed room; one member says yes to the walk (counts for the party).
    const p1 = await makeParty(admin, ["adult", "adult"], { primaryEmail: mail("p1"), language: "en" });
    await assignRoom(admin, p1.id, room.id);
    write(server, "update party_room_assignments set confirmation_status = 'confirmed' where party_id = ?", p1.id);
    answer(server, { partyId: p1.id }, true);
    eventAnswer(server, eventId, { guestId: p1.memberIds[0]! }, true);
    // P2: declined, Portuguese, a pending room (a party that said no is not staying).
    const p2 = await makeParty(admin, ["adult"], { primaryEmail: mail("p2"), language: "pt" });
    await assignRoom(admin, p2.id, room.id);
    answer(server, { partyId: p2.id }, false);
    // P3: no answer, no e-mail (a phone: WhatsApp), a pending room.
    const p3 = await makeParty(admin, ["adult"], { primaryPhone: "+351912000003" });
    await assignRoom(admin, p3.id, room.id);
    // P4: attending, Portuguese, goes to the walk.
    const p4 = await makeParty(admin, ["adult"], { primaryEmail: mail("p4"), language: "pt" });
    answer(server, { partyId: p4.id }, true);
    eventAnswer(server, eventId, { partyId: p4.id }, true);
    // G1: attending, Portuguese, said no to the walk. G2: no answer, says yes to the walk. G3: declined.
    const g1 = await makeGuest(admin, { email: mail("g1"), language: "pt" });
    answer(server, { guestId: g1.id }, true);
    eventAnswer(server, eventId, { guestId: g1.id }, false);
    const g2 = await makeGuest(admin, { email: mail("g2") });
    eventAnswer(server, eventId, { guestId: g2.id }, true);
    const g3 = await makeGuest(admin, { email: mail("g3") });
    answer(server, { guestId: g3.id }, false);

    Object.assign(ids, { p1: p1.id, p2: p2.id, p3: p3.id, p4: p4.id, g1: g1.id, g2: g2.id, g3: g3.id });
    Object.assign(codes, { p1: p1.authCode, p2: p2.authCode, p3: p3.authCode, p4: p4.authCode, g1: g1.customCode, g2: g2.customCode, g3: g3.customCode });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (server) removeDb(server.dbPath);
  });

  it("each audience reaches exactly the hand-computed set", async () => {
    const expected: [Record<string, unknown>, string[]][] = [
      [{ kind: "attending" }, ["p1", "p4", "g1"]],
      [{ kind: "pending" }, ["p3", "g2"]],
      [{ kind: "declined" }, ["p2", "g3"]],
      [{ kind: "rooms" }, ["p1", "p3"]],
      [{ kind: "rooms-confirmed" }, ["p1"]],
      [{ kind: "event", eventId: "" }, ["p1", "p4", "g2"]],
      [{ kind: "chosen", partyIds: ["p2"], guestIds: ["g3"] }, ["p2", "g3"]],
      [{ kind: "all" }, ["p1", "p2", "p3", "p4", "g1", "g2", "g3"]],
    ];
    for (const [audience, keys] of expected) {
      const a = { ...audience } as Record<string, unknown>;
      if (a.kind === "event") a.eventId = eventId;
      if (a.kind === "chosen") {
        a.partyIds = (a.partyIds as string[]).map((k) => ids[k]);
        a.guestIds = (a.guestIds as string[]).map((k) => ids[k]);
      }
      const res = await send({ subject: `To ${String(a.kind)}`, body: "Hello", audience: a });
      expect(res.status, `${String(a.kind)}: ${res.text}`).toBe(201);
      expect(recipientsOf(res.json.id), String(a.kind)).toEqual(names(...keys));
      const noEmail = keys.filter((k) => k === "p3");
      expect(res.json).toEqual({ id: res.json.id, recipients: keys.length, queued: keys.length - noEmail.length, skipped: noEmail.map(() => ({ partyId: ids.p3, reason: "no-email" })) });
    }
    // An audience nobody is in is refused, with nothing stored.
    const before = stored();
    const empty = await send({ subject: "Nobody", body: "x", audience: { kind: "event", eventId: otherEventId } });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("Nobody is in this audience.");
    expect(stored()).toEqual(before);
  });

  it("mails each recipient once, in their language, on the outbox's announcement kind; /my-rsvp and the API show only one's own", async () => {
    const subject = `Shuttle ${stamp}`;
    const res = await send({
      subject,
      body: "The shuttle leaves at 15:00.\nBring a hat: https://example.com/hats",
      subjectPt: `Autocarro ${stamp}`,
      bodyPt: "O autocarro sai às 15:00.",
      audience: { kind: "attending" },
    });
    expect(res.status, res.text).toBe(201);
    const mailsOf = (who: string) => smtp.mails.filter((m) => m.to.includes(mail(who)) && (m.text.includes(subject) || m.text.includes(`Autocarro ${stamp}`)));
    await waitFor(() => mailsOf("p1").length && mailsOf("p4").length && mailsOf("g1").length);
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would have arrived by now
    expect(mailsOf("p1")).toHaveLength(1);
    expect(mailsOf("p1")[0]!.text).toMatch(new RegExp(`^Subject: ${subject}`, "m"));
    expect(mailsOf("p1")[0]!.text).toContain("The shuttle leaves at 15:00.");
    expect(mailsOf("p4")).toHaveLength(1);
    expect(mailsOf("p4")[0]!.text).toContain("O autocarro sai às 15:00.");
    expect(mailsOf("g1")[0]!.text).not.toContain("The shuttle leaves");
    for (const other of ["p2", "g2", "g3"]) expect(mailsOf(other)).toHaveLength(0);
    expect(query(server, "select kind from outbox where subject = ?", subject)).toEqual([{ kind: "announcement" }]);

    // P4 reads it in the page's language; P2 (declined) never sees it.
    const p4 = await signedIn(server, codes.p4!);
    const pagePt = decode((await p4.get("/my-rsvp?lang=pt")).text);
    expect(pagePt).toContain("Notícias do anfitrião");
    expect(pagePt).toContain(`Autocarro ${stamp}`);
    const pageEn = decode((await p4.get("/my-rsvp?lang=en")).text);
    expect(pageEn).toContain("News from the host");
    expect(pageEn).toContain(subject);
    expect(pageEn).toMatch(/<a href="https:\/\/example\.com\/hats" rel="noopener noreferrer" target="_blank"[^>]*>https:\/\/example\.com\/hats<\/a>/);
    const apiPt = await p4.get("/api/my-announcements?lang=pt");
    expect(apiPt.status).toBe(200);
    expect(apiPt.json.items[0]).toEqual({ id: res.json.id, at: expect.any(String), subject: `Autocarro ${stamp}`, body: "O autocarro sai às 15:00." });
    // Without ?lang or a language cookie, the browser's language decides.
    const fresh = await signedIn(server, codes.p4!);
    expect((await fresh.get("/api/my-announcements", { "accept-language": "pt-PT,pt;q=0.9" })).json.items[0].subject).toBe(`Autocarro ${stamp}`);
    expect((await fresh.get("/api/my-announcements", { "accept-language": "en-GB" })).json.items[0].subject).toBe(subject);

    const p2 = await signedIn(server, codes.p2!);
    expect(decode((await p2.get("/my-rsvp")).text)).not.toContain(subject);
    const p2Items = (await p2.get("/api/my-announcements")).json.items as { id: string; subject: string }[];
    expect(p2Items.map((i) => i.id)).not.toContain(res.json.id);
    expect(p2Items.length).toBeGreaterThan(0); // the declined and "all" ones of the first test
    const newestFirst = p2Items.map((i) => i.subject);
    expect(newestFirst[0]).toBe("To all");
  });

  it("a correction changes the page at once and mails again only with resend; a withdrawal hides it; both are logged", async () => {
    const res = await send({ subject: "Dinner", body: "Dinner is in the garden.", audience: { kind: "chosen", partyIds: [ids.p1], guestIds: [ids.g2] } });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    const mailsFor = (subject: string) => smtp.mails.filter((m) => m.text.includes(`Subject: ${subject}`));
    await waitFor(() => mailsFor("Dinner").length === 2);
    const g2 = await signedIn(server, codes.g2!);

    const quiet = await admin.patch(`/api/announcements/${id}`, { body: "Dinner is on the terrace." });
    expect(quiet.status, quiet.text).toBe(200);
    expect(quiet.json).toMatchObject({ announcement: { id, body: "Dinner is on the terrace." }, queued: 0 });
    expect((await g2.get("/api/my-announcements")).json.items[0]).toMatchObject({ id, body: "Dinner is on the terrace." });
    await new Promise((r) => setTimeout(r, 300));
    expect(count(server, "outbox", "subject like '%Dinner%'")).toBe(2);

    const loud = await admin.patch(`/api/announcements/${id}`, { subject: "Dinner moves", resend: true });
    expect(loud.status).toBe(200);
    expect(loud.json).toMatchObject({ queued: 2, skipped: [] });
    const corrected = await waitFor(() => mailsFor("Correction: Dinner moves").length === 2 && mailsFor("Correction: Dinner moves"));
    expect(corrected[0]!.text).toContain("Dinner is on the terrace.");

    const gone = await admin.delete(`/api/announcements/${id}`);
    expect(gone.status).toBe(200);
    expect(gone.json.withdrawnAt).toBeTruthy();
    expect((await g2.get("/api/my-announcements")).json.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect(decode((await g2.get("/my-rsvp")).text)).not.toContain("Dinner moves");
    expect((await admin.delete(`/api/announcements/${id}`)).status).toBe(409);
    expect((await admin.patch(`/api/announcements/${id}`, { body: "again" })).status).toBe(409);

    const listed = (await admin.get("/api/announcements")).json.find((a: { id: string }) => a.id === id);
    expect(listed).toMatchObject({ subject: "Dinner moves", recipients: 2, byEmail: 2 });
    const log = (await admin.get("/api/activity?kind=announcement&limit=200")).json as { summary: string }[];
    const summaries = (Array.isArray(log) ? log : (log as unknown as { items: { summary: string }[] }).items).map((a) => a.summary);
    expect(summaries).toContain('Announcement "Dinner" sent to 2 (2 by e-mail)');
    expect(summaries).toContain('Announcement "Dinner moves" corrected, sent again (2 by e-mail)');
    expect(summaries).toContain('Announcement "Dinner moves" withdrawn');
  });

  it("shows a body with <script> and other HTML as text, in the page and the mail", async () => {
    const body = `<script>alert("x")</script>\n<b>bold</b> <a href="javascript:alert(1)">x</a> javascript:alert(2)`;
    const res = await send({ subject: "<img src=x onerror=alert(1)>", body, audience: { kind: "chosen", guestIds: [ids.g3] } });
    expect(res.status).toBe(201);
    const g3 = await signedIn(server, codes.g3!);
    const html = (await g3.get("/my-rsvp")).text;
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toContain("<b>bold</b>");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toMatch(/href="javascript:/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const sent = await waitFor(() => smtp.mails.find((m) => m.to.includes(mail("g3")) && m.text.includes("&lt;b&gt;bold")));
    // The text part is plain text (shown as typed); the HTML part escapes every tag.
    const htmlPart = sent.text.slice(sent.text.indexOf("Content-Type: text/html"));
    expect(htmlPart).not.toContain("<script>alert");
    expect(htmlPart).not.toContain("<img src=x");
    expect(htmlPart).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("refuses every bad input with its status and message, storing and sending nothing", async () => {
    const audience = { kind: "all" };
    const long = "x".repeat(20_001);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ body: "x", audience }, 400, "Subject is required.", "subject"],
      [{ subject: "  ", body: "x", audience }, 400, "Subject is required.", "subject"],
      [{ subject: "x", body: "", audience }, 400, "Body text is required.", "body"],
      [{ subject: "x", audience }, 400, "Body text is required.", "body"],
      [{ subject: long, body: "x", audience }, 400, "Subject is over 20,000 characters.", "subject"],
      [{ subject: "x", body: long, audience }, 400, "Body text is over 20,000 characters.", "body"],
      [{ subject: "x", body: "x", bodyPt: long, audience }, 400, "Portuguese body text (bodyPt) is over 20,000 characters.", "bodyPt"],
      [{ subject: "x", body: "x" }, 400, "audience is required", "audience"],
      [{ subject: "x", body: "x", audience: { kind: "friends" } }, 400, "audience.kind must be one of: all, attending, pending, declined, rooms, rooms-confirmed, event, chosen", "audience.kind"],
      [{ subject: "x", body: "x", audience: { kind: "event" } }, 400, "Choose a side event (audience.eventId).", "audience.eventId"],
      [{ subject: "x", body: "x", audience: { kind: "event", eventId: "no-such-event" } }, 404, "Event not found"],
      [{ subject: "x", body: "x", audience: { kind: "chosen" } }, 400, "Tick at least one party or guest (audience.partyIds or audience.guestIds).", "audience.partyIds"],
      [{ subject: "x", body: "x", audience: { kind: "chosen", partyIds: ["no-such-party"] } }, 404, "Party not found"],
      [{ subject: 5, body: "x", audience }, 400, "Subject is required.", "subject"],
    ];
    const before = stored();
    for (const [body, status, message, field] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(status);
      expect(res.json.message).toBe(message);
      if (field) expect(Object.keys(res.json.errors ?? {})).toContain(field);
    }
    const malformed = await admin.request("POST", "/api/announcements", "{", { "content-type": "application/json" });
    expect(malformed.status).toBe(400);

    const first = (await admin.get("/api/announcements")).json[0] as { id: string; subject: string };
    for (const [patch, message] of [
      [{ subject: "" }, "Subject is required."],
      [{ body: long }, "Body text is over 20,000 characters."],
      [{ resend: "yes" }, "resend must be true or false"],
      [{}, "Nothing to correct: give a new subject or text, or resend: true."],
    ] as const) {
      const res = await admin.patch(`/api/announcements/${first.id}`, patch);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await admin.patch("/api/announcements/nope", { body: "x" })).status).toBe(404);
    expect((await admin.delete("/api/announcements/nope")).status).toBe(404);
    expect(stored()).toEqual(before);
    expect((await admin.get("/api/announcements")).json[0]).toMatchObject({ id: first.id, subject: first.subject });

    // Who may call: the guest reads only with a session; the host's routes are the host's.
    const nobody = new Client(server.url);
    const unauthenticated = await nobody.get("/api/my-announcements");
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.json.message).toBe("No guest session");
    const guest = await signedIn(server, codes.p1!);
    expect((await guest.post("/api/announcements", { subject: "x", body: "x", audience })).status).toBe(401);
    expect((await guest.get("/api/announcements")).status).toBe(401);
    expect((await guest.delete(`/api/announcements/${first.id}`)).status).toBe(401);
    expect(stored()).toEqual(before);
  });

  it("the page works without JavaScript: preview counts and both languages, send, refusals keep what was typed", async () => {
    const page = await admin.get("/admin/announcements");
    expect(page.status).toBe(200);
    expect(page.text).toContain("New announcement");

    const fields: [string, string][] = [
      ["subject", "Pool party"],
      ["body", "Swimsuits!"],
      ["subjectPt", "Festa na piscina"],
      ["bodyPt", ""],
      ["audience.kind", "chosen"],
      ["audience.partyIds", ids.p3!],
      ["audience.guestIds", ids.g1!],
    ];
    const before = stored();
    const preview = await admin.post("/admin/announcements", form([...fields, ["intent", "preview"]]), formHeaders);
    expect(preview.status).toBe(200);
    const shown = decode(preview.text);
    expect(shown).toContain("2 recipients: 1 by e-mail, 1 without an e-mail");
    expect(shown).toContain("Festa na piscina");
    expect(shown.match(/Swimsuits!/g)!.length).toBeGreaterThanOrEqual(2); // the English preview and the Portuguese fallback
    expect(stored()).toEqual(before);

    // Searching posts the form: what was typed stays, the ticked row outside the search stays ticked.
    const p3Name = (await admin.get(`/api/parties/${ids.p3}`)).json.name as string;
    const searched = decode((await admin.post("/admin/announcements", form([...fields.filter(([k]) => k !== "audience.partyIds"), ["q", p3Name], ["intent", "search"]]), formHeaders)).text);
    expect(searched).toContain("1 matching; 1 ticked.");
    expect(searched).toMatch(new RegExp(`value="${ids.p3}"`));
    expect(searched).toMatch(new RegExp(`<input[^>]*value="${ids.g1}"[^>]*checked=""|<input[^>]*checked=""[^>]*value="${ids.g1}"`));
    expect(searched).toContain('value="Pool party"');
    expect(stored()).toEqual(before);

    const refused = await admin.post("/admin/announcements", form([...fields.filter(([k]) => k !== "subject"), ["intent", "send"]]), formHeaders);
    expect(refused.status).toBe(400);
    expect(decode(refused.text)).toContain("Subject is required.");
    expect(decode(refused.text)).toContain("Festa na piscina"); // what was typed is kept
    expect(stored()).toEqual(before);

    const sent = await admin.post("/admin/announcements", form([...fields, ["intent", "send"]]), formHeaders);
    expect(sent.status).toBe(302);
    const created = (await admin.get("/api/announcements")).json[0] as { id: string; subject: string; noEmail: { partyId: string; phone: string }[] };
    expect(created).toMatchObject({ subject: "Pool party", recipients: 2, byEmail: 1 });
    expect(recipientsOf(created.id)).toEqual(names("p3", "g1"));
    const list = decode((await admin.get("/admin/announcements")).text);
    expect(list).toContain("1 without an e-mail: send on WhatsApp");

    const whatsapp = await admin.post(`/admin/announcements/whatsapp?id=${created.id}`, form([["id", created.id], ["partyId", ids.p3!]]), formHeaders);
    expect(whatsapp.status).toBe(303);
    const wa = new URL(whatsapp.headers.get("location")!);
    expect(wa.origin + wa.pathname).toBe("https://wa.me/351912000003");
    expect(wa.searchParams.get("text")).toContain("Pool party\n\nSwimsuits!");

    // A refused correction comes back in its own form, with the message and what was typed.
    const badFix = await admin.post(`/admin/announcements?edit=${created.id}`, form([["intent", "correct"], ["id", created.id], ["subject", ""], ["body", "Swimsuits and towels"], ["subjectPt", ""], ["bodyPt", ""]]), formHeaders);
    expect(badFix.status).toBe(400);
    expect(decode(badFix.text)).toMatch(/Correct "Pool party"[\s\S]*Subject is required\.[\s\S]*Swimsuits and towels/);
    expect((await admin.get("/api/announcements")).json[0]).toMatchObject({ subject: "Pool party", body: "Swimsuits!" });

    const corrected = await admin.post("/admin/announcements", form([["intent", "correct"], ["id", created.id], ["subject", "Pool party at 4"], ["body", "Swimsuits!"], ["subjectPt", ""], ["bodyPt", ""]]), formHeaders);
    expect(corrected.status).toBe(302);
    const after = (await admin.get("/api/announcements")).json[0];
    expect(after).toMatchObject({ subject: "Pool party at 4", subjectPt: null });
    expect(count(server, "outbox", "subject like '%Pool party at 4%'")).toBe(0);

    const withdrawn = await admin.post("/admin/announcements", form([["intent", "withdraw"], ["id", created.id]]), formHeaders);
    expect(withdrawn.status).toBe(302);
    expect((await admin.get("/api/announcements")).json[0].withdrawnAt).toBeTruthy();
  });
});
