// Issue 39's bench: 200 photos (500 MB) shared by 5 guests at once through
// POST /api/album/photos, while one client reads the guest pages (/album,
// /my-rsvp; first with nothing else going on) and the server's memory (its
// own and its children's: the copies are made by a child process) is
// sampled; then the approved album is downloaded as one ZIP, memory sampled
// again.
//
//   node scripts/bench/album.mjs    (after `npm run build`)
// Knobs: ALBUM_PHOTOS (200), ALBUM_CLIENTS (5), ALBUM_MB (500, all photos together),
// ALBUM_BUILDS (the build folders to compare in one run, say "build-before,build"; default BUILD_DIR),
// ALBUM_QUIET_SECONDS (30: the guest pages read first with nothing else going on, the machine's own noise),
// ALBUM_VIA (form: POST /api/album/photos as the page without JavaScript; tus: resumable uploads as with it).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { basePhotos, copiesDone, uniquePhoto } from "./album-seed.mjs";
import { BUILD_DIR, ensureBuild, root, signInAdmin, signInParty, startAppServer } from "./lib.mjs";

const PHOTOS = Number(process.env.ALBUM_PHOTOS ?? 200);
const CLIENTS = Number(process.env.ALBUM_CLIENTS ?? 5);
const TOTAL_MB = Number(process.env.ALBUM_MB ?? 500);
const BUILDS = (process.env.ALBUM_BUILDS ?? BUILD_DIR).split(",").filter(Boolean);

const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
  } catch {
    return 0; // a child that has just exited
  }
};
const children = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** The server's memory with its child processes'. */
const treeRssMb = (pid) => rssMb(pid) + children(pid).reduce((n, c) => n + treeRssMb(c), 0);
/**
 * The same as the machine spends it: RSS counts a page shared by two
 * processes in each (the copies' child maps the same Node, libvips and sharp
 * as the server: 50 MB counted twice); PSS shares it out between them.
 */
const pssMb = (pid) => {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))[1]) / 1024;
  } catch {
    return 0;
  }
};
const treePssMb = (pid) => pssMb(pid) + children(pid).reduce((n, c) => n + treePssMb(c), 0);
function sampler(pid) {
  let peak = 0;
  let peakOwn = 0;
  let peakPss = 0;
  const sample = () => ((peak = Math.max(peak, treeRssMb(pid))), (peakOwn = Math.max(peakOwn, rssMb(pid))), (peakPss = Math.max(peakPss, treePssMb(pid))));
  const timer = setInterval(sample, 100);
  return { stop: () => (clearInterval(timer), sample(), { peak, peakOwn, peakPss }) };
}
const VIA = process.env.ALBUM_VIA ?? "form";
const TUS_CHUNK = 5 * 1024 * 1024;
const QUIET_SECONDS = Number(process.env.ALBUM_QUIET_SECONDS ?? 30);
const p = (values, q) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((q / 100) * values.length))] : NaN);

// The photos are made before anything is measured (making them during the
// upload took a core from the server): 8 of the size that makes TOTAL_MB.
/** The page without JavaScript: one multipart form a photo. */
async function sendForm(url, cookie, bytes, name) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "image/jpeg" }), name);
  const res = await fetch(`${url}/api/album/photos`, { method: "POST", headers: { cookie }, body: form });
  await res.arrayBuffer();
  return res.status === 201 ? "kept" : res.status;
}

