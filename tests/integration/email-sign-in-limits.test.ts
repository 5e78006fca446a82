import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../support/clock";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { postJson, rawRequest } from "../stress/lib";
import { count, makeParty, query } from "./api-fixtures";

/*
 * Issue 22, item 7: guessing and growth. Per address, 3 codes per 15 minutes
 * with 5 tries each allowed about 1,440 guesses a day; now at most 10 codes
 * and 30 wrong tries per address in any 24 hours, invited or not, and at
 * most 10 code requests per client address in 15 minutes. Rate limits are
 * on (as in production); each request names its client address (all of
 * 127.0.0.0/8 is loopback on Linux), and the server's clock is the test's
 * (NODE_ENV=test, CONVITE_TEST_CLOCK_FILE).
 */

const tag = randomBytes(3).toString("hex");
const addr = (name: string) => `${name}-${tag}@example.com`;
const clock = testClock(`limits-${tag}`);
const advance = clock.advance;

let server: TestServer;
let clients = 0;
/** A fresh client address, so the per-client limits stay out of the way of the per-address ones. */
const nextClient = () => `127.0.${10 + Math.floor(clients / 200)}.${1 + (clients++ % 200)}`;

const ask = (email: string, from = nextClient()) => postJson(server.url, "/api/guest-auth", { type: "email", identifier: email }, { localAddress: from });
const verify = (email: string, code: string, from = nextClient()) =>
  postJson(server.url, "/api/guest-auth/verify", { identifier: email, code }, { localAddress: from });
const pageForm = (path: string, values: Record<string, string>, from = nextClient()) =>
  rawRequest(server.url, {
    method: "POST",
    path,
    body: new URLSearchParams(values).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    localAddress: from,
  });

/** The newest sign-in mail to an address (without SMTP, mail waits in the outbox). */
function lastMail(email: string) {
  const [mail] = query<{ text: string }>(server, `select text from outbox where "to" like ? and kind = 'sign-in-code' order by rowid desc limit 1`, `%${email}%`);
  return { code: /\n(\d{6})\n/.exec(mail!.text)![1]!, token: /email-token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]! };
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const codeRows = () => count(server, "email_sign_in_codes");

beforeAll(async () => {
  clock.set(Date.now());
  server = await startServer({ env: { NODE_ENV: "test", CONVITE_TEST_CLOCK_FILE: clock.file } });
  const admin = await new Client(server.url).loginAdmin();
  expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).status).toBe(200);
  await makeParty(admin, ["adult"], { primaryEmail: addr("daily") });
  await makeParty(admin, ["adult"], { primaryEmail: addr("tries") });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
  clock.remove();
});

describe("one-time e-mail codes: daily caps per address and a limit per client (issue 22)", () => {
  it("sends at most 10 codes per address in 24 hours, invited or not, the same answer for both", async () => {
    const start = clock.now;
    for (let i = 0; i < 10; i++) {
      if (i > 0 && i % 3 === 0) advance(16); // past the 15-minute window of 3
      for (const email of [addr("daily"), addr("daily-stranger")]) expect((await ask(email)).status, `code ${i + 1}`).toBe(202);
    }
    advance(16);
    const rows = codeRows();
    const mails = count(server, "outbox");
    const known = await ask(addr("daily"));
    const unknown = await ask(addr("daily-stranger"));
    expect(known.status).toBe(429);
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(known.json.message).toBe("Too many codes requested for this address today. Please try again tomorrow.");
    // Free again when the first code is a day old.
    const retryAfter = Number(known.headers["retry-after"]);
    expect(Math.abs(retryAfter - (start + 24 * 3600_000 - clock.now) / 1000)).toBeLessThanOrEqual(2);
    // The page says it in the guest's language, and nothing was written.
    const page = await pageForm("/rsvp?lang=pt", { intent: "sign-in", method: "email", identifier: addr("daily") });
    expect(page.status).toBe(429);
    expect(page.text).toContain("Já enviámos 10 códigos para este endereço hoje.");
    expect(codeRows()).toBe(rows);
    expect(count(server, "outbox")).toBe(mails);

    clock.set(start + 24 * 3600_000 + 1000);
    expect((await ask(addr("daily"))).status).toBe(202);
    expect((await ask(addr("daily-stranger"))).status).toBe(202);
  });

  it("allows at most 30 wrong codes per address in 24 hours, invited or not; the right code is refused past that, the one-click link still works", async () => {
    advance(24 * 60);
    const start = clock.now;
    for (let i = 0; i < 6; i++) {
      if (i > 0 && i % 3 === 0) advance(16);
      for (const email of [addr("tries"), addr("tries-stranger")]) {
        expect((await ask(email)).status).toBe(202);
        const from = nextClient(); // 5 failures: under the client's 10
        for (let k = 0; k < 5; k++) expect((await verify(email, "000000", from)).status).toBe(401);
      }
    }
    advance(16);
    expect((await ask(addr("tries"))).status).toBe(202);
    expect((await ask(addr("tries-stranger"))).status).toBe(202);
    const { code, token } = lastMail(addr("tries"));
    const right = await verify(addr("tries"), code);
    const stranger = await verify(addr("tries-stranger"), wrong(code));
    expect(right.status).toBe(429);
    expect([right.status, right.text]).toEqual([stranger.status, stranger.text]);
    expect(right.json.message).toMatch(/^Too many wrong codes for this address today/);
    expect(right.headers["set-cookie"]).toBeUndefined();
    expect(Math.abs(Number(right.headers["retry-after"]) - (start + 24 * 3600_000 - clock.now) / 1000)).toBeLessThanOrEqual(2);
    // The page's code step says so.
    const page = await pageForm("/rsvp", { intent: "verify-code", method: "email", identifier: addr("tries"), code });
    expect(page.status).toBe(429);
    expect(page.text).toContain("too many wrong codes today");
    // The link in the mail is no guess: it signs in.
    const link = await new Client(server.url).get(`/rsvp?email-token=${token}`);
    expect(link.status).toBe(302);
    expect(link.headers.get("set-cookie")).toMatch(/__session=/);
  });

  it("takes at most 10 code requests per client address in 15 minutes (429 with Retry-After), whatever the addresses", async () => {
    advance(24 * 60);
    const client = nextClient();
    for (let i = 0; i < 10; i++) expect((await ask(addr(`many-${i}`), client)).status, `request ${i + 1}`).toBe(202);
    const rows = codeRows();
    const limited = await ask(addr("many-10"), client);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ message: "Too many attempts. Please try again later." });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    const page = await pageForm("/rsvp", { intent: "sign-in", method: "email", identifier: addr("many-11") }, client);
    expect(page.status).toBe(429);
    expect(page.text).toContain("Too many attempts");
    expect(codeRows()).toBe(rows);
    // Another client is not held back.
    expect((await ask(addr("many-10"))).status).toBe(202);
  });
});
