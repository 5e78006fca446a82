import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { makeParty } from "./api-fixtures";

/*
 * Issue 23, items 2 and 3. A mail a guest asks for (the sign-in code, the RSVP
 * confirmation) is in the language of the request that caused it (?lang, then
 * the language cookie, then Accept-Language), through the page or the API,
 * whatever the invitee's stored language. On a page that is the page's
 * language (English when the request states none); through the API a request
 * that states neither English nor Portuguese keeps the stored one, and the
 * host's answer for a party keeps it too. The RSVP deadline is said at the door of /rsvp and
 * /my-rsvp, in the page's language. Mails are read on a real SMTP server.
 */

const PT_CODE = "É válido durante 10 minutos";
const EN_CODE = "valid for 10 minutes";
const PT_CONFIRMED = "Subject: =?UTF-8?Q?A_sua_presen=C3=A7a_est=C3=A1_confirmada";
const EN_CONFIRMED = "Subject: Your RSVP is confirmed";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
let admin: Client;
let n = 0;

/** A party with its own address, stored in `language`. */
async function invitee(language: "en" | "pt") {
  const email = `lang-${++n}-${Date.now()}@example.com`;
  const party = await makeParty(admin, ["adult"], { primaryEmail: email, language });
  return { ...party, email };
}

const mailTo = (email: string) => waitFor(() => smtp.mails.find((m) => m.to.includes(email)));

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: "100", RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).status).toBe(200);
  expect((await admin.patch("/api/event-config", { rsvpDeadline: "2027-05-12" })).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

describe("the sign-in code mail is in the request's language", () => {
  const signInForm = (email: string) => new URLSearchParams({ intent: "sign-in", method: "email", identifier: email });

  it("/rsvp?lang=pt sends Portuguese to an invitee stored in English; Accept-Language en on /my-rsvp (or no language) sends English to one stored in Portuguese", async () => {
    const en = await invitee("en");
    const page = await new Client(server.url).request("POST", "/rsvp?lang=pt", signInForm(en.email));
    expect(page.status).toBe(202);
    const ptMail = await mailTo(en.email);
    expect(ptMail.text).toContain(PT_CODE);
    expect(ptMail.text).not.toContain(EN_CODE);

    const pt = await invitee("pt");
    expect((await new Client(server.url).request("POST", "/my-rsvp", signInForm(pt.email), { "accept-language": "en-GB,en;q=0.9" })).status).toBe(202);
    expect((await mailTo(pt.email)).text).toContain(EN_CODE);

    // A page that states no language is English, and so is its code mail.
    const quiet = await invitee("pt");
    expect((await new Client(server.url).request("POST", "/rsvp", signInForm(quiet.email))).status).toBe(202);
    expect((await mailTo(quiet.email)).text).toContain(EN_CODE);
  });

  it("POST /api/guest-auth follows Accept-Language, then the language cookie; a request stating no language keeps the stored one", async () => {
    const en = await invitee("en");
    const res = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: en.email }, { "accept-language": "pt-PT,pt;q=0.9,en;q=0.5" });
    expect(res.status).toBe(202);
    expect((await mailTo(en.email)).text).toContain(PT_CODE);

    const pt = await invitee("pt");
    const browser = new Client(server.url);
    expect((await browser.get("/rsvp?lang=en")).status).toBe(200); // keeps "en" in the language cookie
    expect((await browser.post("/api/guest-auth", { type: "email", identifier: pt.email }, { "accept-language": "pt" })).status).toBe(202);
    expect((await mailTo(pt.email)).text).toContain(EN_CODE);

    const quiet = await invitee("pt");
    // Node's fetch says "Accept-Language: *": no language stated.
    expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: quiet.email })).status).toBe(202);
    expect((await mailTo(quiet.email)).text).toContain(PT_CODE);
  });
});

describe("the RSVP confirmation is in the request's language", () => {
  async function signedIn(code: string) {
    const c = new Client(server.url);
    expect((await c.post("/api/party-auth", { authCode: code })).status).toBe(200);
    return c;
  }

  it("through the page: /rsvp?lang=pt for an invitee stored in English, Accept-Language en or no language stated for one stored in Portuguese", async () => {
    const en = await invitee("en");
    const res = await (await signedIn(en.authCode)).request("POST", "/rsvp?lang=pt", new URLSearchParams({ intent: "submit", attending: "yes" }));
    expect(res.status).toBe(302);
    expect((await mailTo(en.email)).raw).toContain(PT_CONFIRMED);

    const pt = await invitee("pt");
    const back = await (await signedIn(pt.authCode)).request("POST", "/rsvp", new URLSearchParams({ intent: "submit", attending: "yes" }), { "accept-language": "en-US" });
    expect(back.status).toBe(302);
    expect((await mailTo(pt.email)).raw).toContain(EN_CONFIRMED);

    // A page that states no language is English, and so is the mail it sends: the language the guest is reading.
    const quiet = await invitee("pt");
    const plain = await (await signedIn(quiet.authCode)).request("POST", "/rsvp", new URLSearchParams({ intent: "submit", attending: "yes" }));
    expect(plain.status).toBe(302);
    expect((await mailTo(quiet.email)).raw).toContain(EN_CONFIRMED);
  });

  it("through POST /api/rsvps: the guest's Accept-Language wins; the host answering keeps the invitee's language", async () => {
    const en = await invitee("en");
    const saved = await (await signedIn(en.authCode)).post("/api/rsvps", { partyId: en.id, attending: true }, { "accept-language": "pt" });
    expect(saved.status, saved.text).toBe(201);
    expect((await mailTo(en.email)).raw).toContain(PT_CONFIRMED);

    const pt = await invitee("pt");
    expect((await (await signedIn(pt.authCode)).post("/api/rsvps", { partyId: pt.id, attending: true }, { "accept-language": "en" })).status).toBe(201);
    expect((await mailTo(pt.email)).raw).toContain(EN_CONFIRMED);

    const byHost = await invitee("en");
    expect((await admin.post("/api/rsvps", { partyId: byHost.id, attending: true }, { "accept-language": "pt" })).status).toBe(201);
    expect((await mailTo(byHost.email)).raw).toContain(EN_CONFIRMED);
  });
});

describe("the RSVP deadline at the door", () => {
  for (const page of ["/rsvp", "/my-rsvp"]) {
    it(`${page}'s sign-in stage says "Please reply by", in English and Portuguese`, async () => {
      const en = await new Client(server.url).get(page);
      expect(en.status).toBe(200);
      expect(en.text).toMatch(/data-testid="deadline"[^>]*>.*?Please reply by 12 May 2027<\/p>/);
      const pt = await new Client(server.url).get(`${page}?lang=pt`);
      expect(pt.text).toMatch(/data-testid="deadline"[^>]*>.*?Por favor, responda até 12 de maio de 2027<\/p>/);
      expect(pt.text).not.toContain("Please reply by");
    });
  }
});
