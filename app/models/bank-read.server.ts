import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { bankCsvMappings } from "../../db/schema";
import { db } from "../db.server";
import { appRoot } from "../env.server";
import { ValidationError } from "../utils/errors";
import type { CsvMapping } from "./bank-csv";
import { NeedsMappingError, readStatementBytes, type ReadStatement } from "./bank-read";
import type { WorkerMessage } from "./bank-read.worker";
import { StatementError } from "./bank-statement";

/*
 * Decision 076: a statement file is read (parsed, every line's keys
 * computed) off the main thread when it is big, so the site keeps answering
 * during the import. A small one is read here: a worker costs a thread's
 * start, more than reading it.
 */

/** From this size a statement is read by the worker (a 10 MB file holds about 80,000 lines). */
const WORKER_FROM_BYTES = 256 * 1024;

/** A worker's file, built beside the server (vite.worker.config.ts); absent under `react-router dev` and vitest, where files are read here. */
export const workerFile = (name = "bank-read.js") => join(appRoot(), process.env.BUILD_DIR ?? "build", "worker", name);

/** Every remembered CSV mapping by its header key: a handful, passed to the reader so it needs no database. */
function rememberedMappings(): Record<string, CsvMapping> {
  return Object.fromEntries(db.select().from(bankCsvMappings).all().map((m) => [m.headerKey, m.mapping as CsvMapping]));
}

const asValidation = (message: string) => new ValidationError(message, { file: [message] });

/** The statement in the file, read here: 400 (no statement, broken XML, entities) or NeedsMappingError (422). */
export function readStatement(bytes: Uint8Array, mapping?: CsvMapping | null): ReadStatement {
  try {
    return readStatementBytes(bytes, mapping, rememberedMappings());
  } catch (error) {
    if (error instanceof StatementError) throw asValidation(error.message);
    throw error;
  }
}

/** The same as readStatement, by the worker thread when the file is big. */
export async function readStatementOffThread(bytes: Uint8Array, mapping?: CsvMapping | null): Promise<ReadStatement> {
  const file = workerFile();
  if (bytes.length < WORKER_FROM_BYTES || !existsSync(file)) return readStatement(bytes, mapping);
  const worker = new Worker(file, { workerData: { bytes, mapping: mapping ?? null, remembered: rememberedMappings() } });
  const transactions: ReadStatement["transactions"] = [];
  const identities: ReadStatement["identities"] = [];
  try {
    return await new Promise<ReadStatement>((resolve, reject) => {
      worker.on("message", (message: WorkerMessage) => {
        if (message.kind === "lines") {
          for (const t of message.transactions) transactions.push(t);
          for (const i of message.identities) identities.push(i);
        } else if (message.kind === "done") resolve({ ...message.statement, transactions, identities });
        else if (message.error.layout) reject(new NeedsMappingError(message.error.layout, message.error.message));
        else if (message.error.statement) reject(asValidation(message.error.message));
        else reject(Object.assign(new Error(`Reading the statement failed: ${message.error.message}`), { stack: message.error.stack }));
      });
      worker.on("error", reject);
      worker.on("exit", (code) => reject(new Error(`The statement reader stopped (exit code ${code})`)));
    });
  } finally {
    void worker.terminate();
  }
}
