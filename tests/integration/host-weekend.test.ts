// Issue 36: what a host met running the weekend, replayed over HTTP on the built server (items 4, 5 and 9).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { mailPart, startSmtp, waitFor } from "../support/smtp";
import { count, makeEvent, makeParty, query, signedIn } from "./api-fixtures";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_BASE_MS: "100", MAIL_POLL_MS: "100", RATE_LIMIT_DISABLED: "1", MAIL_FROM: "Convite <rsvp@convite.test>" },
  });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

const csvLines = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n");

describe("the answers CSV (issue 36.4)", () => {
  it("leaves a question not asked of someone empty, with no apostrophe or dash", async () => {
    const walk = await makeEvent(admin, { title: "Walk" });
    const q = await admin.post("/api/questions", { text: "Walking shoes?", type: "yesno", per: "person", eventId: walk.id });
    expect(q.status, q.text).toBe(201);
    const party = await makeParty(admin, ["adult"], { name: `Not Asked ${Date.now()}` });
    const lines = csvLines((await admin.get(`/admin/answers.csv?q=${encodeURIComponent(party.name)}`)).text);
    const header = lines[0]!.split(",");
    const row = lines.find((l) => l.startsWith(`Member0 ${party.name}`))!.split(",");
    expect(row[header.indexOf("Walking shoes?")]).toBe("");
    expect(lines.join("\n")).not.toContain("'-");
  });
});

describe("retired questions keep their answers for the host (issue 36.9)", () => {
  it("GET /api/answers returns them marked retired, the Questions page counts them under Retired, the CSV keeps the column", async () => {
    const party = await makeParty(admin, ["adult", "adult"], { name: `Retiring ${Date.now()}` });
    const created = await admin.post("/api/questions", { text: "Cheese course", type: "choice", per: "person", choices: [{ label: "Brie" }, { label: "Stilton" }] });
    expect(created.status, created.text).toBe(201);
    const q = created.json as { id: string; choices: Array<{ id: string }> };
    const [brie, stilton] = q.choices.map((c) => c.id) as [string, string];
    const guest = await signedIn(server, party.authCode);
    expect((await guest.post("/api/rsvps", { partyId: party.id, attending: true, guestCount: 2, adultsCount: 2, kidsCount: 0, babiesCount: 0 })).status).toBeLessThan(300);
    const saved = await guest.request("PUT", "/api/answers", {
      partyId: party.id,
      answers: [
        { questionId: q.id, guestId: party.memberIds[0], value: brie },
        { questionId: q.id, guestId: party.memberIds[1], value: stilton },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await admin.patch(`/api/questions/${q.id}`, { retired: true })).status).toBe(200);

    const api = (await admin.get(`/api/answers?questionId=${q.id}`)).json;
    expect(api.items).toHaveLength(2);
    expect(api.items.every((a: { retired: boolean }) => a.retired)).toBe(true);
    expect(api.totals[q.id]).toEqual({ [brie]: 1, [stilton]: 1 });

    const html = (await admin.get("/admin/questions")).text.replace(/<!-- -->/g, "");
    const retiredSection = html.slice(html.indexOf('aria-label="Retired questions"'));
    expect(html).toContain('aria-label="Retired questions"');
    expect(retiredSection).toContain("Cheese course");
    expect(retiredSection).toMatch(/2 answers<\/p>/);
    expect(retiredSection).toMatch(/Brie<\/span>: 1/);
    expect(retiredSection).not.toContain("some no longer apply");

    const lines = csvLines((await admin.get(`/admin/answers.csv?q=${encodeURIComponent(party.name)}`)).text);
    const header = lines[0]!.split(",");
    const column = header.indexOf("Cheese course (retired)");
    expect(column).toBeGreaterThan(2);
    expect(lines.find((l) => l.startsWith(`Member0 ${party.name}`))!.split(",")[column]).toBe("Brie");
    // Still not asked of guests.
    expect((await guest.get("/api/my-questions")).json.questions.map((x: { id: string }) => x.id)).not.toContain(q.id);
    expect(count(server, "answers", "question_id = ?", q.id)).toBe(2);
  });
});

describe("news keeps the host's paragraphs in the mail as received (issue 36.5)", () => {
  it("a blank line is a blank line in the plain text, a <p> per paragraph in HTML, no empty <p>", async () => {
    const email = `paragraphs-${Date.now()}@example.com`;
    const party = await makeParty(admin, ["adult"], { primaryEmail: email, language: "en" });
    const body = "Dear all,\n\nThe shuttle leaves at 15:00.\nBring a hat.\n\n\nSee you soon!";
    const res = await admin.post("/api/announcements", { subject: "Paragraphs", body, audience: { kind: "chosen", partyIds: [party.id], guestIds: [] } });
    expect(res.status, res.text).toBe(201);
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(email)));
    const text = mailPart(mail.raw, "text/plain")!;
    expect(text).toContain("Dear all,\n\nThe shuttle leaves at 15:00.\nBring a hat.\n\nSee you soon!");
    const html = mailPart(mail.raw, "text/html")!;
    expect(html).not.toMatch(/<p[^>]*>\s*<\/p>/);
    const paragraphs = [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
    expect(paragraphs).toContain("Dear all,");
    expect(paragraphs).toContain("The shuttle leaves at 15:00.<br>Bring a hat.");
    expect(paragraphs).toContain("See you soon!");
    expect(query(server, "select id from outbox where kind = 'announcement'").length).toBeGreaterThan(0);
  });
});

