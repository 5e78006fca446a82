// Issue 35 item 6 (decision 076): a big statement is read by a worker thread
// and stored in short batches, so the site keeps answering during the import;
// a medium file (5,000 lines, one transaction at first) is batched too.
import { cpus, loadavg } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count } from "./api-fixtures";
import { uploadStatement } from "./bank-support";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

const ROWS = 40_000;
/** A medium file: stored in one transaction before, which held the loop about a second. */
const MEDIUM_ROWS = 5_000;
const MAPPING = { date: "Completed Date", amount: "Amount", payer: "Description", reference: "Description", currency: "Currency", state: "State" };

/** A Revolut-like export of `rows` credits (40,000: about 4.6 MB) of `month`, with a blank line in the middle and one at the end. */
function bigCsv(rows: number, month: string) {
  const lines = ["Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance"];
  for (let i = 0; i < rows; i++) {
    const day = `${month}-${String((i % 28) + 1).padStart(2, "0")}`;
    lines.push(`TOPUP,Current,2026-${day} 09:12:01,2026-${day} 09:12:05,Payment from Guest Number ${i},${(i % 900) + 10}.${String(i % 100).padStart(2, "0")},0.00,EUR,COMPLETED,${1000 + i}.00`);
    if (i === rows / 2) lines.push("");
  }
  return `${lines.join("\n")}\n\n`;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Imports `rows` credits while asking /healthz every 20 ms; the waits, in ms. */
async function healthzDuringImport(rows: number, month: string) {
  const csv = bigCsv(rows, month);
  const before = count(server, "bank_transactions");
  const waits: number[] = [];
  let done = false;
  const importing = uploadStatement(admin, `big-${rows}.csv`, csv, MAPPING).finally(() => (done = true));
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${server.url}/healthz`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    waits.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  const res = await importing;
  expect(res.status, res.text).toBe(201);
  expect(res.json).toMatchObject({ read: rows, new: rows, unmatched: rows, skipped: 2, errors: [] });
  expect(count(server, "bank_transactions")).toBe(before + rows);
  const sorted = [...waits].sort((a, b) => a - b);
  const p99 = quantile(sorted, 0.99);
  // Lenient only on a machine busier than its cores (shared with other builds and tests): there the probe itself waits for a core.
  const load = loadavg()[0]! / cpus().length;
  const limit = load > 1.5 ? 500 : 200;
  console.log(`${rows} rows: ${waits.length} /healthz during the import, p50 ${Math.round(quantile(sorted, 0.5))} ms, p99 ${Math.round(p99)} ms, max ${Math.round(sorted.at(-1)!)} ms; load ${load.toFixed(1)} a core, limit ${limit} ms`);
  expect(p99).toBeLessThan(limit);
  return waits;
}

describe("a big statement without holding the server", () => {
  it(`${ROWS.toLocaleString("en")} CSV rows: /healthz answers within 200 ms at p99 during the import, every row stored, blank lines skipped`, async () => {
    const waits = await healthzDuringImport(ROWS, "03");
    // Answered all along the import, not only after it.
    expect(waits.length).toBeGreaterThan(50);
  }, 300_000);

  it(`${MEDIUM_ROWS.toLocaleString("en")} CSV rows (a medium file, stored in batches too): /healthz answers within 200 ms at p99 during the import`, async () => {
    const waits = await healthzDuringImport(MEDIUM_ROWS, "04");
    expect(waits.length).toBeGreaterThan(5);
  }, 120_000);

  it("the import page says, before a file is sent, that a large one can take a minute and that the page shows its progress", async () => {
    const page = await admin.get("/admin/payments/import");
    expect(page.status).toBe(200);
    expect(page.text).toContain("A large statement (tens of thousands of lines) can take a minute to import: this page shows how far it got, and the report when it is done.");
  });
});
