import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../support/clock";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor, type Mail } from "../support/smtp";
import { makeGuest, makeParty } from "./api-fixtures";

/*
 * Issue 15: e-mail sign-in with a one-time code, end to end, with a real SMTP
 * server and a clock the test controls (NODE_ENV=test and
 * CONVITE_TEST_CLOCK_FILE, see app/utils/clock.server.ts).
 */

const tag = randomBytes(3).toString("hex");
const addr = (name: string) => `${name}-${tag}@example.com`;
const clock = testClock(tag);
const advance = clock.advance;

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Client;

const codeOf = (mail: Mail) => /(?:code|acesso): (\d{6})/.exec(mail.text)?.[1] ?? null;
const tokenOf = (mail: Mail) => /email-token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null;

/** Asks for a code and waits for its mail. */
async function requestCode(email: string) {
  const before = smtp.mails.length;
  const res = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: email });
  expect(res.status, res.text).toBe(202);
  const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes(email.toLowerCase())));
  return { mail, code: codeOf(mail)!, token: tokenOf(mail)! };
}

const verify = (c: Client, identifier: string, code: string) => c.post("/api/guest-auth/verify", { identifier, code });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const form = (o: Record<string, string>) => new URLSearchParams(o);

function setLanguage(table: "parties" | "guests", id: string, language: "en" | "pt") {
  const db = new Database(server.dbPath);
  db.pragma("busy_timeout = 5000");
  db.prepare(`update ${table} set language = ? where id = ?`).run(language, id);
  db.close();
}

let party: { id: string; authCode: string };
let solo: { id: string; customCode: string };

beforeAll(async () => {
  clock.set(Date.now());
  smtp = await startSmtp();
  server = await startServer({
    env: { NODE_ENV: "test", CONVITE_TEST_CLOCK_FILE: clock.file, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_DISABLED: "1" },
  });
  admin = await new Client(server.url).loginAdmin();
  expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).json).toMatchObject({ emailCodeRequired: true });
  party = await makeParty(admin, ["adult"], { primaryEmail: addr("party") });
  solo = await makeGuest(admin, { email: addr("solo") });
  setLanguage("guests", solo.id, "pt");
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
  clock.remove();
});

