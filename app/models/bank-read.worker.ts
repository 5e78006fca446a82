import { parentPort, workerData } from "node:worker_threads";
import type { CsvMapping } from "./bank-csv";
import { NeedsMappingError, readStatementBytes } from "./bank-read";
import { StatementError } from "./bank-statement";

/*
 * The worker thread that reads a big statement (decision 076): parsing and
 * the identities of 80,000 lines take seconds, which on the main thread held
 * every other request. Built on its own (vite.worker.config.ts) into
 * build/worker/bank-read.js. The lines go back in pieces, so the main thread
 * takes in one piece at a time between requests.
 */

export type WorkerMessage =
  | { kind: "lines"; transactions: ReturnType<typeof readStatementBytes>["transactions"]; identities: ReturnType<typeof readStatementBytes>["identities"] }
  | { kind: "done"; statement: Omit<ReturnType<typeof readStatementBytes>, "transactions" | "identities"> }
  | { kind: "failed"; error: { statement: boolean; message: string; layout?: NeedsMappingError["layout"]; stack?: string } };

const PIECE_LINES = 2_000;

const port = parentPort!;
const send = (message: WorkerMessage) => port.postMessage(message);
const input = workerData as { bytes: Uint8Array; mapping: CsvMapping | null; remembered: Record<string, CsvMapping> };

try {
  const { transactions, identities, ...statement } = readStatementBytes(input.bytes, input.mapping, input.remembered);
  for (let from = 0; from < transactions.length; from += PIECE_LINES) {
    send({ kind: "lines", transactions: transactions.slice(from, from + PIECE_LINES), identities: identities.slice(from, from + PIECE_LINES) });
  }
  send({ kind: "done", statement });
} catch (error) {
  if (error instanceof NeedsMappingError) send({ kind: "failed", error: { statement: false, message: error.message, layout: error.layout } });
  else if (error instanceof StatementError) send({ kind: "failed", error: { statement: true, message: error.message } });
  else send({ kind: "failed", error: { statement: false, message: String((error as Error)?.message ?? error), stack: (error as Error)?.stack } });
}
