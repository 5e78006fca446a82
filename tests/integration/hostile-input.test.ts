import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { count, makeGuest, makeParty, signedIn } from "./api-fixtures";

/*
 * Issue 22, item 1: one request froze the server. The e-mail pattern
 * backtracked quadratically and zod ran it on text of any length: a POST to
 * /my-rsvp with intent=sign-in, method=whatsapp and "a@" + 40,000 dots + "@"
 * took 2.6 s while /healthz waited. Each door that takes an identifier or an
 * e-mail gets that payload here, with a GET /healthz sent just after it; both
 * answers must come back fast. The issue asks for 50 ms; on a shared 2-core
 * CI machine the assertion is 200 ms (the fixed server answers in a few ms,
 * the old one in about a second on this machine, so the margin is wide).
 */

const HOSTILE = `a@${".".repeat(40_000)}@`;
const LIMIT_MS = 200;

let server: TestServer;
let admin: Client;
let party: Awaited<ReturnType<typeof makeParty>>;
let guest: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.url).loginAdmin();
  party = await makeParty(admin, ["adult", "adult"], { primaryEmail: "hostile-party@example.com" });
  await makeGuest(admin, { email: "hostile-solo@example.com" });
  guest = await signedIn(server, party.authCode);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

const form = (values: Record<string, string>) => new URLSearchParams(values);

/** Sends the request, and GET /healthz a moment later; the status and milliseconds of each. */
async function withHealthz(send: () => Promise<{ status: number; text: string }>) {
  const start = performance.now();
  const hostile = send().then((r) => ({ ...r, ms: performance.now() - start }));
  await new Promise((r) => setTimeout(r, 2));
  const healthStart = performance.now();
  const health = new Client(server.url).get("/healthz").then((r) => ({ status: r.status, ms: performance.now() - healthStart }));
  const [a, h] = await Promise.all([hostile, health]);
  return { status: a.status, text: a.text, ms: a.ms, healthStatus: h.status, healthMs: h.ms };
}

/** A door: its name, the request, and who sends it (nobody by default; the clients exist only once beforeAll ran). */
type Door = [string, (c: Client) => Promise<{ status: number; text: string }>, ("guest" | "admin")?];
const doors = (): Door[] => [
  ["/rsvp sign-in by code", (c) => c.post("/rsvp", form({ intent: "sign-in", method: "code", identifier: HOSTILE }))],
  ["/rsvp sign-in by e-mail", (c) => c.post("/rsvp", form({ intent: "sign-in", method: "email", identifier: HOSTILE }))],
  ["/rsvp sign-in by phone", (c) => c.post("/rsvp", form({ intent: "sign-in", method: "phone", identifier: HOSTILE }))],
  ["/rsvp code step", (c) => c.post("/rsvp", form({ intent: "verify-code", method: "email", identifier: HOSTILE, code: "123456" }))],
  ["/my-rsvp sign-in by WhatsApp", (c) => c.post("/my-rsvp", form({ intent: "sign-in", method: "whatsapp", identifier: HOSTILE }))],
  ["/my-rsvp sign-in by code", (c) => c.post("/my-rsvp", form({ intent: "sign-in", method: "code", identifier: HOSTILE }))],
  ["POST /api/guest-auth (email)", (c) => c.post("/api/guest-auth", { type: "email", identifier: HOSTILE })],
  ["POST /api/guest-auth (phone)", (c) => c.post("/api/guest-auth", { type: "phone", identifier: HOSTILE })],
  ["POST /api/guest-auth (code)", (c) => c.post("/api/guest-auth", { type: "code", identifier: HOSTILE })],
  ["POST /api/party-auth", (c) => c.post("/api/party-auth", { authCode: HOSTILE })],
  ["POST /api/guest-auth/verify", (c) => c.post("/api/guest-auth/verify", { identifier: HOSTILE, code: "123456" })],
  [
    "the RSVP form's member dialog (new member)",
    (c) => c.post("/rsvp", form({ intent: "member-save:new", memberFirstName: "A", memberLastName: "B", memberAgeCategory: "adult", memberEmail: HOSTILE })),
    "guest",
  ],
  [
    "the RSVP form's member dialog (a member)",
    (c) =>
      c.post("/rsvp", form({ intent: `member-save:${party.memberIds[0]}`, memberFirstName: "A", memberLastName: "B", memberAgeCategory: "adult", memberEmail: HOSTILE })),
    "guest",
  ],
  ["POST /api/parties/:id/members (guest)", (c) => c.post(`/api/parties/${party.id}/members`, { firstName: "A", lastName: "B", email: HOSTILE }), "guest"],
  ["PATCH /api/guests/:member (guest)", (c) => c.patch(`/api/guests/${party.memberIds[0]}`, { email: HOSTILE }), "guest"],
  ["POST /api/guests (admin)", (c) => c.post("/api/guests", { firstName: "A", lastName: "B", email: HOSTILE }), "admin"],
  ["PATCH /api/parties/:id (admin)", (c) => c.patch(`/api/parties/${party.id}`, { primaryEmail: HOSTILE }), "admin"],
];

describe("a hostile identifier or e-mail is refused at once, and the server keeps answering (issue 22)", () => {
  it("warms up", async () => {
    // The first request to each page compiles and fills caches: not what is measured.
    await new Client(server.url).get("/rsvp");
    await new Client(server.url).get("/my-rsvp");
    await guest.get("/rsvp");
  });

  for (const emailCodeRequired of [false, true]) {
    describe(`with the one-time e-mail code ${emailCodeRequired ? "on" : "off"}`, () => {
      beforeAll(async () => {
        expect((await admin.patch("/api/auth-settings", { emailCodeRequired })).status).toBe(200);
      });
      for (const [name, send, who] of doors()) {
        it(`${name}: 400 within ${LIMIT_MS} ms, /healthz too, nothing stored`, async () => {
          const members = count(server, "guests");
          const codes = count(server, "email_sign_in_codes");
          const r = await withHealthz(() => send(who === "guest" ? guest : who === "admin" ? admin : new Client(server.url)));
          expect(r.status, r.text.slice(0, 300)).toBe(400);
          expect(r.healthStatus).toBe(200);
          expect(r.ms, `${name} took ${r.ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
          expect(r.healthMs, `/healthz waited ${r.healthMs.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
          expect(count(server, "guests")).toBe(members);
          expect(count(server, "email_sign_in_codes")).toBe(codes);
        });
      }
    });
  }

  it("says what is wrong, in the guest's language", async () => {
    const api = await new Client(server.url).post("/api/guest-auth", { type: "email", identifier: HOSTILE });
    expect(api.json.message).toMatch(/too long/i);
    const page = await new Client(server.url).post("/my-rsvp?lang=pt", form({ intent: "sign-in", method: "whatsapp", identifier: HOSTILE }));
    expect(page.text).toContain("Demasiado longo: no máximo 320 caracteres.");
    const member = await guest.post(`/api/parties/${party.id}/members`, { firstName: "A", lastName: "B", email: HOSTILE });
    expect(member.json.message).toMatch(/320 characters|valid email/);
  });
});