describe("e-mail sign-in with a one-time code (issue 15)", () => {
  it("answers 202 {codeSent:true} alike for an invited and an unknown address; only the invited one gets a mail", async () => {
    const before = smtp.mails.length;
    const known = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("party") });
    const unknown = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("stranger") });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(known.status).toBe(202);
    expect(known.json).toEqual({ codeSent: true });
    expect(known.headers.get("set-cookie")).toBeNull();
    const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes(addr("party"))));
    expect(mail.raw).toMatch(/Subject: Your sign-in code: \d{6}/);
    expect(mail.text).toContain("valid for 10 minutes");
    expect(mail.text).toMatch(new RegExp(`${server.url.replace(/[.:/]/g, "\\$&")}/rsvp\\?email-token=[A-Za-z0-9_-]{40,}`));
    // Nothing of the code or link is stored in the clear.
    const db = new Database(server.dbPath, { readonly: true });
    const rows = db.prepare("select * from email_sign_in_codes").all() as Record<string, unknown>[];
    db.close();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(rows)).not.toContain(codeOf(mail)!);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(mail)!);
    expect(JSON.stringify(rows)).not.toContain(addr("party"));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.some((m) => m.to.includes(addr("stranger")))).toBe(false);
    // A badly formed address is still a 400, with SPEC.md's message.
    expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: "nope" })).status).toBe(400);
  });

  it("the mailed code signs in once, never hands out the invitation code, and a wrong code is 401", async () => {
    advance(16);
    const { code } = await requestCode(addr("party"));
    const c = new Client(server.url);
    const bad = await verify(c, addr("party"), wrong(code));
    expect(bad.status).toBe(401);
    expect(bad.json.message).toMatch(/Code not accepted/);
    const ok = await verify(c, addr("party"), code);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ type: "party", id: party.id });
    expect(ok.text).not.toContain(party.authCode);
    const session = await c.get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.text).not.toContain(party.authCode);
    // Single use.
    expect((await verify(new Client(server.url), addr("party"), code)).status).toBe(401);
  });

  it("expires after 10 minutes (the test's clock), the link as well", async () => {
    advance(16);
    const { code, token } = await requestCode(addr("party"));
    advance(10.5);
    expect((await verify(new Client(server.url), addr("party"), code)).status).toBe(401);
    const link = await new Client(server.url).get(`/rsvp?email-token=${token}`);
    expect(link.status).toBe(401);
    expect(link.text).toContain("Link not accepted");
  });

  it("dies after 5 wrong tries, even for the right code", async () => {
    advance(16);
    const { code } = await requestCode(addr("party"));
    const c = new Client(server.url);
    for (let i = 0; i < 5; i++) expect((await verify(c, addr("party"), wrong(code))).status).toBe(401);
    expect((await verify(c, addr("party"), code)).status).toBe(401);
  });

  it("sends at most 3 codes per address per 15 minutes, unknown addresses alike; only the newest counts", async () => {
    advance(16);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await requestCode(addr("party"))).code);
    for (let i = 0; i < 3; i++) expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("nobody") })).status).toBe(202);
    const known = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("party") });
    const unknown = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("nobody") });
    expect(known.status).toBe(429);
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(Number(known.headers.get("retry-after"))).toBeGreaterThan(0);
    // An older code no longer works once a newer one was sent.
    expect((await verify(new Client(server.url), addr("party"), codes[0]!)).status).toBe(401);
    expect((await verify(new Client(server.url), addr("party"), codes[2]!)).status).toBe(200);
    advance(16);
    expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("party") })).status).toBe(202);
  });

  it("writes in the invitee's language, and the one-click link signs in once", async () => {
    advance(16);
    const { mail, token } = await requestCode(addr("solo"));
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?[QB]\?|Subject: O seu c/);
    expect(mail.text).toContain("É válido durante 10 minutos");
    const c = new Client(server.url);
    const link = await c.get(`/rsvp?email-token=${token}`);
    expect(link.status).toBe(302);
    expect((await c.get("/api/auth/session")).json).toMatchObject({ type: "guest", data: { id: solo.id } });
    expect((await c.get("/api/auth/session")).text).not.toContain(solo.customCode);
    const again = await new Client(server.url).get(`/rsvp?email-token=${token}`, { "accept-language": "pt-PT" });
    expect(again.status).toBe(401);
    expect(again.text).toContain("Link não aceite");
  });

  for (const { page, lang, method, enter, sendNew, wrongText } of [
    { page: "/rsvp", lang: "en-US", method: "email", enter: "Enter the 6-digit code we sent to p...@example.com", sendNew: "Send a new code", wrongText: "Code not accepted" },
    { page: "/my-rsvp", lang: "pt-PT", method: "whatsapp", enter: "Introduza o código de 6 dígitos que enviámos para p...@example.com", sendNew: "Enviar um novo código", wrongText: "Código não aceite" },
  ]) {
    it(`${page} without JavaScript (${lang}): the code step, a wrong code, a new code, then signed in`, async () => {
      advance(24 * 60); // a new day: the earlier tests used up this address's 10 codes of the day (issue 22)
      const h = { "accept-language": lang };
      const c = new Client(server.url);
      const before = smtp.mails.length;
      const step = await c.request("POST", page, form({ intent: "sign-in", method, identifier: addr("party") }), h);
      expect(step.status).toBe(202);
      expect(step.text).toContain(enter);
      expect(step.text).toContain(sendNew);
      expect(step.headers.get("set-cookie")).toBeNull();
      const first = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes(addr("party"))));

      const refused = await c.request("POST", page, form({ intent: "verify-code", method, identifier: addr("party"), code: wrong(codeOf(first)!) }), h);
      expect(refused.status).toBe(401);
      expect(refused.text).toContain(wrongText);
      expect(refused.text).toContain(enter);

      const mid = smtp.mails.length;
      const resent = await c.request("POST", page, form({ intent: "sign-in", method, identifier: addr("party"), resend: "1" }), h);
      expect(resent.status).toBe(202);
      expect(resent.text).toContain(enter);
      const second = await waitFor(() => smtp.mails.slice(mid).find((m) => m.to.includes(addr("party"))));

      const done = await c.request("POST", page, form({ intent: "verify-code", method, identifier: addr("party"), code: codeOf(second)! }), h);
      expect(done.status).toBe(302);
      const mine = await c.get("/my-rsvp", h);
      expect(mine.status).toBe(200);
      expect(mine.text).not.toContain(party.authCode);
    });
  }

  it("an unknown address sees the very same code step", async () => {
    advance(24 * 60);
    const known = await new Client(server.url).request("POST", "/rsvp", form({ intent: "sign-in", method: "email", identifier: `p${addr("x")}` }));
    const unknown = await new Client(server.url).request("POST", "/rsvp", form({ intent: "sign-in", method: "email", identifier: addr("party") }));
    expect(known.status).toBe(unknown.status);
    expect(known.text).toContain("Enter the 6-digit code we sent to p...@example.com");
    expect(unknown.text).toContain("Enter the 6-digit code we sent to p...@example.com");
  });

  it("with emailCodeRequired off (the default), e-mail signs in at once, as before", async () => {
    await admin.patch("/api/auth-settings", { emailCodeRequired: false });
    const res = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: addr("party") });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(party.authCode);
    // Issue 25: a party's reference is its own C40-XXXX (still no sign-in secret).
    expect(res.json.paymentReference).toMatch(/^C40-[2-9A-HJ-NP-Z]{4}$/);
    await admin.patch("/api/auth-settings", { emailCodeRequired: true });
  });
});
