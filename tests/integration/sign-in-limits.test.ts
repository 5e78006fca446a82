// Issue 22.3 and 22.5: sign-in limits that parallel requests cannot pass, that
// key on the forwarded client behind a trusted proxy (TRUST_PROXY=1, decision
// 057), and a limit on the owner's account that one address cannot exhaust.
// The test is the proxy: every request comes from 127.0.0.1 with the client's
// address in X-Forwarded-For. (Without TRUST_PROXY the header is ignored:
// security-attacks.test.ts.)
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDb, startServer, TEST_ADMIN_PASSWORD, type TestServer } from "../support/server";
import { Client, makeParty, postJson, rawRequest, type Party } from "../stress/lib";

let server: TestServer;
let party: Party;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } }); // rate limits on, as in production
  party = await makeParty(await new Client(server.url).loginAdmin(), 1);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

/** As the proxy sends it: whatever the client wrote, then the address the proxy saw. */
const via = (client: string, spoofed?: string): { localAddress?: string; headers: Record<string, string> } =>
  client.startsWith("127.")
    ? { localAddress: client, headers: {} } // straight to the server: the socket's address counts
    : { headers: { "x-forwarded-for": spoofed ? `${spoofed}, ${client}` : client } };
const adminApi = (client: string, password: string) => postJson(server.url, "/api/admin/login", { password }, via(client));
const adminPage = (client: string, password: string) =>
  rawRequest(server.url, {
    method: "POST",
    path: "/admin",
    body: new URLSearchParams({ password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...via(client).headers },
    localAddress: via(client).localAddress,
  });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
/** Every wrong owner password answered 401 counts against the account's 20 (in 15 minutes). */
let ownerFailures = 0;
const countFailures = (answers: { status: number }[]) => (ownerFailures += answers.filter((a) => a.status === 401).length);

describe("parallel sign-in attempts never get more than the limit's answers (issue 22.3)", () => {
  it("12 wrong admin passwords at once through the API: at most 5 answered 401, the rest 429 with Retry-After", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => adminApi("127.0.0.21", `wrong-password-${i}`)));
    countFailures(answers);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(12 - answers.filter((a) => a.status === 401).length);
    for (const a of limited) expect(Number(a.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("12 wrong admin passwords at once through the login page: at most 5 answered 401, the rest 429 with Retry-After", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => adminPage("127.0.0.22", `wrong-password-${i}`)));
    countFailures(answers);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(12 - answers.filter((a) => a.status === 401).length);
    for (const a of limited) expect(Number(a.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("15 wrong e-mail codes at once: at most 10 answered 401, the rest 429", async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        postJson(server.url, "/api/guest-auth/verify", { identifier: `parallel${i}@example.com`, code: "000000" }, via("127.0.0.23")),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses(answers).filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });
});

describe("behind a trusted proxy, the limits count each forwarded client (TRUST_PROXY=1, issue 22.5)", () => {
  it("10 wrong codes from one client do not lock out another; a forged X-Forwarded-For does not escape", async () => {
    const wrong = [];
    for (let i = 0; i < 10; i++) wrong.push((await postJson(server.url, "/api/party-auth", { authCode: `WRONG-${i}-abcdef` }, via("203.0.113.1"))).status);
    expect(wrong).toEqual(Array(10).fill(404));
    const limited = await postJson(server.url, "/api/party-auth", { authCode: party.authCode }, via("203.0.113.1"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    // What the client writes itself stays left of what the proxy appends.
    expect((await postJson(server.url, "/api/party-auth", { authCode: party.authCode }, via("203.0.113.1", "203.0.113.2"))).status).toBe(429);
    const other = await postJson(server.url, "/api/party-auth", { authCode: party.authCode }, via("203.0.113.2"));
    expect(other.status).toBe(200);
    expect(other.headers["set-cookie"]?.join(";")).toMatch(/__session=/);
  });

  it("5 wrong admin passwords from one client leave the owner able to sign in from another", async () => {
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await adminApi("203.0.113.10", `guess-${i}-password`));
    countFailures(wrong);
    expect(statuses(wrong)).toEqual(Array(5).fill(401));
    expect((await adminApi("203.0.113.10", TEST_ADMIN_PASSWORD)).status).toBe(429);
    const owner = await adminApi("203.0.113.11", TEST_ADMIN_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.headers["set-cookie"]?.join(";")).toMatch(/__session=/);
  });

  it("the owner's account takes 20 wrong passwords in 15 minutes from all addresses together, then 429 everywhere", async () => {
    expect(ownerFailures).toBeLessThan(20);
    // Guesses spread over many addresses, 4 each (under one address's 5).
    let sent = 0;
    let refused: Awaited<ReturnType<typeof adminApi>> | undefined;
    while (!refused && sent < 40) {
      const answer = await adminApi(`192.0.2.${20 + Math.floor(sent / 4)}`, `spread-${sent}-password`);
      sent++;
      if (answer.status === 401) ownerFailures++;
      else refused = answer;
    }
    expect(refused?.status).toBe(429);
    expect(ownerFailures).toBe(20);
    expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(800);
    // Now even the right password from a fresh address waits: the cap holds for all.
    const owner = await adminApi("192.0.2.99", TEST_ADMIN_PASSWORD);
    expect(owner.status).toBe(429);
    expect(owner.headers["set-cookie"]).toBeUndefined();
    expect((await adminPage("192.0.2.100", TEST_ADMIN_PASSWORD)).status).toBe(429);
  });
});

describe("TRUST_PROXY at start", () => {
  it("a value that is neither a count nor a list of IP addresses stops the start with one line naming it", () => {
    for (const bad of ["true", "10.0.0.0/8"]) {
      const run = spawnSync(process.execPath, ["server.js"], {
        env: { ...process.env, TRUST_PROXY: bad, DATABASE_PATH: "tests/.tmp/never.db", PORT: "0" },
        encoding: "utf8",
        timeout: 20_000, // a server that accepted the value would run on
      });
      expect(run.status, bad).toBe(1);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(/Invalid environment variable TRUST_PROXY: must be "0", a number of proxies/);
    }
  });
});
