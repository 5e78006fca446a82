// Issue 35 item 6, the bench's import row: a 10 MB CSV (76,000 rows: under the 10 MB upload limit)
// and a 10 MB CAMT.053 are posted to POST /api/bank-statements of the
// production build (demo database of 300 parties), while GET /healthz and the
// landing page (a guest page) are asked one after another, 20 ms apart.
// Prints each import's time and answer, and the p50/p99/max of the other
// requests during it (target: p99 under 200 ms).
//
// Run `npm run build` first. node scripts/bench/bank-import.mjs
// Knobs: BENCH_BANK_ROWS (80000), BENCH_JSON=file (the results as JSON too).
import { writeFileSync } from "node:fs";
import { ensureBuild, makeDemoDatabase, rawRequest, signInAdmin, startAppServer } from "./lib.mjs";

const ROWS = Number(process.env.BENCH_BANK_ROWS ?? 76_000);

function csv() {
  const lines = ["Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance"];
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    lines.push(`TOPUP,Current,2026-03-${day} 09:12:01,2026-03-${day} 09:12:05,Payment from Guest Number ${i},${(i % 900) + 10}.${String(i % 100).padStart(2, "0")},0.00,EUR,COMPLETED,${1000 + i}.00`);
  }
  return lines.join("\n") + "\n";
}

function camt(bytes) {
  const entries = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const e = `<Ntry><Amt Ccy="EUR">${(i % 900) + 10}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-04-${String((i % 28) + 1).padStart(2, "0")}</Dt></BookgDt><AcctSvcrRef>BENCH-${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Dbtr><Nm>Payer ${i}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Gift ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
    entries.push(e);
    size += e.length;
  }
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>BENCH</Id>${entries.join("")}</Stmt></BkToCstmrStmt></Document>`;
}

function multipart(name, content, mapping) {
  const boundary = "----bench" + Math.random().toString(16).slice(2);
  const parts = [`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`, content, "\r\n"];
  if (mapping) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`);
  parts.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(parts.join("")), type: `multipart/form-data; boundary=${boundary}` };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function during(base, work) {
  const samples = { healthz: [], landing: [] };
  let done = false;
  const probe = (async () => {
    while (!done) {
      for (const [key, path] of [["healthz", "/healthz"], ["landing", "/"]]) {
        const t = performance.now();
        await rawRequest(`${base}${path}`);
        samples[key].push(performance.now() - t);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await probe;
  const stats = Object.fromEntries(
    Object.entries(samples).map(([k, v]) => {
      const s = [...v].sort((a, b) => a - b);
      return [k, { n: s.length, p50: Math.round(quantile(s, 0.5)), p99: Math.round(quantile(s, 0.99)), max: Math.round(s.at(-1) ?? 0) }];
    }),
  );
  return { seconds: Math.round(seconds * 10) / 10, result, stats };
}

async function main() {
  ensureBuild();
  const demo = makeDemoDatabase({ parties: 300, guests: 1000 });
  const app = await startAppServer({ dbPath: demo.dbPath, dir: demo.dir, env: { RATE_LIMIT_DISABLED: "1", LOG_REQUESTS: "0" } });
  const rows = [];
  try {
    const cookie = await signInAdmin(app.url);
    const files = [
      ["10 MB CSV (Revolut layout)", "bench.csv", csv(), { date: "Completed Date", amount: "Amount", payer: "Description", reference: "Description", currency: "Currency", state: "State" }],
      ["10 MB CAMT.053", "bench.xml", camt(9.8 * 1024 * 1024), null],
    ];
    for (const [label, name, content, mapping] of files) {
      const { body, type } = multipart(name, content, mapping);
      const run = await during(app.url, () => rawRequest(`${app.url}/api/bank-statements`, { method: "POST", headers: { "content-type": type, cookie }, body }));
      const answer = JSON.parse(run.result.body.toString() || "{}");
      rows.push({ label, megabytes: Math.round((body.length / 1048576) * 10) / 10, status: run.result.status, read: answer.read, seconds: run.seconds, ...run.stats });
      console.log(`${label}: ${(body.length / 1048576).toFixed(1)} MB, ${run.result.status} read ${answer.read ?? answer.message}, ${run.seconds} s; during it /healthz p50 ${run.stats.healthz.p50} p99 ${run.stats.healthz.p99} max ${run.stats.healthz.max} ms (${run.stats.healthz.n}), GET / p50 ${run.stats.landing.p50} p99 ${run.stats.landing.p99} max ${run.stats.landing.max} ms (${run.stats.landing.n})`);
    }
  } finally {
    await app.stop();
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
