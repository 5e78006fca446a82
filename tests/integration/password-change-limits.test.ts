// Issue 33, finding 4: a password change checks the current password under the
// sign-in limits, per address (5) and per account (20) in 15 minutes, counted
// before the hash, for POST /api/admin/password and the /admin/account form.
// Rate limits on; TRUST_PROXY=1 so each test speaks as its own client
// (X-Forwarded-For), and a test clock to cross the 15-minute window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../support/clock";
import { Client } from "../support/http";
import { startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";
import { query } from "./api-fixtures";

let server: TestServer;
let owner: Client;
const clock = testClock("password-change-limits");
const GOOD = "lantern-orchard-violet-7";
const NEXT = "quiet-meadow-falcon-92";
const WRONG_CURRENT = "The current password is not right.";
const TOO_MANY = "Too many attempts. Please try again later.";
const from = (address: string) => ({ "x-forwarded-for": address });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const formHeaders = (address: string) => ({ "content-type": "application/x-www-form-urlencoded", ...from(address) });
const ownerHash = () => query<{ password: string }>(server, "select password from admins")[0]!.password;
const helperHash = (email: string) => query<{ password: string }>(server, "select password from helpers where email = ?", email)[0]!.password;

/** A co-host with password GOOD, signed in from `address`. */
async function coHost(email: string, address: string) {
  const invited = await owner.post("/api/team", { name: "Carla Cohost", email, role: "co-host" }, from("10.9.9.9"));
  expect(invited.status, invited.text).toBe(201);
  const token = new URL(invited.json.inviteUrl).searchParams.get("token")!;
  expect((await new Client(server.url).post("/api/team/accept", { token, password: GOOD }, from("10.9.9.9"))).status).toBe(200);
  const client = new Client(server.url);
  expect((await client.post("/api/admin/login", { email, password: GOOD }, from(address))).status).toBe(200);
  return client;
}

beforeAll(async () => {
  clock.set(Date.now());
  server = await startServer({ env: { NODE_ENV: "test", CONVITE_TEST_CLOCK_FILE: clock.file, TRUST_PROXY: "1" } });
  owner = new Client(server.url);
  expect((await owner.post("/api/admin/login", { password: TEST_ADMIN_PASSWORD }, from("10.9.9.9"))).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  clock.remove();
});

describe("POST /api/admin/password shares the sign-in limits (issue 33)", () => {
  it("the sixth wrong current password from one client in 15 minutes is 429; the right one stays refused until the window passes", async () => {
    const before = ownerHash();
    for (let i = 0; i < 5; i++) {
      const wrong = await owner.post("/api/admin/password", { current: `wrong-${i}`, next: NEXT }, from("10.1.0.1"));
      expect(wrong.status).toBe(401);
      expect(wrong.json.message).toBe(WRONG_CURRENT);
    }
    const sixth = await owner.post("/api/admin/password", { current: "wrong-5", next: NEXT }, from("10.1.0.1"));
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toBe(TOO_MANY);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(800);
    const right = await owner.post("/api/admin/password", { current: TEST_ADMIN_PASSWORD, next: NEXT }, from("10.1.0.1"));
    expect(right.status).toBe(429);
    // The limits are the sign-in's: this client's sign-in is refused too, before the password is looked at.
    expect((await new Client(server.url).post("/api/admin/login", { password: TEST_ADMIN_PASSWORD }, from("10.1.0.1"))).status).toBe(429);
    expect(ownerHash()).toBe(before);
    clock.advance(16);
    const later = await owner.post("/api/admin/password", { current: TEST_ADMIN_PASSWORD, next: NEXT }, from("10.1.0.1"));
    expect(later.status, later.text).toBe(200);
    expect(ownerHash()).not.toBe(before);
    // Put the owner's password back for the tests that follow (the same client: its count was released).
    expect((await owner.post("/api/admin/password", { current: NEXT, next: TEST_ADMIN_PASSWORD }, from("10.1.0.1"))).status).toBe(200);
  });

  it("12 wrong current passwords at once: at most 5 answered 401, the rest 429 (counted before the hash)", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => owner.post("/api/admin/password", { current: `parallel-${i}`, next: NEXT }, from("10.1.0.2"))),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBe(12 - answers.filter((a) => a.status === 401).length);
    clock.advance(16);
  });

  it("the account's limit: 20 wrong current passwords from four clients, then 429 from a fifth, even with the right one", async () => {
    for (const address of ["10.2.0.1", "10.2.0.2", "10.2.0.3", "10.2.0.4"]) {
      for (let i = 0; i < 5; i++) expect((await owner.post("/api/admin/password", { current: `spread-${i}`, next: NEXT }, from(address))).status).toBe(401);
    }
    const fifth = await owner.post("/api/admin/password", { current: TEST_ADMIN_PASSWORD, next: NEXT }, from("10.2.0.5"));
    expect(fifth.status).toBe(429);
    expect((await new Client(server.url).post("/api/admin/login", { password: TEST_ADMIN_PASSWORD }, from("10.2.0.6"))).status).toBe(429);
    clock.advance(16);
    expect((await new Client(server.url).post("/api/admin/login", { password: TEST_ADMIN_PASSWORD }, from("10.2.0.6"))).status).toBe(200);
  });

  it("a weak new password is answered 400 without counting as a guess", async () => {
    for (let i = 0; i < 8; i++) {
      const weak = await owner.post("/api/admin/password", { current: TEST_ADMIN_PASSWORD, next: "short" }, from("10.3.0.1"));
      expect(weak.status).toBe(400);
    }
    expect((await owner.post("/api/admin/password", { current: "wrong", next: NEXT }, from("10.3.0.1"))).status).toBe(401);
    clock.advance(16);
  });
});

