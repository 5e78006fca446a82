// npm run bench:lighthouse: Lighthouse (mobile emulation, its defaults:
// Moto G Power-class screen, simulated slow 4G and 4x CPU slowdown) on /,
// /rsvp, /my-rsvp and /my-weekend (signed in as a guest party) and the host's heaviest pages
// (the Seating page with a saved plan for 250 guests, seeded by the API) of the
// production build on a temporary demo database, three runs each, medians printed. Uses Debian's
// Chromium (CHROME_PATH, else /usr/bin/chromium); never downloads a browser.
// Run `npm run build` first (it builds only when ./build is missing).
// Knobs: LH_RUNS (3), LH_PAGES (comma-separated paths), LH_JSON=file (medians as
// JSON), LH_SAVE=dir (every full Lighthouse report, to see why a score drops),
// LH_ALBUM_PHOTOS (0: photos the guest shares before /album is measured, issue 39).
import lighthouse from "lighthouse";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { seedAlbum } from "./album-seed.mjs";
import { ensureBuild, makeDemoDatabase, pickParties, signInAdmin, signInParty, startAppServer } from "./lib.mjs";
import { seedSeatingPlan } from "./seating-seed.mjs";

const RUNS = Number(process.env.LH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Starts Chromium with a DevTools port; Lighthouse drives it over CDP. */
function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), "convite-lh-profile-"));
  const child = spawn(CHROME, [...FLAGS, "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 30_000);
    child.stderr.on("data", (d) => {
      err += d;
      const m = err.match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({
          port: Number(m[1]),
          stop: () =>
            new Promise((r) => {
              child.once("exit", () => {
                try {
                  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
                } catch {
                  // Chromium's helpers may still be writing; a leftover temp profile is harmless.
                }
                r();
              });
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${err}`));
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function summarise(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // SEO: every audit that counts must pass, but is-crawlable (noindex is on purpose).
  const seoFailures = (lhr.categories.seo?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && ref.id !== "is-crawlable")
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual" && a.score !== 1)
    .map((a) => a.id);
  // Anything short of a pass in the other three categories, to say why a score is not 100.
  const misses = [];
  for (const c of ["performance", "accessibility", "best-practices"]) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative") misses.push(`${c}:${a.id}(${a.score})`);
    }
  }
  // The page's JavaScript as sent (compressed), the guest budget's measure (decision 069).
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return {
    scores,
    jsBytes,
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcp: metric("first-contentful-paint"),
    weight: metric("total-byte-weight"),
    seoFailures,
    misses,
    warnings: [...(lhr.runWarnings ?? []), ...(lhr.runtimeError ? [`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [])],
  };
}

async function main() {
  ensureBuild();
  const started = new Date();
  const demo = makeDemoDatabase({ parties: 300, guests: 1000 });
  const picks = pickParties(demo.dbPath);
  const app = await startAppServer({ dbPath: demo.dbPath, dir: demo.dir, env: { LOG_REQUESTS: "0" } });
  const chrome = await launchChromium();
  const rows = [];
  try {
    const guestCookie = picks.myRsvp ? await signInParty(app.url, picks.myRsvp.code) : null;
    const adminCookie = await signInAdmin(app.url);
    const albumPhotos = Number(process.env.LH_ALBUM_PHOTOS ?? 0);
    if (albumPhotos && guestCookie) {
      const failed = await seedAlbum({ url: app.url, dbPath: demo.dbPath, guestCookie, adminCookie, photos: albumPhotos });
      console.log(`- /album: ${albumPhotos} photos shared, ${failed} copies failed`);
    }
    const pages = [
      { path: "/", headers: {} },
      { path: "/rsvp", headers: {} },
      { path: "/my-rsvp", headers: guestCookie ? { Cookie: guestCookie } : {}, label: "/my-rsvp (signed in)" },
      // Issue 38: the guest's weekend (no React; its own small script and the service worker's).
      { path: "/my-weekend", headers: guestCookie ? { Cookie: guestCookie } : {}, label: "/my-weekend (signed in)" },
      // Issue 39: the album's first page (48 photos of however many).
      { path: "/album", headers: guestCookie ? { Cookie: guestCookie } : {}, label: `/album (${process.env.LH_ALBUM_PHOTOS ?? 0} photos)` },
      // Issue 16: the host's heaviest pages at 300 parties / 1,000 guests.
      { path: "/admin/dashboard", headers: adminCookie ? { Cookie: adminCookie } : {}, label: "/admin/dashboard (300 parties)" },
      { path: "/admin/guests", headers: adminCookie ? { Cookie: adminCookie } : {}, label: "/admin/guests (1,000 guests)" },
      // Issue 37: the dinner's plan at full size, seeded only when measured.
      { path: "/admin/seating", headers: adminCookie ? { Cookie: adminCookie } : {}, label: "/admin/seating (250 guests, a plan)", seed: () => seedSeatingPlan(app.url, adminCookie) },
    ].filter((p) => !process.env.LH_PAGES || process.env.LH_PAGES.split(",").includes(p.path));
    for (const page of pages) if (page.seed) page.path = await page.seed();

    for (const page of pages) {
      const label = page.label ?? page.path;
      const probe = await fetch(app.url + page.path, { headers: page.headers, redirect: "manual" });
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        rows.push({ label, missing: probe.status === 404 ? "missing (404)" : `status ${probe.status}` });
        console.log(`- ${label}: ${rows.at(-1).missing}`);
        continue;
      }
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        process.stdout.write(`- ${label}: run ${i + 1}/${RUNS}... `);
        const result = await lighthouse(
          app.url + page.path,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders: page.headers },
          undefined,
        );
        const s = summarise(result.lhr);
        if (process.env.LH_SAVE) mkdirSync(process.env.LH_SAVE, { recursive: true });
        if (process.env.LH_SAVE) writeFileSync(join(process.env.LH_SAVE, `${label.replace(/\W+/g, "_")}-${i + 1}.json`), JSON.stringify(result.lhr));
        runs.push(s);
        console.log(`${CATEGORIES.map((c) => s.scores[c]).join("/")}, LCP ${Math.round(s.lcp)} ms`);
      }
      rows.push({
        label,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        fcp: median(runs.map((r) => r.fcp)),
        jsBytes: median(runs.map((r) => r.jsBytes)),
        weight: median(runs.map((r) => r.weight)),
        seoFailures: [...new Set(runs.flatMap((r) => r.seoFailures))],
        misses: [...new Set(runs.flatMap((r) => r.misses))],
        warnings: [...new Set(runs.flatMap((r) => r.warnings))],
      });
    }
  } finally {
    await chrome.stop();
    await app.stop();
    demo.cleanup();
  }

  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } }).catch(() => ({ default: { version: "12" } }))).default.version}, mobile emulation, median of ${RUNS}, ${started.toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.versions.node}, ${CHROME}\n`,
  );
  const head = ["page", "Performance", "Accessibility", "Best Practices", "SEO", "SEO but is-crawlable", "LCP", "TBT", "CLS", "FCP", "Weight"];
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`);
  for (const r of rows) {
    if (r.missing) {
      console.log(`| ${r.label} | ${r.missing} |${" |".repeat(head.length - 2)}`);
      continue;
    }
    const s = r.scores;
    console.log(
      `| ${r.label} | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${r.seoFailures.length ? `fails: ${r.seoFailures.join(", ")}` : "all pass"} | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${(r.fcp / 1000).toFixed(2)} s | ${Math.round(r.weight / 1024)} KB |`,
    );
  }
  console.log(`\nJavaScript sent (compressed, median): ${rows.filter((r) => !r.missing).map((r) => `${r.label} ${(r.jsBytes / 1024).toFixed(1)} KB`).join(", ")}`);
  for (const r of rows.filter((x) => x.misses?.length)) console.log(`\n${r.label}, audits short of a pass in some run: ${r.misses.join(", ")}`);
  for (const r of rows.filter((x) => x.warnings?.length)) console.log(`\n${r.label}, Lighthouse warnings: ${r.warnings.join(" | ")}`);
  if (process.env.LH_JSON) writeFileSync(process.env.LH_JSON, JSON.stringify({ date: started.toISOString(), rows }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
