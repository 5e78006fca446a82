#!/usr/bin/env node
// npm run backup [-- --out DIR] [--db PATH] [--uploads DIR] [--keep N]
//
// A consistent online copy of everything Convite keeps, while the server runs
// and writes: the SQLite database, copied with SQLite's online backup API
// (better-sqlite3's db.backup(), in one step, so it is one snapshot: every
// transaction committed before it, none after), and the uploaded photos,
// stored inside the same file (table _backup_files) so a backup is ONE file:
//
//   <out>/convite-2026-06-01T03-15-00Z.db
//
// It is checked (PRAGMA integrity_check, every photo's sha256) before it is
// given its final name, so a file with that name is a good backup. Restore
// it with `npm run restore FILE`. Defaults: DATABASE_PATH (data/app.db),
// UPLOAD_DIR (data/uploads), and BACKUP_DIR or a "backups" folder beside the
// database (/data/backups in the container, inside the volume: copy it off
// the machine too). --keep N deletes all but the N newest backups there.
import Database from "better-sqlite3";
import { assertRuntime } from "./runtime-check.mjs";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

// Defaults are the app's own data folder, wherever the script is started from.
const appRoot = fileURLToPath(new URL("..", import.meta.url));

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const take = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === "--out") opts.out = take();
    else if (a === "--db") opts.db = take();
    else if (a === "--uploads") opts.uploads = take();
    else if (a === "--keep") opts.keep = Number(take());
    else if (a === "--help" || a === "-h") {
      console.log("usage: npm run backup -- [--out DIR] [--db PATH] [--uploads DIR] [--keep N]");
      process.exit(0);
    } else fail(`unknown argument ${a}`);
  }
  return opts;
}

function fail(message) {
  console.error(`backup: ${message}`);
  process.exit(1);
}

// Issue 39: album files still arriving (a tus upload, a form's parts, a copy being made) are no photo yet.
const IN_FLIGHT = join("album", "incoming");

/** Every file under dir, as paths relative to it (forward slashes), but those in flight. */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory() && relative(dir, p) === IN_FLIGHT) continue;
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) out.push(relative(dir, p).split(sep).join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

function readIfThere(path) {
  try {
    return readFileSync(path);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");

export async function backup({ db: dbOpt, uploads: uploadsOpt, out: outOpt, keep } = {}) {
  const started = performance.now();
  const dbPath = resolve(dbOpt ?? process.env.DATABASE_PATH ?? resolve(appRoot, "data/app.db"));
  const uploadDir = resolve(uploadsOpt ?? process.env.UPLOAD_DIR ?? resolve(appRoot, "data/uploads"));
  const outDir = resolve(outOpt ?? process.env.BACKUP_DIR ?? join(dirname(dbPath), "backups"));
  if (!existsSync(dbPath)) fail(`no database at ${dbPath}`);
  mkdirSync(outDir, { recursive: true });

  let name = `convite-${stamp()}.db`;
  for (let n = 2; existsSync(join(outDir, name)); n++) name = `convite-${stamp()}-${n}.db`;
  const final = join(outDir, name);
  const partial = `${final}.partial`;
  rmSync(partial, { force: true });

  // 1. The database: one backup step of every page = one read transaction = one snapshot.
  const source = new Database(dbPath, { readonly: true, fileMustExist: true });
  source.pragma("busy_timeout = 10000");
  let snapshotAt;
  try {
    snapshotAt = new Date().toISOString();
    await source.backup(partial, { progress: ({ remainingPages }) => Math.max(100, remainingPages) });
  } finally {
    source.close();
  }

  // 2. The photos, into the same file; then check everything before naming it.
  const copy = new Database(partial);
  let files = 0;
  let bytes = 0;
  const counts = {};
  try {
    copy.pragma("journal_mode = DELETE"); // one self-contained file, no -wal beside it
    copy.exec(`
      create table _backup_meta (key text primary key, value text not null);
      create table _backup_files (path text primary key, size integer not null, sha256 text not null, data blob not null);
    `);
    const insertFile = copy.prepare("insert into _backup_files (path, size, sha256, data) values (?, ?, ?, ?)");
    copy.transaction(() => {
      for (const path of listFiles(uploadDir)) {
        // A photo deleted since the listing is gone from the snapshot's database too, or will be.
        const data = readIfThere(join(uploadDir, path));
        if (!data) continue;
        insertFile.run(path, data.length, createHash("sha256").update(data).digest("hex"), data);
        files++;
        bytes += data.length;
      }
    })();
    for (const table of ["parties", "guests", "rsvps", "event_rsvps", "party_room_assignments", "room_types", "events", "outbox"]) {
      const exists = copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
      if (exists) counts[table] = copy.prepare(`select count(*) as n from "${table}"`).get().n;
    }
    const meta = { format: "convite-backup-1", snapshotAt, source: dbPath, uploads: uploadDir, files: String(files), counts: JSON.stringify(counts) };
    const insertMeta = copy.prepare("insert into _backup_meta (key, value) values (?, ?)");
    for (const [k, v] of Object.entries(meta)) insertMeta.run(k, v);
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`integrity_check of the copy: ${integrity}`);
    for (const row of copy.prepare("select path, sha256, data from _backup_files").iterate()) {
      if (createHash("sha256").update(row.data).digest("hex") !== row.sha256) throw new Error(`photo ${row.path} changed in the copy`);
    }
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, final);

  // 3. Rotation, oldest first, only files this script names.
  const removed = [];
  if (Number.isInteger(keep) && keep > 0) {
    const ours = readdirSync(outDir)
      .filter((f) => /^convite-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.db$/.test(f))
      .sort();
    for (const f of ours.slice(0, Math.max(0, ours.length - keep))) {
      rmSync(join(outDir, f));
      removed.push(f);
    }
  }
  return { file: final, snapshotAt, size: statSync(final).size, counts, uploads: { files, bytes }, removed, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  assertRuntime();
  const opts = parseArgs(process.argv.slice(2));
  backup(opts)
    .then((result) => console.log(JSON.stringify(result)))
    .catch((error) => fail(error instanceof Error ? error.message : String(error)));
}
