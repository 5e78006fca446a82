// Issue 7.6: load. autocannon against the production build (node server.js)
// on a demo database of 300 parties / 1,000 guests (scripts/seed-large.mjs):
// the landing page, a signed-in guest loading /my-rsvp, and RSVP submits,
// each at 50 concurrent connections for 20 s. Zero errors, zero non-2xx
// answers, every acknowledged submit stored; req/s and latencies printed.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { Client, figure, query } from "./lib";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const BROWSER = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-GB,en;q=0.9",
  "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
};

let server: TestServer;
let seeded: Record<string, number>;
const results: Array<{ name: string; rps: number; p50: number; p99: number; max: number; requests: number; errors: number; non2xx: number }> = [];

beforeAll(async () => {
  const dir = resolve("tests/.tmp");
  mkdirSync(dir, { recursive: true });
  const dbPath = join(dir, `load-${Date.now()}.db`);
  seeded = JSON.parse(execFileSync(process.execPath, ["scripts/seed-large.mjs", dbPath, "--parties", "300", "--guests", "1000"], { encoding: "utf8" }));
  // As in production, with the request log on (it is part of the cost).
  server = await startServer({ dbPath, env: { LOG_REQUESTS: "1" } });
}, 120_000);
afterAll(async () => server?.stop());

type Cannon = Parameters<typeof autocannon>[0];
async function run(name: string, opts: Partial<Cannon>) {
  // A short warm-up (JIT, caches), not measured.
  await autocannon({ url: server.url, connections: CONNECTIONS, duration: 2, ...opts } as Cannon);
  // A request unanswered after 30 s counts as an error (a shared, busy CI core can stall one for seconds).
  const r = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1, timeout: 30, ...opts } as Cannon);
  const row = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
  results.push(row);
  figure(`load ${name}`, `${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, ${row.requests} requests, ${row.errors} errors, ${row.non2xx} non-2xx`);
  return { row, raw: r };
}

/**
 * One signed-in browser per connection: each connection keeps the session
 * (and body) it was given on its first request (autocannon's per-connection context).
 */
function perConnection(method: "GET" | "POST", path: string, sessions: Array<{ cookie: string; body?: string }>, extra: Record<string, string>) {
  let next = 0;
  return [
    {
      method,
      path,
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        context.session ??= sessions[next++ % sessions.length];
        const s = context.session as (typeof sessions)[number];
        return { ...req, method, path, headers: { ...extra, cookie: s.cookie }, ...(s.body ? { body: s.body } : {}) };
      },
    },
  ];
}

async function signInMany(codes: string[]) {
  const cookies: string[] = [];
  for (const code of codes) {
    const c = new Client(server.url);
    const res = await c.post("/api/party-auth", { authCode: code });
    expect(res.status, res.text).toBe(200);
    cookies.push(c.cookieHeader);
  }
  return cookies;
}

describe(`load: ${CONNECTIONS} connections, ${SECONDS} s each, on ${"300 parties / 1,000 guests"}`, () => {
  it("the seeded database has the size asked for", () => {
    expect(seeded.parties).toBe(300);
    expect(seeded.guests).toBe(1000);
    figure("load: demo database", seeded);
  });

  it("the landing page", async () => {
    const { row } = await run("GET / (landing page)", { headers: BROWSER });
    expect(row.errors).toBe(0);
    expect(row.non2xx).toBe(0);
    expect(row.requests).toBeGreaterThan(0);
  });

  it("a signed-in guest loading /my-rsvp", async () => {
    const parties = query<{ code: string }>(
      server,
      `select p.auth_code code from parties p join rsvps r on r.party_id = p.id
       where exists (select 1 from party_room_assignments a where a.party_id = p.id) order by p.auth_code limit ${CONNECTIONS}`,
    );
    expect(parties.length).toBeGreaterThan(10);
    const cookies = await signInMany(parties.map((p) => p.code));
    const first = new Client(server.url);
    const page = await first.get("/my-rsvp", { cookie: cookies[0]! });
    expect(page.status).toBe(200);
    const { row } = await run("GET /my-rsvp (signed in)", {
      requests: perConnection("GET", "/my-rsvp", cookies.map((cookie) => ({ cookie })), BROWSER),
    } as Partial<Cannon>);
    expect(row.errors).toBe(0);
    expect(row.non2xx).toBe(0);
  });

  it("RSVP submits", async () => {
    // Parties with no room left to decide, so an "attending" answer is valid.
    const parties = query<{ id: string; code: string }>(
      server,
      `select p.id, p.auth_code code from parties p
       where not exists (select 1 from party_room_assignments a where a.party_id = p.id and a.confirmation_status = 'pending')
       order by p.auth_code limit ${CONNECTIONS}`,
    );
    expect(parties.length).toBe(CONNECTIONS);
    const cookies = await signInMany(parties.map((p) => p.code));
    const before = query<{ n: number }>(server, "select count(*) n from rsvps")[0]!.n;
    const sessions = parties.map((p, i) => ({
      cookie: cookies[i]!,
      body: JSON.stringify({ partyId: p.id, attending: true, dietaryRestrictions: "none", messageToHost: `load ${i}` }),
    }));
    const { row } = await run("POST /api/rsvps", {
      requests: perConnection("POST", "/api/rsvps", sessions, { "content-type": "application/json", origin: server.url }),
    } as Partial<Cannon>);
    expect(row.errors).toBe(0);
    expect(row.non2xx).toBe(0);
    // Every party that submitted has exactly one RSVP, with the last answer.
    const stored = query<{ n: number }>(
      server,
      `select count(*) n from rsvps where party_id in (${parties.map(() => "?").join(",")}) and message_to_host like 'load %'`,
      ...parties.map((p) => p.id),
    )[0]!.n;
    expect(stored).toBe(CONNECTIONS);
    const after = query<{ n: number }>(server, "select count(*) n from rsvps")[0]!.n;
    expect(after - before).toBeLessThanOrEqual(CONNECTIONS);
    expect(query(server, "select party_id from rsvps where party_id is not null group by party_id having count(*) > 1")).toEqual([]);
  });

  afterAll(() => {
    console.log(
      [
        `${"scenario".padEnd(28)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"max ms".padStart(9)}${"requests".padStart(10)}${"errors".padStart(8)}${"non-2xx".padStart(9)}`,
        ...results.map(
          (r) =>
            `${r.name.padEnd(28)}${String(r.rps).padStart(8)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.max).padStart(9)}${String(r.requests).padStart(10)}${String(r.errors).padStart(8)}${String(r.non2xx).padStart(9)}`,
        ),
      ].join("\n"),
    );
  });
});
