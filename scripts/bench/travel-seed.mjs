// Travel at full size (decision 068): on a seeded database (seed.mjs) behind a
// running server, turns travel on, adds two points, gives every party that said
// yes a travel answer through the guests' own API (arriving over three days,
// all leaving on one: the busiest day), then proposes and saves the runs
// through the host's API, as a host would. The server needs
// RATE_LIMIT_DISABLED=1 (one sign-in per party). Returns how many answered.
//
//   node scripts/bench/travel-seed.mjs   (prints /admin/travel's HTML bytes per day)
import Database from "better-sqlite3";
import { rawRequest, signInAdmin, signInParty } from "./lib.mjs";

const form = (fields) => new URLSearchParams(fields).toString();

export async function addTravel(base, adminCookie, dbPath) {
  const admin = { cookie: adminCookie, origin: base };
  const post = async (path, body, type) => {
    const res = await rawRequest(`${base}${path}`, { method: "POST", headers: { ...admin, "content-type": type }, body });
    if (res.status >= 400) throw new Error(`${path}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    return res;
  };
  const settings = { intent: "settings", enabled: "on", windowStart: "2026-06-10", windowEnd: "2026-06-16", bufferMinutes: "45", maxWaitMinutes: "120", seats: "8", leadMinutes: "180" };
  await post("/admin/event/travel", form(settings), "application/x-www-form-urlencoded");
  for (const p of [
    { intent: "point-add", name: "Porto Airport (OPO)", kind: "airport", transfer: "on", driveMinutes: "120" },
    { intent: "point-add", name: "Lisbon Airport (LIS)", kind: "airport", transfer: "on", driveMinutes: "90" },
  ]) await post("/admin/event/travel", form(p), "application/x-www-form-urlencoded");
  const points = JSON.parse((await rawRequest(`${base}/api/travel-points`, { headers: admin })).body.toString());

  const db = new Database(dbPath, { readonly: true });
  const coming = db
    .prepare("select p.id, p.auth_code as code from parties p join rsvps r on r.party_id = p.id where r.attending = 1 order by p.name")
    .all();
  db.close();
  const pad = (n) => String(n).padStart(2, "0");
  let answered = 0;
  for (const [i, p] of coming.entries()) {
    const cookie = await signInParty(base, p.code);
    const point = points[i % points.length].id;
    const body = JSON.stringify({
      arrival: { date: `2026-06-1${1 + (i % 3)}`, time: `${pad(8 + (i % 14))}:${pad((i * 7) % 60)}`, pointId: point, number: `TP${1000 + i}` },
      departure: { date: "2026-06-15", time: `${pad(9 + (i % 12))}:${pad((i * 11) % 60)}`, pointId: point, number: `TP${5000 + i}` },
      transfer: { arrival: true, departure: true, seats: 1 },
    });
    const res = await rawRequest(`${base}/api/my-travel`, { method: "PUT", headers: { cookie, "content-type": "application/json" }, body });
    if (res.status === 200) answered++;
  }
  const proposal = JSON.parse((await post("/api/shuttle-runs/propose", JSON.stringify({ seats: 8 }), "application/json")).body.toString());
  await post("/api/shuttle-runs/apply", JSON.stringify({ runs: proposal.runs }), "application/json");
  return { answered, runs: proposal.runs.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensureBuild, makeDemoDatabase, startAppServer } = await import("./lib.mjs");
  ensureBuild();
  const demo = makeDemoDatabase({ parties: 300, guests: 1000 });
  const app = await startAppServer({ dbPath: demo.dbPath, dir: demo.dir, env: { LOG_REQUESTS: "0", RATE_LIMIT_DISABLED: "1" } });
  try {
    const cookie = await signInAdmin(app.url);
    console.log(await addTravel(app.url, cookie, demo.dbPath));
    const headers = { cookie, "accept-encoding": "identity", accept: "text/html" };
    const first = (await rawRequest(`${app.url}/admin/travel`, { headers })).body.toString();
    const days = [...new Set([...first.matchAll(/href="\/admin\/travel\?day=([\d-]+)"/g)].map((m) => m[1]))];
    for (const day of days) {
      for (let page = 1; ; page++) {
        const res = await rawRequest(`${app.url}/admin/travel?day=${day}${page > 1 ? `&page=${page}` : ""}`, { headers });
        const html = res.body.toString();
        console.log(`/admin/travel?day=${day}${page > 1 ? `&page=${page}` : ""}\t${res.status}\t${(res.body.length / 1024).toFixed(1)} KB`);
        if (!html.includes(`page=${page + 1}`) || page > 5) break;
      }
    }
  } finally {
    await app.stop();
    demo.cleanup();
  }
}
