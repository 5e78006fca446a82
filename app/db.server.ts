import { appendFileSync } from "node:fs";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import * as schema from "../db/schema";
import { appRoot, env } from "./env.server";

export type Db = ReturnType<typeof openDb>["db"];

function migrationsFolder() {
  // The folder ships beside the build (see Dockerfile), in the app's own folder.
  return resolve(appRoot(), "db/migrations");
}

export function openDb(path: string) {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  // FULL: every commit is fsynced before the server answers, so an acknowledged
  // answer survives a kill -9 or a power cut (NORMAL in WAL only survives a crash
  // of the process, not of the machine). See README "Durability".
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  if (process.env.QUERY_COUNT === "1") countStatements(sqlite);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return { sqlite, db };
}

let instance: ReturnType<typeof openDb> | undefined;
function get() {
  instance ??= openDb(env().DATABASE_PATH);
  return instance;
}

/** The app's single drizzle handle (one connection: SQLite serialises writes anyway). */
export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(get().db, prop),
});
export const sqlite = () => get().sqlite;

/**
 * Runs fn in a BEGIN IMMEDIATE transaction: the write lock is taken before the
 * first read, so a check-then-write (inventory, last member) cannot interleave
 * with another writer, even from another process.
 */
export function immediate<T>(fn: () => T): T {
  return sqlite().transaction(fn).immediate();
}

/**
 * Group commit, for writes that arrive many at once (RSVP submits): fn runs in
 * a BEGIN IMMEDIATE transaction shared with every other write queued in the
 * same turn of the event loop, and that transaction is committed, so fsynced
 * (synchronous=FULL), once for all of them. Each fn runs in its own savepoint:
 * one that throws is rolled back alone and only its promise rejects. Promises
 * settle after the COMMIT, so an answer is only sent for a write on disk.
 * Same durability as immediate(), but one fsync per batch, not per request
 * (see docs/decisions, group commit). fn must be synchronous.
 */
export function groupCommit<T>(fn: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    pendingWrites.push({ fn, resolve: resolve as (value: unknown) => void, reject, counter: queryCounts.getStore() });
    if (pendingWrites.length === 1) setImmediate(flushWrites);
  });
}

type PendingWrite = { fn: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void; counter?: { n: number } };
let pendingWrites: PendingWrite[] = [];

function flushWrites() {
  const batch = pendingWrites;
  pendingWrites = [];
  const connection = sqlite();
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    connection
      .transaction(() => {
        for (const write of batch) {
          const run = connection.transaction(write.fn); // nested: a savepoint
          try {
            const value = write.counter ? queryCounts.run(write.counter, run) : run();
            outcomes.push({ ok: true, value });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })
      .immediate();
  } catch (error) {
    // The transaction itself failed (BEGIN or COMMIT): nothing of the batch is saved.
    for (const write of batch) write.reject(error);
    return;
  }
  batch.forEach((write, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) write.resolve(outcome.value);
    else write.reject(outcome.error);
  });
}

/**
 * Runs fn's writes committed without waiting for the disk (synchronous=NORMAL
 * for them alone, FULL again after): for rows whose loss in a power cut costs
 * nothing but a repeat, i.e. a new sign-in's session (issue 28: the fsync of
 * each session row kept the invite link at 216 sign-ins/s; better-sqlite3
 * waits for it on the only thread). In WAL mode such a commit is still atomic
 * and survives a crash of the process; the next FULL commit (an RSVP) syncs
 * the log with it, so every acknowledged RSVP stays on disk. fn must be
 * synchronous and must not run inside another transaction.
 */
export function relaxed<T>(fn: () => T): T {
  // exec, not a prepared statement: a prepared PRAGMA did not always take effect (7 µs the pair).
  const connection = sqlite();
  connection.exec("pragma synchronous = NORMAL");
  try {
    return fn();
  } finally {
    connection.exec("pragma synchronous = FULL");
  }
}

/**
 * A prepared statement built on first use (not at import, so a bad
 * configuration is reported by startup, not by a module load).
 */
export function prepared<T>(build: () => T): () => T {
  let statement: T | undefined;
  return () => (statement ??= build());
}

/**
 * A value that changes whenever the data may have changed: this connection's
 * writes (total_changes) or a commit by another process (data_version). Costs
 * a few microseconds, so a cache (the landing page's) can skip re-reading.
 */
const changeProbe = prepared(() => ({
  own: sqlite().prepare("select total_changes()").pluck(),
  others: sqlite().prepare("pragma data_version").pluck(),
}));
export function dataVersion(): string {
  const probe = changeProbe();
  return `${probe.own.get()}.${probe.others.get()}`;
}

/** An update with nothing defined to set is a no-op (drizzle refuses an empty SET). */
export const hasChanges = (changes: object) => Object.values(changes).some((v) => v !== undefined);

/*
 * Opt-in statement counter for the "no query per row" budget
 * (tests/integration/perf-budgets.test.ts). With QUERY_COUNT=1, every SQL
 * statement executed (run/get/all/iterate, prepared once or per call) is
 * counted for the request that caused it; server.js reports the count in an
 * `X-Query-Count` response header. Off (and free) otherwise.
 */
const queryCounts = new AsyncLocalStorage<{ n: number }>();
const EXECUTIONS = new Set<PropertyKey>(["run", "get", "all", "iterate"]);

/** Runs fn with a fresh counter that every statement executed inside it (sync or async) increments. */
export function countQueries<T>(fn: (counter: { n: number }) => T): T {
  const counter = { n: 0 };
  return queryCounts.run(counter, () => fn(counter));
}

function countStatements(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    const proxy: typeof statement = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (EXECUTIONS.has(prop)) {
            const counter = queryCounts.getStore();
            if (counter) counter.n++;
            // QUERY_LOG=file (with QUERY_COUNT=1): each counted statement appended, to find a page's repeated reads.
            if (counter && process.env.QUERY_LOG) appendFileSync(process.env.QUERY_LOG, counter.n + " " + source.slice(0, 200) + "\n");
          }
          const result = value.apply(target, args);
          // raw(), pluck(), bind()... return the statement itself: keep counting through it.
          return result === target ? proxy : result;
        };
      },
    });
    return proxy;
  }) as typeof sqlite.prepare;
}
