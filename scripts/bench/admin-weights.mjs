// npm run bench:weights: every admin page (and the two guest pages) at full
// size (300 parties / 1,000 guests): HTML bytes before compression and the
// server's CPU per request for one client alone (the mean of 20 requests after
// 3 warm-ups, read from /proc). Run `npm run build` first.
import { cpuMs, ensureBuild, makeDemoDatabase, pickParties, rawRequest, signInAdmin, signInParty, startAppServer } from "./lib.mjs";

const PAGES = (process.env.WEIGHTS_PAGES ?? [
  "/admin/dashboard", "/admin/guests", "/admin/parties", "/admin/invitations", "/admin/rsvps",
  "/admin/activity", "/admin/room-types", "/admin/room-assignments", "/admin/payments",
  "/admin/events", "/admin/event-rsvps", "/admin/messages", "/admin/event", "/admin/auth-settings",
].join(",")).split(",");
const RUNS = Number(process.env.WEIGHTS_RUNS ?? 20);

ensureBuild();
const data = makeDemoDatabase();
const server = await startAppServer({ dbPath: data.dbPath, dir: data.dir, env: { LOG_REQUESTS: "0" } });
try {
  const admin = await signInAdmin(server.url);
  const parties = pickParties(data.dbPath);
  const guest = await signInParty(server.url, parties.myRsvp.code);
  const rows = [];
  const weigh = async (path, cookie) => {
    const headers = { cookie, "accept-encoding": "identity", accept: "text/html" };
    let res;
    for (let i = 0; i < 3; i++) res = await rawRequest(`${server.url}${path}`, { headers });
    const before = cpuMs(server.pid);
    for (let i = 0; i < RUNS; i++) await rawRequest(`${server.url}${path}`, { headers });
    const cpu = (cpuMs(server.pid) - before) / RUNS;
    rows.push({ path, status: res.status, kb: res.body.length / 1024, cpu });
  };
  for (const p of PAGES) await weigh(p, admin);
  for (const p of ["/my-rsvp"]) await weigh(p, guest);
  console.log("| page (300 parties / 1,000 guests) | status | HTML KB | CPU ms/req |\n|---|---:|---:|---:|");
  for (const r of rows) console.log(`| \`${r.path}\` | ${r.status} | ${r.kb.toFixed(1)} | ${r.cpu.toFixed(1)} |`);
} finally {
  await server.stop();
  data.cleanup();
}
