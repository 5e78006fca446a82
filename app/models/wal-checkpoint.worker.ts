import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";

/*
 * Decision 076: copies the write-ahead log into the database on a connection
 * of its own, off the main thread. A PASSIVE checkpoint waits for no reader
 * or writer, and the main thread's requests go on meanwhile; after a 10 MB
 * import it took a second, which on the main thread held everyone.
 */
const db = new Database((workerData as { path: string }).path, { fileMustExist: true });
try {
  db.pragma("busy_timeout = 5000");
  parentPort!.postMessage(db.pragma("wal_checkpoint(PASSIVE)"));
} finally {
  db.close();
}
