// Shared by bench.mjs and lighthouse.mjs: make sure a build exists, make a
// temporary database of 300 parties / 1,000 guests, start the production
// server on it (loopback only), sign in as a guest party or the admin.
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { seedDatabase } from "./seed.mjs";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const ADMIN_PASSWORD = "bench-admin-password";

/** The bench measures a production build; it builds one only when there is none. */
export function ensureBuild() {
  if (existsSync(join(root, BUILD_DIR, "server/index.js"))) return;
  console.log(`No build in ./${BUILD_DIR}: running npm run build (BUILD_DIR=${BUILD_DIR})...`);
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  if (r.status !== 0) throw new Error("build failed");
}

/**
 * A fresh data folder under the OS temp dir (same disk as the app here, so the
 * fsyncs of synchronous=FULL are real), seeded with the demo celebration.
 */
export function makeDemoDatabase({ parties = 300, guests = 1000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "convite-bench-"));
  const dbPath = join(dir, "bench.db");
  const counts = seedDatabase(dbPath, { parties, guests });
  return { dir, dbPath, counts, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Parties picked for each scenario, read straight from the seeded file. */
export function pickParties(dbPath) {
  const db = new Database(dbPath, { readonly: true });
  try {
    // Form stage of /rsvp: no RSVP yet (else it redirects to /my-rsvp), no rooms to decide.
    const fresh = db
      .prepare(
        `select p.id, p.auth_code as code from parties p
         where not exists (select 1 from rsvps r where r.party_id = p.id)
           and not exists (select 1 from party_room_assignments a where a.party_id = p.id)
         order by p.auth_code limit 25`,
      )
      .all();
    // /my-rsvp: a party that answered and has rooms, so every card shows.
    const answered = db
      .prepare(
        `select p.id, p.auth_code as code from parties p
         join rsvps r on r.party_id = p.id
         where exists (select 1 from party_room_assignments a where a.party_id = p.id and a.confirmation_status = 'confirmed')
         order by p.auth_code limit 1`,
      )
      .get();
    return { rsvpForm: fresh[0], submitters: fresh.slice(1), myRsvp: answered ?? fresh[0] };
  } finally {
    db.close();
  }
}

/** Starts `node server.js` (production build) on 127.0.0.1 and an OS-chosen port. */
export async function startAppServer({ dbPath, dir, env = {}, nodeArgs = [] }) {
  const logPath = join(dir, "server.log");
  const fd = openSync(logPath, "w");
  // BENCH_SERVER: another server file beside this one (say, an older server.js kept to compare with).
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_SERVER ?? "server.js"], {
    cwd: root,
    stdio: ["ignore", fd, fd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_PATH: dbPath,
      UPLOAD_DIR: join(dir, "uploads"),
      ADMIN_PASSWORD,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      DEMO_DATA: "0",
      ...env,
    },
  });
  closeSync(fd);
  let exited = false;
  child.once("exit", () => (exited = true));
  const started = Date.now();
  for (;;) {
    const out = readFileSync(logPath, "utf8");
    const m = out.match(/listening on (http:\/\/\S+)/);
    if (m) {
      const url = m[1].replace("localhost", "127.0.0.1");
      return {
        url,
        pid: child.pid,
        log: () => readFileSync(logPath, "utf8"),
        stop: () =>
          new Promise((r) => {
            if (exited) return r();
            child.once("exit", () => r());
            child.kill("SIGTERM");
          }),
      };
    }
    if (exited) throw new Error(`server exited:\n${out}`);
    if (Date.now() - started > 30_000) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One raw request over node:http: the body exactly as sent (still compressed). */
export function rawRequest(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolveRes, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolveRes({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const cookiePairs = (setCookie = []) =>
  setCookie
    .map((c) => c.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");

/**
 * A guest party's session cookie: POST /api/party-auth {authCode}; if the API
 * is not there yet, the page /rsvp?code=... (which signs in on the server).
 */
export async function signInParty(base, code) {
  const api = await rawRequest(`${base}/api/party-auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ authCode: code }),
  });
  if (api.status === 200) return cookiePairs(api.headers["set-cookie"]);
  const page = await rawRequest(`${base}/rsvp?code=${encodeURIComponent(code)}`);
  const cookie = cookiePairs(page.headers["set-cookie"]);
  return cookie || null;
}

/** The admin's session cookie: POST /api/admin/login {password}, else the page /admin. */
export async function signInAdmin(base) {
  const api = await rawRequest(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (api.status === 200) return cookiePairs(api.headers["set-cookie"]);
  const page = await rawRequest(`${base}/admin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password: ADMIN_PASSWORD }).toString(),
  });
  return cookiePairs(page.headers["set-cookie"]) || null;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux).
 * Per request, it is a cost that other load on the machine does not inflate
 * the way it inflates latency. Undefined where /proc is not there.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[11], fields[12]: utime, stime in clock ticks (USER_HZ, 100 on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
