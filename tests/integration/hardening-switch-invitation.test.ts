// Issue 22, finding 8 (login CSRF): an invite link (or e-mail link) opened by a
// visitor already signed in as another invitee asks first, and only a POST
// switches; a visitor with no session is still signed in at once (SPEC.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { makeGuest, makeParty } from "./api-fixtures";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Client;
let alice: { id: string; authCode: string };
let bruno: { id: string; authCode: string };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
  alice = await makeParty(admin, ["adult"], { name: "Alice Party", primaryEmail: "alice-switch@example.com" });
  bruno = await makeParty(admin, ["adult"], { name: "Bruno Party", primaryEmail: "bruno-switch@example.com" });
  expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (server) removeDb(server.dbPath);
});

const whoIs = async (c: Client) => {
  const { data } = (await c.get("/api/auth/session")).json;
  return { id: data.id as string };
};
const form = (o: Record<string, string>) => new URLSearchParams(o);

async function signedInAs(code: string) {
  const c = new Client(server.url);
  const res = await c.get(`/rsvp?code=${code}`);
  expect(res.status).toBe(302);
  return c;
}

describe("opening another party's invite link while signed in", () => {
  it("asks first, in a page that names both, and the session stays as it was", async () => {
    const c = await signedInAs(alice.authCode);
    const res = await c.get(`/rsvp?code=${bruno.authCode}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("You are signed in as Alice Party. Continue as Bruno Party?");
    expect(res.text).toContain('name="intent" value="switch-invitation"');
    expect(res.text).toContain("Stay as Alice Party");
    expect(await whoIs(c)).toMatchObject({ id: alice.id });
  });

  it("asks in Portuguese on a Portuguese link", async () => {
    const c = await signedInAs(alice.authCode);
    const res = await c.get(`/rsvp?code=${bruno.authCode}&lang=pt`);
    expect(res.text).toContain("Tem sessão iniciada como Alice Party. Continuar como Bruno Party?");
    expect(res.text).toContain('action="/rsvp?lang=pt"');
  });

  it("switches on the POST the page sends (no JavaScript needed)", async () => {
    const c = await signedInAs(alice.authCode);
    const res = await c.post("/rsvp", form({ intent: "switch-invitation", code: bruno.authCode }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/rsvp");
    expect(await whoIs(c)).toMatchObject({ id: bruno.id });
  });

  it("a switch posted from another site is refused and changes nothing", async () => {
    const c = await signedInAs(alice.authCode);
    const res = await c.post("/rsvp", form({ intent: "switch-invitation", code: bruno.authCode }), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await whoIs(c)).toMatchObject({ id: alice.id });
  });

  it("a wrong code in the switch keeps the visitor who they were, with the reason", async () => {
    const c = await signedInAs(alice.authCode);
    const res = await c.post("/rsvp", form({ intent: "switch-invitation", code: "NOT-A-REAL-CODE" }));
    expect(res.status).toBe(302);
    expect(await whoIs(c)).toMatchObject({ id: alice.id });
    const page = await c.get("/rsvp");
    expect([200, 302]).toContain(page.status);
  });

  it("a visitor with no session is still signed in at once, and one's own link just goes on", async () => {
    const fresh = new Client(server.url);
    expect((await fresh.get(`/rsvp?code=${bruno.authCode}`)).status).toBe(302);
    expect(await whoIs(fresh)).toMatchObject({ id: bruno.id });
    const again = await fresh.get(`/rsvp?code=${bruno.authCode}`);
    expect(again.status).toBe(302);
    expect(await whoIs(fresh)).toMatchObject({ id: bruno.id });
  });
});

describe("opening another invitee's e-mail sign-in link while signed in", () => {
  it("asks first without using the link up; the POST then signs in with it", async () => {
    const solo = await makeGuest(admin, { firstName: "Carla", lastName: "Solo", email: "carla-switch@example.com" });
    const before = smtp.mails.length;
    expect((await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: "carla-switch@example.com" })).status).toBe(202);
    const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to.includes("carla-switch@example.com")));
    const token = /email-token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const c = await signedInAs(alice.authCode);
    const asked = await c.get(`/rsvp?email-token=${token}`);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("You are signed in as Alice Party. Continue as Carla Solo?");
    expect(asked.text).toContain(`name="emailToken" value="${token}"`);
    expect(await whoIs(c)).toMatchObject({ id: alice.id });

    const res = await c.post("/rsvp", form({ intent: "switch-invitation", emailToken: token }));
    expect(res.status).toBe(302);
    expect(await whoIs(c)).toMatchObject({ id: solo.id });
    // Used once: the same link cannot switch anyone again.
    const other = await signedInAs(bruno.authCode);
    expect((await other.post("/rsvp", form({ intent: "switch-invitation", emailToken: token }))).status).toBe(302);
    expect(await whoIs(other)).toMatchObject({ id: bruno.id });
  });
});