describe("the /admin/account form shares the sign-in limits (issue 33)", () => {
  it("a co-host's sixth wrong current password is 429 with the page's message; the right one stays refused until the window passes", async () => {
    const email = "carla@example.com";
    const page = await coHost(email, "10.4.0.1");
    const before = helperHash(email);
    const change = (current: string, address = "10.4.0.1") =>
      page.post("/admin/account", form({ intent: "password", current, next: NEXT }), formHeaders(address));
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`wrong-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain(WRONG_CURRENT);
    }
    const sixth = await change("wrong-5");
    expect(sixth.status).toBe(429);
    expect(sixth.text).toContain(TOO_MANY);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(800);
    const right = await change(GOOD);
    expect(right.status).toBe(429);
    expect(right.text).toContain(TOO_MANY);
    // The helper's own sign-in from that client is refused as well; nothing changed.
    expect((await new Client(server.url).post("/api/admin/login", { email, password: GOOD }, from("10.4.0.1"))).status).toBe(429);
    expect(helperHash(email)).toBe(before);
    clock.advance(16);
    const later = await change(GOOD);
    expect(later.status, later.text.slice(0, 300)).toBe(302);
    expect(helperHash(email)).not.toBe(before);
  });

  it("the helper's account counts across clients: 20 wrong from four, then 429 from a fifth", async () => {
    const email = "dora@example.com";
    const page = await coHost(email, "10.5.0.9");
    const before = helperHash(email);
    for (const address of ["10.5.0.1", "10.5.0.2", "10.5.0.3", "10.5.0.4"]) {
      for (let i = 0; i < 5; i++) {
        expect((await page.post("/admin/account", form({ intent: "password", current: `spread-${i}`, next: NEXT }), formHeaders(address))).status).toBe(400);
      }
    }
    const fifth = await page.post("/admin/account", form({ intent: "password", current: GOOD, next: NEXT }), formHeaders("10.5.0.5"));
    expect(fifth.status).toBe(429);
    expect(helperHash(email)).toBe(before);
    clock.advance(16);
  });
});
