// Issue 35 item 6, "the report says progress on the page for a long import"
// (decision 076): the import page does not wait for a long statement. It
// answers with the import's page, "Importing: N of M lines", which reloads
// itself (a meta refresh: no JavaScript) until the report shows there. The
// API still answers with the report. An import cut half way (a restart)
// says how far it got and that the same file again stores the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";
import { count, query, writeDb } from "./api-fixtures";

let server: TestServer;
let admin: Client;

// The page waits no time for a report here, so a file of some thousands of lines shows its progress on any machine.
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1", BANK_PAGE_WAIT_MS: "0" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => server?.stop());

const ROWS = 20_000;
const MAPPING = { date: "Date", amount: "Amount", payer: "Description", reference: "Description" };

function csv(rows: number, month = "03") {
  const lines = ["Date,Description,Amount"];
  for (let i = 0; i < rows; i++) lines.push(`2026-${month}-${String((i % 28) + 1).padStart(2, "0")},Payment from Guest ${i},${(i % 900) + 10}.${String(i % 100).padStart(2, "0")}`);
  return `${lines.join("\n")}\n`;
}

function pageForm(text: string, name: string) {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("file", new Blob([text], { type: "text/csv" }), name);
  return form;
}

const clean = (html: string) => html.replaceAll("<!-- -->", "");

describe("a long import's progress on the import page", () => {
  it(`${ROWS.toLocaleString("en")} lines sent by the page: "Importing: N of ${ROWS.toLocaleString("en")} lines" with a meta refresh until the report shows`, async () => {
    // The mapping is remembered from an API import of the same layout (the page asks for it once).
    const first = await admin.post("/api/bank-statements", (() => {
      const f = pageForm(csv(3, "01"), "first.csv");
      f.append("mapping", JSON.stringify(MAPPING));
      return f;
    })());
    expect(first.status, first.text).toBe(201);
    const sent = await admin.post("/admin/payments/import", pageForm(csv(ROWS), "long.csv"));
    expect(sent.status, sent.text.slice(0, 300)).toBe(303);
    const location = sent.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/payments\/import\?import=[\w-]+$/);
    const seen: number[] = [];
    let page = "";
    for (let tries = 0; tries < 600; tries++) {
      const res = await admin.get(location);
      expect(res.status).toBe(200);
      page = clean(res.text);
      const m = page.match(/Importing: ([\d,]+) of ([\d,]+) lines/);
      if (!m) break;
      expect(m[2]).toBe(ROWS.toLocaleString("en"));
      expect(page).toMatch(/<meta http-equiv="refresh" content="2"\/?>/);
      seen.push(Number(m[1]!.replaceAll(",", "")));
      await new Promise((r) => setTimeout(r, 100));
    }
    // Seen under way, never going back, then the report (no refresh any more).
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(page).not.toContain('http-equiv="refresh"');
    expect(page).toContain("Statement imported");
    expect(page).toMatch(/data-figure="read"[^>]*>20000</);
    expect(page).toMatch(/data-figure="new"[^>]*>20000</);
    expect(count(server, "bank_transactions")).toBe(ROWS + 3);
  }, 300_000);

  it("a small file sent by the page still answers with its report at once", async () => {
    const res = await admin.post("/admin/payments/import", pageForm(csv(5, "02"), "small.csv"));
    expect(res.status).toBe(200);
    expect(clean(res.text)).toContain("Statement imported");
    expect(res.text).not.toContain('http-equiv="refresh"');
  });

  it("an import cut half way (the server restarted) says how far it got and that the same file again stores the rest", async () => {
    writeDb(server, "update bank_imports set lines_done = 1500, read_count = 4000 where file_name = 'small.csv'");
    const id = query<{ id: string }>(server, "select id from bank_imports where file_name = 'small.csv'")[0]!.id;
    const page = clean((await admin.get(`/admin/payments/import?import=${id}`)).text);
    expect(page).toContain("This import stopped after 1,500 of 4,000 lines of small.csv. Import the same file again: it stores the rest, and the lines already stored are not stored twice.");
    expect(page).not.toContain('http-equiv="refresh"');
    expect(page).toContain("1,500 of 4,000 stored, stopped: import the file again");
  });

  it("with JavaScript the page posts to its .data address: a statement over the forms' 512 KB reaches the import (was 413)", async () => {
    const big = `${"not a statement line\n".repeat(30_000)}`;
    expect(big.length).toBeGreaterThan(512 * 1024);
    const res = await admin.post("/admin/payments/import.data", pageForm(big, "big.txt"));
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain("not a bank statement (CSV, CAMT.053 or MT940 expected)");
  });

  it("an unknown import id shows the page without progress", async () => {
    const res = await admin.get("/admin/payments/import?import=nope");
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("Importing:");
  });
});
