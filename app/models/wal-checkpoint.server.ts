import { existsSync } from "node:fs";
import { open } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { sqlite } from "../db.server";
import { workerFile } from "./bank-read.server";

/** SQLite's default: a commit past this many pages of log checkpoints it. */
const WAL_AUTOCHECKPOINT_PAGES = 1000;
let holding = 0;

/**
 * Runs fn with no checkpoint in the main thread's commits (decision 076: a
 * long import's commits took 50-450 ms with them on a busy disk); the log
 * its batches wrote is then checkpointed by a worker thread's connection,
 * and the automatic checkpoints come back when no import holds them off.
 */
export async function withoutCheckpoints<T>(fn: () => Promise<T>): Promise<T> {
  if (holding++ === 0) sqlite().exec("pragma wal_autocheckpoint = 0");
  try {
    return await fn();
  } finally {
    void checkpointAside()
      .catch((error) => console.error("WAL checkpoint after a bank import failed:", error))
      .finally(() => {
        if (--holding === 0) sqlite().exec(`pragma wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
      });
  }
}

/**
 * Puts the log the batches wrote (without waiting for the disk) on disk from
 * the thread pool, so the import's last, synced commit has little left to
 * wait for: that fsync took 0.8 s of the main thread after 10 MB. SQLite
 * locks the database and its -shm file, never the -wal one, so this
 * descriptor's close releases none of its locks.
 */
export async function syncLogAside() {
  const log = `${sqlite().name}-wal`;
  if (!existsSync(log)) return;
  const file = await open(log, "r");
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}

function checkpointAside() {
  const file = workerFile("wal-checkpoint.js");
  const path = sqlite().name;
  // No worker built (react-router dev, vitest) or a database in memory: the main thread's next commits checkpoint it.
  if (!existsSync(file) || !existsSync(path)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(file, { workerData: { path } });
    worker.on("error", reject);
    worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`exit code ${code}`))));
  });
}
