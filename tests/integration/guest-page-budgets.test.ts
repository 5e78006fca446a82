// Guest page budgets at full size (issue 28), against the production build on
// the bench's data (300 parties, 1,000 guests), so that a regression fails
// `npm test`. Generous guards, not timing tests:
// - server CPU per request of a signed-in party's /rsvp and /my-rsvp at most
//   twice the issue's target of 8 ms (16 ms). CPU time, read from /proc, hardly
//   moves when other work shares the machine (unlike req/s or latency); the
//   least of three rounds is taken. Measured 2026-11-26 one request at a time:
//   /rsvp 6.5-7.2 ms and /my-rsvp 6.7-7.6 before issue 28, 4.5-5.8 after.
// - the JavaScript each of those pages asks for (its module preloads, entry
//   module and inline scripts) at most 140 KB, issue 28's target: the modules
//   as a browser downloads them (it accepts brotli; the build precompresses
//   each at quality 11), the inline scripts gzipped on their own (more than
//   they weigh inside the compressed page). 157 KB before issue 28 (gzip as
//   the compression middleware sent it), 134-137 KB after (README,
//   Performance). The sign-in stages load their card when shown: the browser
//   spec tests/e2e/perf-budget.spec.ts weighs those.
// - issue 40: with a gift fund set (its card on /my-rsvp), and its own page
//   /my-rsvp/gifts weighed the same way (113 KB on 2026-11-27; /my-rsvp
//   138.8 KB with the card).
// - no query per row: the same number of SQL statements on a page whatever
//   the size of the party (counted by the server, QUERY_COUNT=1).
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../scripts/bench/seed.mjs";
import { rawGet } from "../support/http";
import { startServer, type TestServer } from "../support/server";

const KB = 1024;
const CPU_GUARD_MS = 16;
const JS_GUARD = 140 * KB;
/** What a browser sends; the server answers brotli where it has it. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const BROWSER = { accept: "text/html", "accept-encoding": "gzip, deflate, br", "accept-language": "en-GB,en;q=0.9" };


/** User + system CPU time of a process so far, in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

describe("guest pages at full size (300 parties, 1,000 guests)", () => {
  let server: TestServer;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    server = await startServer({ env: { QUERY_COUNT: "1" } });
    seedDatabase(server.dbPath, { parties: 300, guests: 1000 });
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(server.dbPath, { readonly: true });
    // As the bench picks them: a party still to answer (the form), one that answered with a confirmed room (every card).
    const fresh = db
      .prepare(
        `select auth_code from parties p where not exists (select 1 from rsvps r where r.party_id = p.id)
           and not exists (select 1 from party_room_assignments a where a.party_id = p.id) order by auth_code limit 1`,
      )
      .pluck()
      .get() as string;
    const answered = db
      .prepare(
        `select auth_code from parties p join rsvps r on r.party_id = p.id
         where exists (select 1 from party_room_assignments a where a.party_id = p.id and a.confirmation_status = 'confirmed') order by auth_code limit 1`,
      )
      .pluck()
      .get() as string;
    db.close();
    // Issue 40: a gift fund, so /my-rsvp carries its gifts card and /my-rsvp/gifts its page, as when the host has one.
    const writer = new Database(server.dbPath);
    const now = new Date().toISOString();
    writer
      .prepare("insert into gift_funds (id, title, title_pt, text, goal, show_total, show_names, reference, created_at, updated_at) values (?, ?, ?, ?, ?, 1, 0, ?, ?, ?)")
      .run("budget-fund", "Trip to Japan", "Viagem ao Japão", "If you wish, a contribution to the trip.", 300_000, "G40-BDGT", now, now);
    writer.close();
    for (const [page, code] of [["/rsvp", fresh], ["/my-rsvp", answered]] as const) {
      const res = await fetch(`${server.url}/api/party-auth`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ authCode: code }),
      });
      expect(res.status, page).toBe(200);
      cookies[page] = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    }
  });
  afterAll(async () => server?.stop());

  const page = (path: "/rsvp" | "/my-rsvp" | "/my-rsvp/gifts") => rawGet(`${server.url}${path}`, { ...BROWSER, cookie: cookies[path === "/rsvp" ? path : "/my-rsvp"]! });

  it(`a signed-in party's /rsvp and /my-rsvp each cost at most ${CPU_GUARD_MS} ms of server CPU`, async () => {
    const figures: Record<string, number> = {};
    for (const path of ["/rsvp", "/my-rsvp"] as const) {
      const first = await page(path);
      expect(first.status, path).toBe(200);
      for (let i = 0; i < 30; i++) await page(path);
      const rounds: number[] = [];
      for (let round = 0; round < 3; round++) {
        const before = cpuMs(server.pid);
        for (let i = 0; i < 25; i++) await page(path);
        rounds.push((cpuMs(server.pid) - before) / 25);
      }
      figures[path] = Math.min(...rounds);
    }
    console.log(`server CPU per request at 300 parties / 1,000 guests: ${Object.entries(figures).map(([p, ms]) => `${p} ${ms.toFixed(1)} ms`).join(", ")}`);
    for (const [path, ms] of Object.entries(figures)) expect(ms, path).toBeLessThanOrEqual(CPU_GUARD_MS);
  });

  it(`ships at most ${JS_GUARD / KB} KB of JavaScript per guest page as downloaded, with a handful of queries`, async () => {
    for (const path of ["/rsvp", "/my-rsvp", "/my-rsvp/gifts"] as const) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      // Issue 28: the loaders read a party's rows with prepared statements, a fixed number per page.
      expect(Number(res.headers["x-query-count"]), path).toBeLessThanOrEqual(30);
      const html = (res.headers["content-encoding"] === "br" ? brotliDecompressSync(res.body) : res.body).toString("utf8");
      // Hydration starts after load (decision 043): the modules are listed in data-preload, the entry in the deferred module.
      const boot = /<script[^>]*id="rr-boot"[^>]*>/.exec(html)?.[0] ?? "";
      const base = /data-base="([^"]*)"/.exec(boot)?.[1] ?? "";
      const urls = new Set((/data-preload="([^"]*)"/.exec(boot)?.[1] ?? "").split(" ").filter(Boolean).map((h) => base + h));
      for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
      for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
      expect(urls.size, path).toBeGreaterThan(5);
      let total = 0;
      for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) if (m[1]!.trim()) {
        total += gzipSync(m[1]!).length;
        if (process.env.JS_DEBUG) console.log(`inline ${m[1]!.length} raw, ${gzipSync(m[1]!).length} gz: ${m[1]!.slice(0, 300)}`);
      }
      const inline = total;
      let gzipped = inline;
      for (const url of urls) {
        const asset = await rawGet(new URL(url, server.url).href, { "accept-encoding": BROWSER_ENCODINGS });
        expect(asset.status, url).toBe(200);
        // Every module is sent compressed (brotli 11 precompressed at build), never as it is.
        expect(asset.headers["content-encoding"], url).toBe("br");
        total += asset.body.length;
        const gz = await rawGet(new URL(url, server.url).href, { "accept-encoding": "gzip" });
        expect(gz.headers["content-encoding"], url).toBe("gzip");
        gzipped += gz.body.length;
      }
      if (process.env.JS_DEBUG) console.log([...urls].join("\n"));
      console.log(
        `${path}: ${urls.size} scripts, ${(total / KB).toFixed(1)} KB of JavaScript as downloaded (${(gzipped / KB).toFixed(1)} KB where only gzip is accepted), ${(inline / KB).toFixed(1)} KB of it inline`,
      );
      expect(total, path).toBeLessThanOrEqual(JS_GUARD);
    }
  });
});
