// node scripts/bench/cpu.mjs: server CPU per request (one at a time, or CPU_CONNECTIONS at once),
// on the bench's database (300 parties / 1,000 guests). Unlike req/s, CPU per
// request hardly moves when other work shares the machine, so this is the
// figure to compare before and after a change on a busy host (issue 28).
//
// Knobs (environment): CPU_REQUESTS (200 per round), CPU_WARMUP (100),
// CPU_CONNECTIONS (1: one request at a time; more: that many at once),
// CPU_ROUNDS (5: the least and the median of that many rounds are printed),
// CPU_JSON=file (the figures as JSON too),
// CPU_ONLY (comma-separated ids: rsvp,my-rsvp,rsvp-link,submit, and the admin pages
// dashboard,guests,parties,payments,rsvps,travel,invitations, signed in as the host),
// CPU_PROF=dir (run the server under --cpu-prof, profile written to dir on exit),
// BENCH_LOG_REQUESTS (0: the request log off; default 1, as in production).
import { writeFileSync } from "node:fs";
import { BUILD_DIR, cpuMs, ensureBuild, makeDemoDatabase, pickParties, rawRequest, signInAdmin, signInParty, startAppServer } from "./lib.mjs";

const N = Number(process.env.CPU_REQUESTS ?? 200);
const WARMUP = Number(process.env.CPU_WARMUP ?? 100);
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? 1);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 5);
const ONLY = process.env.CPU_ONLY ? new Set(process.env.CPU_ONLY.split(",")) : null;
const BROWSER = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-GB,en;q=0.9",
};

ensureBuild();
const demo = makeDemoDatabase({ parties: 300, guests: 1000 });
const picks = pickParties(demo.dbPath);
const nodeArgs = process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
const app = await startAppServer({ dbPath: demo.dbPath, dir: demo.dir, nodeArgs, env: { LOG_REQUESTS: process.env.BENCH_LOG_REQUESTS ?? "1" } });
try {
  const guest = await signInParty(app.url, picks.rsvpForm.code);
  const answered = await signInParty(app.url, picks.myRsvp.code);
  const admin = await signInAdmin(app.url);
  const submitters = [];
  for (const p of picks.submitters.slice(0, 20)) submitters.push({ cookie: await signInParty(app.url, p.code), id: p.id });
  let turn = 0;
  const routes = [
    { id: "rsvp", name: "GET /rsvp (form, signed in)", ok: 200, req: () => [`${app.url}/rsvp`, { headers: { ...BROWSER, cookie: guest } }] },
    { id: "my-rsvp", name: "GET /my-rsvp (signed in)", ok: 200, req: () => [`${app.url}/my-rsvp`, { headers: { ...BROWSER, cookie: answered } }] },
    { id: "rsvp-link", name: "GET /rsvp?code= (sign-in, 302)", ok: 302, req: () => [`${app.url}/rsvp?code=${picks.rsvpForm.code}`, { headers: BROWSER }] },
    {
      id: "submit",
      name: "POST /api/rsvps",
      ok: 200,
      req: () => {
        const s = submitters[turn++ % submitters.length];
        const body = JSON.stringify({ partyId: s.id, attending: true, dietaryRestrictions: "No shellfish", messageToHost: "See you!" });
        return [`${app.url}/api/rsvps`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", cookie: s.cookie }, body }];
      },
    },
    // Issue 28: the host's heaviest admin pages (target 15 ms each, the host alone).
    ...["dashboard", "guests", "parties", "payments", "rsvps", "travel", "invitations"].map((id) => ({
      id,
      name: `GET /admin/${id}`,
      ok: 200,
      req: () => [`${app.url}/admin/${id}`, { headers: { ...BROWSER, cookie: admin } }],
    })),
  ];
  console.log(`Server CPU per request, ${N} requests after ${WARMUP}, ${CONNECTIONS} at a time (build ./${BUILD_DIR})\n`);
  console.log("| route | bytes (as sent) | server CPU ms/req (least) | (median) |\n|---|---:|---:|---:|");
  const results = {};
  for (const r of routes) {
    if (ONLY && !ONLY.has(r.id)) continue;
    let bytes = 0;
    for (let i = 0; i < WARMUP; i++) await rawRequest(...r.req());
    // ROUNDS rounds of N: the least is the figure least inflated by other work on the machine.
    const perRound = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = cpuMs(app.pid);
      // CONNECTIONS at once (default 1: one after another), N in all.
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next++ < N) {
            const res = await rawRequest(...r.req());
            if (res.status !== r.ok && !(r.id === "submit" && res.status === 201)) throw new Error(`${r.name}: ${res.status} ${res.body.toString().slice(0, 200)}`);
            bytes = res.body.length;
          }
        }),
      );
      perRound.push((cpuMs(app.pid) - before) / N);
    }
    perRound.sort((a, b) => a - b);
    const cpu = perRound[0];
    const median = perRound[Math.floor(perRound.length / 2)];
    results[r.id] = { min: cpu, median, bytes };
    console.log(`| ${r.name} | ${bytes.toLocaleString("en-US")} | ${cpu.toFixed(2)} | ${median.toFixed(2)} |`);
  }
  if (process.env.CPU_JSON) writeFileSync(process.env.CPU_JSON, JSON.stringify(results));
} finally {
  await app.stop();
  if (process.env.BENCH_KEEP !== "1") demo.cleanup();
}
