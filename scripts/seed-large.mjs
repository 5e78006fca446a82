#!/usr/bin/env node
// npm run seed:large [-- DB_PATH] [--parties 300] [--guests 1000] [--append]
//
// Fills a SQLite file with a large, believable celebration (300 parties and
// 1,000 guests by default: party members, individual guests, room types,
// assignments pending / confirmed / paid / declined, side events, RSVPs and
// event RSVPs) for the load test (tests/stress/load.test.ts) and for trying
// the admin screens at full size. Rows go in with SQL in one transaction,
// after the app's own migrations, through the benchmark's seeder
// (scripts/bench/seed.mjs): one generator for both, so their figures compare.
//
// The database is DATABASE_PATH (default data/app.db) unless a path is given.
// It refuses a database that already has parties (the host's real one, say)
// unless --append is given. Party invitation codes are P000000001, P000000002...
// and individual guests' codes G000000001...
import Database from "better-sqlite3";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { seedDatabase } from "./bench/seed.mjs";

// Defaults are the app's own data folder, wherever the script is started from.
const appRoot = fileURLToPath(new URL("..", import.meta.url));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number`);
    process.exit(2);
  }
  args.splice(i, 2);
  return value;
};
const parties = option("parties", 300);
const guests = option("guests", 1000);
const append = args.includes("--append");
const positional = args.filter((a) => !a.startsWith("--"));
const dbPath = resolve(positional[0] ?? process.env.DATABASE_PATH ?? resolve(appRoot, "data/app.db"));

if (existsSync(dbPath) && !append) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'parties'").get();
    const n = hasTable ? db.prepare("select count(*) as n from parties").get().n : 0;
    if (n > 0) {
      console.error(`${dbPath} already has ${n} parties: not seeding (use --append to add to it anyway).`);
      process.exit(1);
    }
  } finally {
    db.close();
  }
}

const started = performance.now();
const counts = seedDatabase(dbPath, { parties, guests });
const db = new Database(dbPath, { readonly: true });
const total = (table) => db.prepare(`select count(*) as n from ${table}`).get().n;
const summary = {
  database: dbPath,
  parties: total("parties"),
  guests: total("guests"),
  rsvps: total("rsvps"),
  roomTypes: total("room_types"),
  roomAssignments: total("party_room_assignments"),
  events: total("events"),
  eventRsvps: total("event_rsvps"),
  added: counts,
  ms: Math.round(performance.now() - started),
};
db.close();
console.log(JSON.stringify(summary));
