// Issue 7.7: backups. `npm run backup` (scripts/backup.mjs) runs while the
// server is under write load (RSVP submits and new party members from 20
// concurrent guests); `npm run restore FILE` (scripts/restore.mjs) brings the
// file back into a fresh location; a fresh server started on it has every
// write acknowledged before the backup began, the uploaded photos, and a
// database that passes integrity_check.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { Client, figure, makeParty, openDb, query, signIn, sleep } from "./lib";

const WRITERS = 20;
let server: TestServer;
let restored: TestServer | undefined;
let admin: Client;
let work: string;

function node(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; out: string; err: string }>((done) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => done({ code: code ?? -1, out, err }));
  });
}

beforeAll(async () => {
  work = resolve("tests/.tmp", `backup-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  server = await startServer({ dbPath: join(work, "live", "app.db"), uploadDir: join(work, "live", "uploads") });
  admin = await new Client(server.url).loginAdmin();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await restored?.stop();
});

describe("backup under load, restore into a fresh server", () => {
  it("keeps every write acknowledged before the backup, and the photos", async () => {
    // Photos, so the uploads are part of the backup.
    const form = new FormData();
    for (const color of ["#aa3355", "#33aa55", "#3355aa"]) {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
      form.append("files", new Blob([new Uint8Array(png)], { type: "image/png" }), `${color.slice(1)}.png`);
    }
    const uploaded = await admin.request("POST", "/api/upload/images", form);
    expect(uploaded.status, uploaded.text).toBe(201);
    const photoUrls = uploaded.json.urls as string[];
    const photos = new Map<string, Buffer>();
    for (const url of photoUrls) photos.set(url, Buffer.from(await (await fetch(server.url + url)).arrayBuffer()));
    const roomType = await admin.post("/api/room-types", {
      name: "Backup Suite", location: "Tower", category: "Suite", areaSqM: 40, areaSqFt: 430,
      maxOccupancyAdults: 2, totalUnits: 3, pricePerNight: 500, imageUrls: photoUrls,
    });
    expect(roomType.status, roomType.text).toBe(201);

    // 20 guests writing as fast as they can: RSVP upserts and member inserts, each acknowledged write logged.
    type Ack = { kind: "rsvp" | "member"; partyId: string; value: string; seq: number; at: number };
    const writers = [];
    for (let i = 0; i < WRITERS; i++) {
      const p = await makeParty(admin, 1);
      writers.push({ i, party: p, client: await signIn(server.url, p.authCode), acks: [] as Ack[] });
    }
    let stop = false;
    let failures = 0;
    const loops = writers.map(async (w) => {
      for (let seq = 1; !stop; seq++) {
        const member = seq % 4 === 0;
        const value = `w${w.i}-s${seq}`;
        const res = member
          ? await w.client.post(`/api/parties/${w.party.id}/members`, { firstName: value, lastName: "Backup", ageCategory: "adult" })
          : await w.client.post("/api/rsvps", { partyId: w.party.id, attending: seq % 3 !== 0, messageToHost: value });
        if (res.status >= 300) failures++;
        else w.acks.push({ kind: member ? "member" : "rsvp", partyId: w.party.id, value, seq, at: performance.now() });
      }
    });

    // Under way: at least 100 acknowledged writes (or 20 s) before the backup starts.
    for (let waited = 0; writers.reduce((n, w) => n + w.acks.length, 0) < 100 && waited < 20_000; waited += 100) await sleep(100);
    const backupStarted = performance.now();
    const outDir = join(work, "backups");
    const made = await node(["scripts/backup.mjs", "--out", outDir], { DATABASE_PATH: server.dbPath, UPLOAD_DIR: server.uploadDir });
    const backupEnded = performance.now();
    await sleep(700); // the load goes on after the backup too
    stop = true;
    await Promise.all(loops);
    expect(made.code, made.err).toBe(0);
    const summary = JSON.parse(made.out.trim().split("\n").pop()!);
    expect(existsSync(summary.file)).toBe(true);
    expect(summary.uploads.files).toBeGreaterThanOrEqual(photoUrls.length);

    // The server's folder is in use: restore refuses to overwrite it.
    const refused = await node(["scripts/restore.mjs", summary.file], { DATABASE_PATH: server.dbPath, UPLOAD_DIR: server.uploadDir });
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/stop the server first/);

    // Restore into a fresh place (as on a new machine) and start a server on it.
    const fresh = join(work, "restored");
    const back = await node(["scripts/restore.mjs", summary.file], { DATABASE_PATH: join(fresh, "app.db"), UPLOAD_DIR: join(fresh, "uploads") });
    expect(back.code, back.err).toBe(0);
    const restoredSummary = JSON.parse(back.out.trim().split("\n").pop()!);
    restored = await startServer({ dbPath: join(fresh, "app.db"), uploadDir: join(fresh, "uploads") });

    const db = openDb(restored.dbPath);
    const integrity = db.pragma("integrity_check", { simple: true });
    const rsvpOf = db.prepare("select message_to_host m from rsvps where party_id = ?").pluck();
    const memberNamed = db.prepare("select count(*) from guests where party_id = ? and first_name = ?").pluck();
    let before = 0;
    let foundBefore = 0;
    let after = 0;
    let foundAfter = 0;
    const lost: string[] = [];
    for (const w of writers) {
      const stored = rsvpOf.get(w.party.id) as string | undefined;
      const storedSeq = stored ? Number(stored.split("-s")[1]) : 0;
      for (const a of w.acks) {
        const ackedBeforeBackup = a.at < backupStarted;
        const present = a.kind === "member" ? memberNamed.get(a.partyId, a.value) === 1 : storedSeq >= a.seq;
        if (ackedBeforeBackup) {
          before++;
          if (present) foundBefore++;
          else lost.push(`${a.kind} ${a.value}`);
        } else {
          after++;
          if (present) foundAfter++;
        }
      }
      // A snapshot, not a mix: a writer's RSVP in the backup is one of its acknowledged answers or its last in flight.
      if (stored) expect(w.acks.some((a) => a.value === stored) || storedSeq > (w.acks.at(-1)?.seq ?? 0)).toBe(true);
    }
    db.close();

    // The restored server serves the data and the photos.
    const sample = writers[0]!;
    const guest = await signIn(restored.url, sample.party.authCode);
    const session = await guest.get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.json.data.rsvp).toBeTruthy();
    let photosOk = 0;
    for (const [url, bytes] of photos) {
      const res = await fetch(restored.url + url);
      if (res.status === 200 && Buffer.from(await res.arrayBuffer()).equals(bytes)) photosOk++;
    }
    const restoredAdmin = await new Client(restored.url).loginAdmin();
    const rooms = await restoredAdmin.get("/api/room-types");
    expect(rooms.json.find((r: { name: string }) => r.name === "Backup Suite")?.imageUrls).toEqual(photoUrls);

    figure("backup: writes acknowledged during the run", `${before + after} (${failures} refused)`);
    figure("backup: acknowledged before the backup started", before);
    figure("backup: of those, found after restore", foundBefore);
    figure("backup: lost", before - foundBefore);
    figure("backup: acknowledged while/after it ran (may or may not be in it)", `${after}, ${foundAfter} in the backup`);
    figure("backup: file", `${summary.size} bytes, ${summary.uploads.files} upload files, made in ${Math.round(backupEnded - backupStarted)} ms under load (script ${summary.ms} ms)`);
    figure("backup: restore", `${restoredSummary.uploads.files} upload files, ${photosOk}/${photos.size} photos served byte for byte, integrity_check ${integrity}`);
    expect(integrity).toBe("ok");
    expect(failures).toBe(0);
    expect(before).toBeGreaterThan(50);
    expect(lost.slice(0, 10)).toEqual([]);
    expect(photosOk).toBe(photos.size);
    writeFileSync(join(work, "summary.json"), JSON.stringify({ summary, restoredSummary }, null, 2));
    expect(readFileSync(join(work, "summary.json"), "utf8")).toContain("snapshotAt");
    expect(query(restored, "select count(*) n from parties")[0]!.n).toBe(WRITERS);
  });
});

// Issue 39: the album is part of the backup (UPLOAD_DIR/album), with uploads in flight while it runs:
// a tus upload half sent and photos shared by the form throughout. What a restore brings back is whole:
// every photo row has its original, byte for byte; nothing still arriving is in the file.
describe("backup with the album, uploads in flight", () => {
  let albumRestored: TestServer | undefined;
  afterAll(async () => albumRestored?.stop());

  it("restores every photo the backup's database names, and no upload still arriving", async () => {
    const party = await makeParty(admin, 1);
    const guest = await signIn(server.url, party.authCode);
    const jpeg = (seed: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } }).jpeg().toBuffer();
    const shareOne = async (seed: number) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await jpeg(seed))], { type: "image/jpeg" }), `p${seed}.jpg`);
      return guest.request("POST", "/api/album/photos", form);
    };
    expect((await shareOne(1)).status).toBe(201);
    // A tus upload half sent, left so.
    const big = Buffer.concat([await jpeg(999), Buffer.alloc(200_000)]);
    const created = await fetch(`${server.url}/api/album/uploads`, { method: "POST", headers: { "tus-resumable": "1.0.0", cookie: guest.cookieHeader, "upload-length": String(big.length) } });
    const location = created.headers.get("location")!;
    await fetch(new URL(location, server.url), {
      method: "PATCH",
      headers: { "tus-resumable": "1.0.0", cookie: guest.cookieHeader, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(big.subarray(0, 100_000)),
    });
    // Photos shared all through the backup.
    let stop = false;
    let shared = 0;
    const loop = (async () => {
      for (let seed = 2; !stop; seed++) if ((await shareOne(seed)).status === 201) shared++;
    })();
    await sleep(300);
    const made = await node(["scripts/backup.mjs", "--out", join(work, "album-backups")], { DATABASE_PATH: server.dbPath, UPLOAD_DIR: server.uploadDir });
    await sleep(300);
    stop = true;
    await loop;
    expect(made.code, made.err).toBe(0);
    const summary = JSON.parse(made.out.trim().split("\n").pop()!);
    const fresh = join(work, "album-restored");
    const back = await node(["scripts/restore.mjs", summary.file], { DATABASE_PATH: join(fresh, "app.db"), UPLOAD_DIR: join(fresh, "uploads") });
    expect(back.code, back.err).toBe(0);
    expect(existsSync(join(fresh, "uploads", "album", "incoming"))).toBe(false);

    const rows = query<{ id: string; bytes: number }>(join(fresh, "app.db"), "select id, bytes from album_photos");
    let whole = 0;
    for (const row of rows) {
      const path = join(fresh, "uploads", "album", "originals", row.id);
      if (existsSync(path) && readFileSync(path).length === row.bytes && readFileSync(path).equals(readFileSync(join(server.uploadDir, "album", "originals", row.id)))) whole++;
    }
    albumRestored = await startServer({ dbPath: join(fresh, "app.db"), uploadDir: join(fresh, "uploads") });
    const restoredGuest = await signIn(albumRestored.url, party.authCode);
    const own = (await restoredGuest.get("/api/album/photos")).json.photos as { id: string }[];
    const original = await fetch(`${albumRestored.url}/album/photos/${own[0]!.id}/original`, { headers: { cookie: restoredGuest.cookieHeader } });
    figure("backup: album photos shared during the run", shared);
    figure("backup: album photos in the backup, whole after restore", `${whole}/${rows.length}`);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(whole).toBe(rows.length);
    expect(own.length).toBe(rows.length);
    expect(original.status).toBe(200);
  });
});