/** The page with JavaScript: a tus upload in 5 MB chunks (tus-js-client's, as /album sets it). */
async function sendTus(url, cookie, bytes, name) {
  const tus = { "tus-resumable": "1.0.0", cookie };
  const created = await fetch(`${url}/api/album/uploads`, {
    method: "POST",
    headers: { ...tus, "upload-length": String(bytes.length), "upload-metadata": `filename ${Buffer.from(name).toString("base64")}` },
  });
  await created.arrayBuffer();
  if (created.status !== 201) return created.status;
  const location = new URL(created.headers.get("location"), url);
  let res;
  for (let offset = 0; offset < bytes.length; offset += TUS_CHUNK) {
    const chunk = bytes.subarray(offset, offset + TUS_CHUNK);
    res = await fetch(location, { method: "PATCH", headers: { ...tus, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" }, body: chunk });
    await res.arrayBuffer();
    if (res.status !== 204) return res.status;
  }
  return res.headers.get("album-photo") ? "kept" : "skipped";
}

/** p50 / p95 / p99 / max of timed requests ({ at, ms }). */
function pages(times) {
  const ms = times.map((t) => t.ms);
  return { requests: ms.length, p50: Math.round(p(ms, 50)), p95: Math.round(p(ms, 95)), p99: Math.round(p(ms, 99)), max: Math.round(Math.max(...ms)) };
}

async function run(buildDir, bases) {
  const dir = mkdtempSync(join(tmpdir(), "convite-album-bench-"));
  const dbPath = join(dir, "app.db");
  const server = await startAppServer({ dbPath, dir, env: { BUILD_DIR: buildDir, RATE_LIMIT_DISABLED: "1", LOG_REQUESTS: "0" } });
  try {
    const admin = await signInAdmin(server.url);
    const json = (path, method, body, cookie) =>
      fetch(server.url + path, { method, headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) }).then((r) => r.json());
    const guests = [];
    for (let i = 0; i < CLIENTS; i++) {
      const party = await json("/api/parties", "POST", { name: `Bench family ${i}` }, admin);
      guests.push(await signInParty(server.url, party.authCode));
    }
    // The guest pages with nothing else on this server, as long: what the machine itself adds to the p99.
    const readPages = async (until) => {
      const times = [];
      for (let i = 0; !until(); i++) {
        const started = performance.now();
        const res = await fetch(server.url + (i % 2 ? "/album" : "/my-rsvp"), { headers: { cookie: guests[0] } });
        await res.arrayBuffer();
        times.push({ at: started, ms: performance.now() - started });
        await new Promise((r) => setTimeout(r, 50));
      }
      return times;
    };
    const quietUntil = performance.now() + QUIET_SECONDS * 1000;
    const quiet = await readPages(() => performance.now() > quietUntil);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = treeRssMb(server.pid);
    const idlePss = treePssMb(server.pid);

    // Upload: CLIENTS guests, each its share of the photos, one request after another.
    const upload = sampler(server.pid);
    let sentBytes = 0;
    let refused = 0;
    let done = false;
    const reading = readPages(() => done);
    const started = performance.now();
    await Promise.all(
      guests.map(async (cookie, c) => {
        for (let i = c; i < PHOTOS; i += CLIENTS) {
          const bytes = uniquePhoto(bases, i);
          if ((await (VIA === "tus" ? sendTus : sendForm)(server.url, cookie, bytes, `IMG_${i}.JPG`)) === "kept") sentBytes += bytes.length;
          else refused++;
        }
      }),
    );
    const uploadMs = performance.now() - started;
    // The copies are made in the background: wait for them, still sampling.
    const failed = await copiesDone(dbPath);
    const copiesMs = performance.now() - started;
    done = true;
    const latencies = await reading;
    const uploadPeak = upload.stop();
    const db = new Database(dbPath, { readonly: true });
    const ids = db.prepare("select id from album_photos").all().map((r) => r.id);
    db.close();
    for (const id of ids) await json(`/api/album/photos/${id}`, "PATCH", { status: "shown" }, admin);

    // The ZIP, read as fast as it comes.
    await new Promise((r) => setTimeout(r, 1000));
    const beforeZip = treeRssMb(server.pid);
    const zip = sampler(server.pid);
    const zipStarted = performance.now();
    const res = await fetch(`${server.url}/api/album/download`, { headers: { cookie: guests[0] } });
    let zipBytes = 0;
    for await (const chunk of res.body) zipBytes += chunk.length;
    const zipMs = performance.now() - zipStarted;
    const zipPeak = zip.stop();

    const mb = (n) => `${Math.round(n)} MB`;
    return {
      build: buildDir,
      via: VIA,
      photos: ids.length,
      refused,
      copiesFailed: failed,
      uploaded: mb(sentBytes / 1024 / 1024),
      uploadSeconds: Math.round(uploadMs / 100) / 10,
      copiesDoneSeconds: Math.round(copiesMs / 100) / 10,
      idleRss: mb(idle),
      uploadPeakAboveIdle: mb(uploadPeak.peak - idle),
      serverProcessPeakAboveIdle: mb(uploadPeak.peakOwn - idle),
      uploadPeakAboveIdlePss: mb(uploadPeak.peakPss - idlePss),
      guestPagesQuiet: pages(quiet),
      guestPages: pages(latencies),
      guestPagesWhileUploading: pages(latencies.filter((l) => l.at < started + uploadMs)),
      guestPagesWhileCopying: pages(latencies.filter((l) => l.at >= started + uploadMs)),
      zip: { bytes: mb(zipBytes / 1024 / 1024), seconds: Math.round(zipMs / 100) / 10, rssBefore: mb(beforeZip), peakAboveBefore: mb(zipPeak.peak - beforeZip) },
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (BUILDS.length === 1 && BUILDS[0] === BUILD_DIR) ensureBuild();
for (const b of BUILDS) if (!existsSync(join(root, b, "server/index.js"))) throw new Error(`no build in ./${b}`);
const bases = await basePhotos({ bytes: (TOTAL_MB * 1024 * 1024) / PHOTOS });
for (const b of BUILDS) console.log(JSON.stringify({ loadAverage: (await import("node:os")).loadavg().map((n) => n.toFixed(1)).join(" "), ...(await run(b, bases)) }, null, 2));
