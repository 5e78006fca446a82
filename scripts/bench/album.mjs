// Issue 39's bench: 200 photos (about 500 MB) shared by 5 guests at once
// through POST /api/album/photos, while one client reads the guest pages
// (/album, /my-rsvp) and the server's memory is sampled; then the approved
// album is downloaded as one ZIP, memory sampled again.
//
//   node scripts/bench/album.mjs    (after `npm run build`)
// Knobs: ALBUM_PHOTOS (200), ALBUM_CLIENTS (5), ALBUM_PHOTO_MB (2.5).
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { ensureBuild, signInAdmin, signInParty, startAppServer } from "./lib.mjs";

const PHOTOS = Number(process.env.ALBUM_PHOTOS ?? 200);
const CLIENTS = Number(process.env.ALBUM_CLIENTS ?? 5);
const PHOTO_MB = Number(process.env.ALBUM_PHOTO_MB ?? 2.5);

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
function sampler(pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return { stop: () => (clearInterval(timer), Math.max(peak, rssMb(pid))) };
}
const p = (values, q) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((q / 100) * values.length))] : NaN);

/** A photo-like JPEG of about PHOTO_MB (noise compresses as badly as a real photo). */
async function photo() {
  const side = Math.round(Math.sqrt((PHOTO_MB * 1024 * 1024) / 1.1));
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), "convite-album-bench-"));
const dbPath = join(dir, "app.db");
const server = await startAppServer({ dbPath, dir, env: { RATE_LIMIT_DISABLED: "1", LOG_REQUESTS: "0" } });
try {
  const admin = await signInAdmin(server.url);
  const json = (path, method, body, cookie) =>
    fetch(server.url + path, { method, headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) }).then((r) => r.json());
  const guests = [];
  for (let i = 0; i < CLIENTS; i++) {
    const party = await json("/api/parties", "POST", { name: `Bench family ${i}` }, admin);
    guests.push(await signInParty(server.url, party.authCode));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMb(server.pid);

  // Upload: CLIENTS guests, each its share of the photos, one request after another.
  const upload = sampler(server.pid);
  let sentBytes = 0;
  let refused = 0;
  let uploading = true;
  const latencies = [];
  const reader = (async () => {
    for (let i = 0; uploading; i++) {
      const started = performance.now();
      const res = await fetch(server.url + (i % 2 ? "/album" : "/my-rsvp"), { headers: { cookie: guests[0] } });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  await Promise.all(
    guests.map(async (cookie, c) => {
      for (let i = c; i < PHOTOS; i += CLIENTS) {
        const bytes = await photo();
        const form = new FormData();
        form.append("file", new Blob([bytes], { type: "image/jpeg" }), `IMG_${i}.JPG`);
        const res = await fetch(`${server.url}/api/album/photos`, { method: "POST", headers: { cookie }, body: form });
        if (res.status === 201) sentBytes += bytes.length;
        else refused++;
        await res.arrayBuffer();
      }
    }),
  );
  const uploadMs = performance.now() - started;
  // The copies are made in the background: wait for them, still sampling.
  const db = new Database(dbPath, { readonly: true });
  for (;;) {
    const pending = db.prepare("select count(*) n from album_photos where copies = 'pending'").get().n;
    if (!pending) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  uploading = false;
  await reader;
  const uploadPeak = upload.stop();
  const ids = db.prepare("select id from album_photos").all().map((r) => r.id);
  const failed = db.prepare("select count(*) n from album_photos where copies = 'failed'").get().n;
  db.close();
  for (const id of ids) await json(`/api/album/photos/${id}`, "PATCH", { status: "shown" }, admin);

  // The ZIP, read as fast as it comes.
  await new Promise((r) => setTimeout(r, 1000));
  const beforeZip = rssMb(server.pid);
  const zip = sampler(server.pid);
  const zipStarted = performance.now();
  const res = await fetch(`${server.url}/api/album/download`, { headers: { cookie: guests[0] } });
  let zipBytes = 0;
  for await (const chunk of res.body) zipBytes += chunk.length;
  const zipMs = performance.now() - zipStarted;
  const zipPeak = zip.stop();

  const mb = (n) => `${Math.round(n)} MB`;
  console.log(
    JSON.stringify(
      {
        photos: ids.length,
        refused,
        copiesFailed: failed,
        uploaded: mb(sentBytes / 1024 / 1024),
        uploadSeconds: Math.round(uploadMs / 100) / 10,
        idleRss: mb(idle),
        uploadPeakAboveIdle: mb(uploadPeak - idle),
        guestPages: { requests: latencies.length, p50: Math.round(p(latencies, 50)), p99: Math.round(p(latencies, 99)) },
        zip: { bytes: mb(zipBytes / 1024 / 1024), seconds: Math.round(zipMs / 100) / 10, rssBefore: mb(beforeZip), peakAboveBefore: mb(zipPeak - beforeZip) },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
