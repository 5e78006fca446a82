#!/usr/bin/env node
// npm run restore FILE [-- --db PATH] [--uploads DIR] [--force]
//
// Brings back a backup made by `npm run backup` (scripts/backup.mjs): the
// database and the uploaded photos. Stop the server first. The backup is
// checked (integrity_check, every photo's sha256) before anything is touched;
// what is there now is kept, moved aside as <name>.before-restore-<time>
// (database, its -wal/-shm, and the uploads folder), never deleted.
// Defaults: DATABASE_PATH (data/app.db) and UPLOAD_DIR (data/uploads).
//
// A database with a -shm file beside it is in use (or its server crashed):
// restore refuses it unless --force is given.
import Database from "better-sqlite3";
import { assertRuntime } from "./runtime-check.mjs";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

// Defaults are the app's own data folder, wherever the script is started from.
const appRoot = fileURLToPath(new URL("..", import.meta.url));

function fail(message) {
  console.error(`restore: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  const opts = { force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const take = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === "--db") opts.db = take();
    else if (a === "--uploads") opts.uploads = take();
    else if (a === "--force") opts.force = true;
    else if (a === "--help" || a === "-h") {
      console.log("usage: npm run restore FILE [-- --db PATH] [--uploads DIR] [--force]");
      process.exit(0);
    } else if (a.startsWith("--")) fail(`unknown argument ${a}`);
    else if (opts.file) fail(`one backup file at a time (got ${opts.file} and ${a})`);
    else opts.file = a;
  }
  if (!opts.file) fail("which backup? usage: npm run restore FILE");
  return opts;
}

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");

export function restore({ file, db: dbOpt, uploads: uploadsOpt, force = false }) {
  const started = performance.now();
  const backupFile = resolve(file);
  const dbPath = resolve(dbOpt ?? process.env.DATABASE_PATH ?? resolve(appRoot, "data/app.db"));
  const uploadDir = resolve(uploadsOpt ?? process.env.UPLOAD_DIR ?? resolve(appRoot, "data/uploads"));
  if (!existsSync(backupFile)) fail(`no such file: ${backupFile}`);
  if (backupFile === dbPath) fail("the backup and the database are the same file");
  if (existsSync(`${dbPath}-shm`) && !force) {
    fail(`${dbPath} looks in use (${dbPath}-shm exists): stop the server first. If it is stopped, it did not shut down cleanly: add --force.`);
  }

  // 1. Check the backup before touching anything.
  const check = new Database(backupFile, { readonly: true, fileMustExist: true });
  let meta;
  try {
    const isBackup = check.prepare("select 1 from sqlite_master where type = 'table' and name = '_backup_meta'").get();
    if (!isBackup) fail(`${backupFile} is not a Convite backup (no _backup_meta table)`);
    meta = Object.fromEntries(check.prepare("select key, value from _backup_meta").all().map((r) => [r.key, r.value]));
    if (meta.format !== "convite-backup-1") fail(`unknown backup format ${meta.format}`);
    const integrity = check.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") fail(`the backup is damaged: ${integrity}`);
    for (const row of check.prepare("select path, sha256, data from _backup_files").iterate()) {
      if (createHash("sha256").update(row.data).digest("hex") !== row.sha256) fail(`photo ${row.path} is damaged in the backup`);
      if (row.path.split("/").some((part) => part === ".." || part === "") || row.path.startsWith("/")) fail(`bad photo path ${row.path}`);
    }
  } finally {
    check.close();
  }

  // 2. Prepare the new database beside the old one (same disk: the final rename is atomic).
  mkdirSync(dirname(dbPath), { recursive: true });
  const next = `${dbPath}.restoring`;
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(next + s, { force: true });
  copyFileSync(backupFile, next);
  const db = new Database(next);
  let files = [];
  try {
    files = db.prepare("select path, data from _backup_files").all();
    db.exec("drop table _backup_files; drop table _backup_meta;");
    db.exec("vacuum");
    db.pragma("journal_mode = WAL");
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`integrity_check after preparing: ${integrity}`);
  } finally {
    db.close();
  }

  // 3. Move what is there aside, then put the backup in place.
  const aside = `before-restore-${stamp()}`;
  const kept = [];
  for (const s of ["", "-wal", "-shm"]) {
    if (existsSync(dbPath + s)) {
      renameSync(dbPath + s, `${dbPath}.${aside}${s}`);
      kept.push(`${dbPath}.${aside}${s}`);
    }
  }
  if (existsSync(uploadDir) && readdirSync(uploadDir).length > 0) {
    renameSync(uploadDir, `${uploadDir}.${aside}`);
    kept.push(`${uploadDir}.${aside}`);
  }
  mkdirSync(uploadDir, { recursive: true });
  for (const f of files) {
    const target = join(uploadDir, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.data);
  }
  for (const s of ["-wal", "-shm"]) rmSync(next + s, { force: true });
  renameSync(next, dbPath);
  return {
    restored: dbPath,
    uploads: { dir: uploadDir, files: files.length },
    from: backupFile,
    snapshotAt: meta.snapshotAt,
    counts: JSON.parse(meta.counts ?? "{}"),
    keptAside: kept,
    ms: Math.round(performance.now() - started),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  assertRuntime();
  try {
    console.log(JSON.stringify(restore(parseArgs(process.argv.slice(2)))));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