describe("the caterer's list says how many have no menu yet (issue 36.11)", () => {
  it("counts those coming whom the menu is asked of, without an answer, by age group, on the page and in the CSV", async () => {
    const dinner = await makeEvent(admin, { title: "Harvest dinner" });
    const created = await admin.post("/api/questions", { text: "Harvest menu", type: "choice", per: "person", eventId: dinner.id, choices: [{ label: "Lamb" }, { label: "Trout" }] });
    expect(created.status, created.text).toBe(201);
    const menu = created.json as { id: string; choices: Array<{ id: string }> };
    const coming = await makeParty(admin, ["adult", "adult", "kid"]);
    const elsewhere = await makeParty(admin, ["adult"]);
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: coming.id, attending: true });
    await admin.post("/api/event-rsvps", { eventId: dinner.id, partyId: elsewhere.id, attending: false });
    const saved = await admin.request("PUT", "/api/answers", { partyId: coming.id, answers: [{ questionId: menu.id, guestId: coming.memberIds[0], value: menu.choices[0]!.id }] });
    expect(saved.status, saved.text).toBe(200);
    const lines = csvLines((await admin.get(`/admin/caterer-list.csv?event=${dinner.id}`)).text);
    expect(lines).toContain("Lamb,1,0,0,1");
    expect(lines).toContain("No answer yet,1,1,0,2");
    const pt = csvLines((await admin.get(`/admin/caterer-list.csv?event=${dinner.id}&lang=pt`)).text);
    expect(pt).toContain("Ainda sem resposta,1,1,0,2");
    const html = (await admin.get(`/admin/caterer-list?event=${dinner.id}`)).text.replace(/<!-- -->/g, "");
    expect(html).toMatch(/No answer yet<\/th><td>1<\/td><td>1<\/td><td>0<\/td><td>2<\/td>/);
  });
});

describe("small frictions a host noticed (issue 36.11)", () => {
  it("each list's share form suggests a label fitting it", async () => {
    const caterer = (await admin.get("/admin/caterer-list?event=main")).text;
    expect(caterer).toContain('placeholder="Caterer (kitchen)"');
    expect(caterer).not.toContain("Hotel reception");
    expect((await admin.get("/admin/rooming-list")).text).toContain('placeholder="Hotel reception"');
    expect((await admin.get("/admin/travel/lists")).text).toContain('placeholder="Transport company"');
  });

  it("the helper's sign-in form comes with the e-mail the invitation was accepted with", async () => {
    const page = (await new Client(server.url).get("/admin?helper=1&email=ana%40example.com")).text;
    expect(page).toMatch(/<input[^>]*type="email"[^>]*value="ana@example.com"|<input[^>]*value="ana@example.com"[^>]*type="email"/);
  });
});

describe("the Messages page filters (issue 36.11)", () => {
  it("finds mails by address or subject, status and kind; an unknown kind or status is no filter", async () => {
    const email = `filter-${Date.now()}@example.com`;
    const party = await makeParty(admin, ["adult"], { primaryEmail: email, language: "en" });
    const sent = await admin.post("/api/announcements", { subject: "Filter me", body: "Hi", audience: { kind: "chosen", partyIds: [party.id], guestIds: [] } });
    expect(sent.status, sent.text).toBe(201);
    await waitFor(() => smtp.mails.find((m) => m.to.includes(email)));
    const page = (path: string) => admin.get(path).then((r) => r.text.replace(/<!-- -->/g, "").replace(/<wbr\/?>/g, ""));
    const found = await page(`/admin/messages?q=${encodeURIComponent(email)}`);
    expect(found).toContain(email);
    expect(found).toContain("The e-mails matching the filters, newest first (1).");
    expect(await page(`/admin/messages?q=Filter+me&kind=announcement`)).toContain(email);
    expect(await page(`/admin/messages?q=${encodeURIComponent(email)}&kind=confirmation`)).toContain("No messages match these filters.");
    expect(await page(`/admin/messages?q=${encodeURIComponent(email)}&status=failed`)).toContain("No messages match these filters.");
    expect(await page(`/admin/messages?q=${encodeURIComponent(email)}&status=nonsense&kind=nonsense`)).toContain(email);
    // A "%" or "_" is a character searched for, not a wildcard.
    expect(await page("/admin/messages?q=%25")).toContain("No messages match these filters.");
  });
});

describe("the party page and the sent news say things apart (issue 36.11)", () => {
  it("the party header puts the phone and the payment reference on lines of their own", async () => {
    const party = await makeParty(admin, ["adult"], { primaryPhone: "+351 912 345 678" });
    const html = (await admin.get(`/admin/parties/${party.id}`)).text.replace(/<!-- -->/g, "");
    expect(html).toMatch(/\+351 ?912 ?345 ?678<\/span><span class="block">Payment reference: /);
  });

  it("a sent announcement lists who got it by e-mail, each address linking to its mails", async () => {
    const email = `who-${Date.now()}@example.com`;
    const party = await makeParty(admin, ["adult"], { primaryEmail: email, name: `Who Got It ${Date.now()}` });
    const sent = await admin.post("/api/announcements", { subject: "Who got it", body: "Hi", audience: { kind: "chosen", partyIds: [party.id], guestIds: [] } });
    expect(sent.status, sent.text).toBe(201);
    const html = (await admin.get("/admin/announcements")).text.replace(/<!-- -->/g, "").replace(/&amp;/g, "&");
    const item = html.slice(html.indexOf(`id="announcement-${sent.json.id}"`));
    expect(item).toContain("1 by e-mail: who");
    expect(item).toContain(party.name);
    expect(item).toContain(`/admin/messages?q=${encodeURIComponent(email)}&kind=announcement`);
    const api = (await admin.get("/api/announcements")).json as Array<{ id: string; emailed: Array<{ partyId: string; emails: string[] }> }>;
    expect(api.find((a) => a.id === sent.json.id)?.emailed).toEqual([{ partyId: party.id, name: party.name, emails: [email] }]);
  });
});
