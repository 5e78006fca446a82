// Bytes a phone downloads per guest page (issue 8): a real Chromium at 390 px
// (DPR 2, the phone project), a fresh cache, the page scrolled to the end so
// lazy images load too, then every response's transferred size (headers and
// encoded body) summed. Budgets: the landing page <= 300 KB in all and <= 120
// KB of JavaScript (gzipped as sent), the targets. The two hydrated
// guest pages have no target in the issue: their ceilings below are guards,
// the measured weight plus about 10%, so that a regression shows. Lower them
// as the pages get lighter. Measured (2026-11-24): /rsvp 320 KB with 239 KB of
// JavaScript before issue 16, 311 KB / 228 KB without tailwind-merge; /my-rsvp
// 317 KB / 230 KB before, 308 KB / 220 KB after. Then (2026-11-25) zod loaded
// on the first focus of a form, a native <dialog>, a toaster without Radix and
// the guest icons drawn locally: /rsvp (sign-in, form, ?edit=1) 251-258 KB with
// 168 KB of JavaScript in 27 responses, /my-rsvp 254 KB / 165 KB in 26. Then
// hashed subresources without the document headers: /rsvp 242-248 KB / 160 KB,
// /my-rsvp 245 KB / 157 KB. Issue 28 (2026-11-26): modules precompressed with
// brotli 11, the sign-in and thank-you stages loaded when shown, the icons in
// a sprite: /rsvp (sign-in, form, ?edit=1) 220-225 KB with 130-132 KB of
// JavaScript, /my-rsvp 228 KB / 132 KB. The JavaScript budget is now issue
// 28's target, 140 KB (the same measure as the issue's 157-160 KB). Then
// (2026-11-27) after issues 36-40, /my-rsvp had grown to 137.1 KB; the guest
// form primitives in one chunk (vite.config.ts) brought it to 135.0 KB
// (/rsvp 135.4 -> 133.4 KB), five responses fewer.
import { expect, test, type Page } from "@playwright/test";

const KB = 1024;

type Budget = { total: number; js: number };
const BUDGETS: Record<string, Budget> = {
  "/": { total: 300 * KB, js: 120 * KB },
  "/rsvp": { total: 250 * KB, js: 140 * KB },
  "/my-rsvp": { total: 250 * KB, js: 140 * KB },
};

async function measure(page: Page, path: string) {
  const seen: { url: string; type: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    pending.push(
      request.sizes().then((s) => {
        seen.push({ url: request.url(), type: request.resourceType(), bytes: s.responseHeadersSize + s.responseBodySize });
      }),
    );
  });
  const response = await page.goto(path, { waitUntil: "load" });
  // Scroll through the page so lazy images come in, as a reader's would.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  const total = seen.reduce((s, r) => s + r.bytes, 0);
  const js = seen.filter((r) => r.type === "script").reduce((s, r) => s + r.bytes, 0);
  return { status: response?.status() ?? 0, total, js, seen };
}

function report(path: string, m: Awaited<ReturnType<typeof measure>>) {
  const lines = m.seen
    .sort((a, b) => b.bytes - a.bytes)
    .map((r) => `    ${(r.bytes / KB).toFixed(1).padStart(7)} KB  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`);
  console.log(`${path}: ${(m.total / KB).toFixed(1)} KB in ${m.seen.length} responses, JavaScript ${(m.js / KB).toFixed(1)} KB\n${lines.join("\n")}`);
}

test.describe("bytes per guest page on a phone", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "phone-js", "measured once, on the 390 px phone with JavaScript");
  });

  test("landing page: <= 300 KB in all, images included; <= 120 KB of JavaScript", async ({ page }) => {
    const m = await measure(page, "/");
    report("/", m);
    expect(m.status).toBe(200);
    // The hero and the two gallery pictures all arrived.
    expect(m.seen.filter((r) => r.type === "image").length).toBeGreaterThanOrEqual(3);
    expect(m.js).toBeLessThanOrEqual(BUDGETS["/"]!.js);
    expect(m.total).toBeLessThanOrEqual(BUDGETS["/"]!.total);
  });

  test("/rsvp (the sign-in stage a guest opens first)", async ({ page }) => {
    const m = await measure(page, "/rsvp");
    report("/rsvp", m);
    expect(m.status).toBe(200);
    expect(m.js).toBeLessThanOrEqual(BUDGETS["/rsvp"]!.js);
    expect(m.total).toBeLessThanOrEqual(BUDGETS["/rsvp"]!.total);
  });

  test("/my-rsvp for a signed-in party", async ({ page }) => {
    // A demo party that has answered and has rooms: every card of the page shows.
    const signIn = await page.request.post("/api/guest-auth", { data: { type: "email", identifier: "rita.almeida@example.pt" } });
    expect(signIn.status()).toBe(200);
    const m = await measure(page, "/my-rsvp");
    report("/my-rsvp", m);
    expect(m.status).toBe(200);
    expect(m.js).toBeLessThanOrEqual(BUDGETS["/my-rsvp"]!.js);
    expect(m.total).toBeLessThanOrEqual(BUDGETS["/my-rsvp"]!.total);
  });

  test("/rsvp, the form of a signed-in party that has not answered", async ({ page }) => {
    // The Whitfields: no answer yet, one room to decide.
    const signIn = await page.request.post("/api/guest-auth", { data: { type: "email", identifier: "sarah@whitfield.example.co.uk" } });
    expect(signIn.status()).toBe(200);
    const m = await measure(page, "/rsvp");
    report("/rsvp (form)", m);
    expect(m.status).toBe(200);
    expect(m.js).toBeLessThanOrEqual(BUDGETS["/rsvp"]!.js);
    expect(m.total).toBeLessThanOrEqual(BUDGETS["/rsvp"]!.total);
  });

  test("/rsvp?edit=1, the form again for a party that has answered", async ({ page }) => {
    const signIn = await page.request.post("/api/guest-auth", { data: { type: "email", identifier: "rita.almeida@example.pt" } });
    expect(signIn.status()).toBe(200);
    const m = await measure(page, "/rsvp?edit=1");
    report("/rsvp?edit=1", m);
    expect(m.status).toBe(200);
    expect(m.js).toBeLessThanOrEqual(BUDGETS["/rsvp"]!.js);
    expect(m.total).toBeLessThanOrEqual(BUDGETS["/rsvp"]!.total);
  });
});
