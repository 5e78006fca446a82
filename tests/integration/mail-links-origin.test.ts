// Issue 22.2: a guest's request never decides where a link in a mail points.
// Without PUBLIC_URL, a forged Host on a sign-in code request once mailed the
// guest a link to the attacker's site with the sign-in token in it. Now links
// take PUBLIC_URL, else the address the host last signed in to the admin at,
// else http://localhost:PORT. A real SMTP server reads what the guest reads.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDb, startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { Client, makeParty, openDb, postJson, rawRequest, type Party } from "../stress/lib";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let port: number;
let party: Party;
const email = `origin-${Date.now()}@example.com`;
const FORGED = "attacker.example";

function sql(statement: string) {
  const db = openDb(server, false);
  db.pragma("busy_timeout = 5000");
  db.prepare(statement).run();
  db.close();
}

/** A free port, so the no-address default (http://localhost:PORT) is this very server. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Asks for a sign-in code with a forged Host (API or page form) and returns the mail's link. */
async function codeLinkWithForgedHost(door: "api" | "page") {
  // The address's own limit (3 codes in 15 minutes) is not what this file tests.
  sql("delete from email_sign_in_codes");
  const before = smtp.mails.length;
  const res =
    door === "api"
      ? await postJson(server.url, "/api/guest-auth", { type: "email", identifier: email }, { headers: { host: FORGED } })
      : await rawRequest(server.url, {
          method: "POST",
          path: "/rsvp",
          body: new URLSearchParams({ intent: "sign-in", method: "email", identifier: email }).toString(),
          headers: { host: FORGED, "content-type": "application/x-www-form-urlencoded" },
        });
  expect(res.status, res.text.slice(0, 200)).toBe(202);
  const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes(email)));
  expect(mail.text).not.toContain(FORGED);
  return /(\S+)\/rsvp\?email-token=/.exec(mail.text)?.[1];
}

beforeAll(async () => {
  smtp = await startSmtp();
  port = await freePort();
  server = await startServer({ env: { PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_DISABLED: "1" } });
  const admin = await new Client(server.url).loginAdmin();
  expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).status).toBe(200);
  party = await makeParty(admin, 1, { primaryEmail: email });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

describe("links in mails (issue 22.2)", () => {
  it("warns at start when SMTP is on and PUBLIC_URL is not set", () => {
    expect(server.output()).toMatch(/Warning: SMTP_URL is set but PUBLIC_URL is not\..*Set PUBLIC_URL/);
  });

  it("a guest's code request with a forged Host: the one-click link points where the host signed in (API and page)", async () => {
    expect(await codeLinkWithForgedHost("api")).toBe(server.url);
    expect(await codeLinkWithForgedHost("page")).toBe(server.url);
  });

  it("a guest's RSVP with a forged Host: the confirmation's link points at the real site", async () => {
    const guest = new Client(server.url);
    expect((await guest.post("/api/party-auth", { authCode: party.authCode })).status).toBe(200);
    const before = smtp.mails.length;
    const res = await postJson(server.url, "/api/rsvps", { partyId: party.id, attending: true }, { headers: { host: FORGED, cookie: guest.cookieHeader } });
    expect(res.status, res.text).toBe(201);
    const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes(email)));
    expect(mail.text).toContain(`${server.url}/rsvp?code=${party.authCode}`);
    expect(mail.text).not.toContain(FORGED);
  });

  it("the owner's page sign-in records its address (scheme from the proxy); a failed sign-in records nothing", async () => {
    const signIn = (host: string, password: string) =>
      rawRequest(server.url, {
        method: "POST",
        path: "/admin",
        body: new URLSearchParams({ password }).toString(),
        headers: { host, "x-forwarded-proto": "https", "content-type": "application/x-www-form-urlencoded" },
      });
    expect((await signIn(`convite.test:${port}`, TEST_ADMIN_PASSWORD)).status).toBe(302);
    expect(await codeLinkWithForgedHost("api")).toBe(`https://convite.test:${port}`);
    expect((await signIn(FORGED, "not-the-password")).status).toBe(401);
    expect((await postJson(server.url, "/api/admin/login", { password: "not-the-password" }, { headers: { host: FORGED } })).status).toBe(401);
    expect(await codeLinkWithForgedHost("api")).toBe(`https://convite.test:${port}`);
    // The API sign-in records too.
    expect((await postJson(server.url, "/api/admin/login", { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
    expect(await codeLinkWithForgedHost("page")).toBe(server.url);
  });

  it("before the host has ever signed in, links point at http://localhost:PORT, never at the forged Host", async () => {
    sql("update admins set signed_in_origin = null, signed_in_at = null");
    expect(await codeLinkWithForgedHost("api")).toBe(`http://localhost:${port}`);
  });
});
