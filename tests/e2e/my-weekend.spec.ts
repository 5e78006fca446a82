// Issue 38 in the browser: My weekend opens from the phone's cache with the
// network switched off (under 1 s) and says so, refreshes when back online,
// keeps nothing of a guest after a sign-out or another party's sign-in; the
// driver's ticks made offline arrive once when the network returns, also
// after the page was closed; the printed page is one A4 sheet in English and
// Portuguese. Without JavaScript the page and the driver's ticks work as HTML.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { startServer } from "../support/server";
import { expect, test } from "./admin-fixtures";
import { E2E_ADMIN_PASSWORD, expectAccessible, jsEnabled, keepPicture } from "./utils";

// One retry, here only. The waits below made these tests pass 10 of 10 on their own, but in a full
// clean-clone run (2026-11-27, phone-js) the guest cache, seen whole just before the network went
// off, held the page without its calendar file once: the worker emptied and refilled it after the
// check (a session key it took for another's). Cause not found yet (decision 081).
test.describe.configure({ timeout: 120_000, retries: 1 });

type World = { party: { id: string; authCode: string; name: string }; other: { authCode: string; name: string }; runId: string; token: string; host: APIRequestContext };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>, what: string): Promise<any> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A party of two coming, with two pickups, two side events and a room; another party; a driver's link to the arrival run. */
async function world(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string, tag: string): Promise<World> {
  const host = await playwright.request.newContext({ baseURL });
  await ok(await host.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } }), "login");
  await ok(await host.patch("/api/travel-settings", { data: { enabled: true, windowStart: "2026-06-10", windowEnd: "2026-06-16", deadline: null } }), "travel");
  await ok(await host.patch("/api/event-config", { data: { hostPhone: "+351912345678", hotelName: "Quinta da Videira Hotel", hotelPhone: "+351254000000", venueLatitude: 41.19, venueLongitude: -7.54 } }), "config");
  const points = await (await host.get("/api/travel-points")).json();
  const point = points[0]?.id ?? (await ok(await host.post("/api/travel-points", { data: { name: "Porto Airport (OPO)", namePt: "Aeroporto do Porto (OPO)", kind: "airport", transfer: true, driveMinutes: 120 } }), "point")).id;
  const make = async (name: string) => {
    const party = await ok(await host.post("/api/parties", { data: { name, primaryPhone: `+3519${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}` } }), "party");
    for (const first of ["Ana", "Rui"]) await ok(await host.post(`/api/parties/${party.id}/members`, { data: { firstName: first, lastName: tag, ageCategory: "adult" } }), "member");
    await ok(await host.post("/api/rsvps", { data: { partyId: party.id, attending: true } }), "rsvp");
    return party as { id: string; authCode: string; name: string };
  };
  const party = await make(`Weekenders ${tag}`);
  const other = await make(`Others ${tag}`);
  const guest = await playwright.request.newContext({ baseURL });
  await ok(await guest.post("/api/party-auth", { data: { authCode: party.authCode } }), "guest sign-in");
  const leg = (date: string, time: string, number: string) => ({ date, time, pointId: point, number });
  await ok(await guest.put("/api/my-travel", { data: { arrival: leg("2026-06-12", "13:10", "TP1234"), departure: leg("2026-06-14", "18:00", "TP1235"), transfer: { arrival: true, departure: true, seats: 2 }, members: [] } }), "travel answer");
  for (const [title, date, from, to] of [["Boat trip", "Saturday, June 13, 2026", "10:00 AM", "12:00 PM"], ["Vineyard walk", "Sunday, June 14, 2026", "11:00 AM", "1:00 PM"]]) {
    const event = await ok(await host.post("/api/events", { data: { title: `${title}`, titlePt: title === "Boat trip" ? "Passeio de barco" : "Passeio na vinha", date, timeFrom: from, timeTo: to } }), "event");
    await ok(await guest.post("/api/event-rsvps", { data: { eventId: event.id, partyId: party.id, attending: true } }), "event rsvp");
  }
  const roomType = await ok(await host.post("/api/room-types", { data: { name: `Douro Suite ${tag}`, location: "Main house", category: "Suite", areaSqM: 40, areaSqFt: 430, maxOccupancyAdults: 2, totalUnits: 3, pricePerNight: 20000 } }), "room type");
  await ok(await host.post("/api/room-assignments", { data: { partyId: party.id, roomTypeId: roomType.id, quantity: 1 } }), "room");
  await guest.dispose();
  const run = async (direction: string, date: string, time: string) =>
    (await ok(await host.post("/api/shuttle-runs", { data: { direction, date, time, fromPointId: direction === "arrival" ? point : null, toPointId: direction === "arrival" ? null : point, seats: 8, vehicle: "White minibus", driverPhone: "+351912000111", note: "Sign: Convite", locked: false, partyIds: [party.id] } }), "run")).id as string;
  const runId = await run("arrival", "2026-06-12", "14:30");
  await run("departure", "2026-06-14", "15:00");
  const link = await ok(await host.post(`/api/shuttle-runs/${runId}/driver-links`, { data: { label: "Carlos" } }), "driver link");
  return { party, other, runId, token: link.token, host };
}

/**
 * A server of the test's own, so "offline" is real: Playwright's setOffline
 * does not reach a service worker's own requests, so the server is stopped as
 * well, and started again on the same port and database to come back online.
 */
async function ownServer() {
  const env = { RATE_LIMIT_DISABLED: "1", ADMIN_PASSWORD: E2E_ADMIN_PASSWORD };
  let server = await startServer({ env });
  const port = new URL(server.url).port;
  return {
    url: server.url,
    offline: async (context: BrowserContext) => {
      await context.setOffline(true);
      await server.stop();
    },
    online: async (context: BrowserContext) => {
      server = await startServer({ env: { ...env, PORT: port }, dbPath: server.dbPath, uploadDir: server.uploadDir });
      await context.setOffline(false);
    },
    stop: () => server.stop(),
  };
}

/**
 * Before the network goes off: the worker controls the page and its caches
 * hold what an offline visit needs: `own` (the page, its calendar file) and
 * every file the page was drawn with that the worker keeps (styles, scripts,
 * images, preloads: the list the page's script sends it). The worker writes
 * them in its own time, so the test reads the caches until they are there.
 */
async function keptForOffline(page: Page, own: { cache: string; path: string }[]) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(
    async (own) => {
      if (!navigator.serviceWorker.controller) return false;
      // sw.js's isShell: what goes to its "shell-v1" cache.
      const shellFile = (path: string) => /^\/(assets|icons|my-weekend)\//.test(path) || ["/my-weekend.js", "/driver.js", "/manifest.webmanifest", "/favicon.svg"].includes(path);
      const drawnWith = [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement | HTMLImageElement>("link[rel=stylesheet],link[rel=preload],script[src],img")]
        .map((el) => new URL("href" in el ? el.href : el.src, location.href))
        .filter((u) => u.origin === location.origin && shellFile(u.pathname));
      const shell = await caches.open("shell-v1");
      for (const u of drawnWith) if (!(await shell.match(u.href, { ignoreSearch: true }))) return false;
      for (const { cache, path } of own) if (!(await (await caches.open(cache)).match(path))) return false;
      return true;
    },
    own,
    { timeout: 15_000 },
  );
}
/**
 * Kept, and still kept a second later: a worker still busy with an answer it
 * had asked for before (which may empty the guest cache and fill it again)
 * has finished, so going offline cuts nothing half-written.
 */
const guestCached = async (page: Page) => {
  const own = [
    { cache: "guest", path: "/my-weekend" },
    { cache: "guest", path: "/my-rsvp/calendar.ics" },
  ];
  await keptForOffline(page, own);
  await page.waitForTimeout(1000);
  await keptForOffline(page, own);
};

test("My weekend opens offline from the cache, refreshes online, and keeps nothing after a sign-out or another party's sign-in", async ({ page, context, playwright }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "a service worker needs JavaScript");
  const s = await ownServer();
  const at = (path: string) => s.url + path;
  const w = await world(playwright, s.url, Math.random().toString(36).slice(2, 7));
  const phone = (page.viewportSize()?.width ?? 1280) < 500;
  const lang = phone ? "pt" : "en";
  await page.goto(at(`/rsvp?code=${encodeURIComponent(w.party.authCode)}&lang=${lang}`));
  await page.goto(at("/my-weekend"));
  await expect(page.getByText(lang === "pt" ? "Transporte à chegada" : "Arrival pickup").first()).toBeVisible();
  await guestCached(page);
  const saved = (await page.locator("#weekend-status").textContent())!;
  expect(saved).toMatch(lang === "pt" ? /^Guardado às \d\d:\d\d$/ : /^Saved at \d\d:\d\d$/);

  await s.offline(context);
  const started = Date.now();
  const res = await page.goto(at("/my-weekend"));
  const elapsed = Date.now() - started;
  expect(res?.fromServiceWorker(), `${res?.status()} ${res?.url()}`).toBe(true);
  expect(elapsed, `opened from the cache in ${elapsed} ms`).toBeLessThan(1000);
  await expect(page.locator("#weekend-status")).toHaveText(lang === "pt" ? /Guardado às \d\d:\d\d — está sem rede/ : /Saved at \d\d:\d\d — you are offline/);
  await expect(page.getByText(w.party.name)).toBeVisible();
  await expect(page.locator('img[src="/my-weekend/venue-map.svg"]')).toHaveJSProperty("complete", true);
  expect(await page.locator('img[src="/my-weekend/venue-map.svg"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const kept = await page.evaluate(async () => (await (await caches.open("guest")).keys()).map((r) => new URL(r.url).pathname));
  expect(kept).toEqual(expect.arrayContaining(["/my-weekend", "/my-rsvp/calendar.ics"]));
  // The calendar file is kept too.
  expect(await page.evaluate(async () => (await fetch("/my-rsvp/calendar.ics")).text())).toContain("BEGIN:VCALENDAR");
  await keepPicture(page, testInfo.outputPath(`my-weekend-offline-${lang}.png`));
  console.log(`[figure] my-weekend from the cache offline (${testInfo.project.name}): ${elapsed} ms`);

  // Online again: the page refreshes itself.
  await Promise.all([page.waitForEvent("load"), s.online(context)]);
  await expect(page.locator("#weekend-status")).toHaveText(lang === "pt" ? /^Guardado às/ : /^Saved at \d\d:\d\d$/);

  // Another party signs in on the same phone: the first party's weekend is gone from the cache.
  await page.goto(at(`/rsvp?code=${encodeURIComponent(w.other.authCode)}`));
  await page.getByRole("button", { name: new RegExp(`^(Continue as|Continuar como) ${w.other.name}`) }).click();
  await page.waitForURL((url) => !url.search.includes("code="));
  await expect.poll(() => page.evaluate(async () => (await caches.open("guest")).match("/my-weekend").then((r) => r?.text() ?? ""))).not.toContain(w.party.name);
  await page.goto(at("/my-weekend"));
  await guestCached(page);
  await expect(page.getByText(w.other.name)).toBeVisible();

  // A sign-out: nothing of a guest is left, and offline /my-weekend does not open.
  await page.getByRole("button", { name: lang === "pt" ? "Terminar sessão" : "Sign out" }).click();
  await page.waitForURL(/\/rsvp/);
  const left = await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) out.push(`${name} ${new URL(req.url).pathname}`);
    return out;
  });
  expect(left.filter((x) => x.startsWith("guest ")), left.join("\n")).toEqual([]);
  await s.offline(context);
  await expect(page.goto(at("/my-weekend"))).rejects.toThrow();
  await w.host.dispose();
  await context.setOffline(false);
});

test("the driver's ticks made offline arrive once when the network is back, also after the page was closed", async ({ context, playwright }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the offline queue needs JavaScript (without it each tick is a form: the next test)");
  const s = await ownServer();
  const w = await world(playwright, s.url, Math.random().toString(36).slice(2, 7));
  let page = await context.newPage();
  await page.goto(`${s.url}/driver/${w.token}`);
  await expect(page.getByText("0 boarded · 2 missing")).toBeVisible();
  await keptForOffline(page, [{ cache: "driver", path: `/driver/${w.token}` }]);

  await s.offline(context);
  const ana = page.getByRole("button", { name: /Not boarded.*Ana/ });
  await ana.click();
  await expect(page.getByText("1 boarded · 1 missing")).toBeVisible();
  await expect(page.locator("#driver-sync")).toContainText("Kept on this phone, not sent yet: 1.");
  await page.close();

  // Opened again without signal: from the cache, with the tick kept on the phone.
  page = await context.newPage();
  const started = Date.now();
  const res = await page.goto(`${s.url}/driver/${w.token}`);
  const elapsed = Date.now() - started;
  expect(res?.fromServiceWorker()).toBe(true);
  expect(elapsed).toBeLessThan(1000);
  await expect(page.getByText("1 boarded · 1 missing")).toBeVisible();
  await keepPicture(page, testInfo.outputPath("driver-offline.png"));
  // The server was down the whole time: the tick is only on the phone. Back online, it is sent.
  await s.online(context);
  await expect.poll(async () => (await (await w.host.get(`/api/shuttle-runs/${w.runId}/boarding`)).json()).boarded, { timeout: 10_000 }).toBe(1);
  await expect(page.locator("#driver-sync")).toHaveText("");
  // Nothing is left on the phone to send; opened once more, nothing is sent twice.
  expect(await page.evaluate((token) => JSON.parse(localStorage.getItem(`driver-queue:${token}`) ?? "[]"), w.token)).toEqual([]);
  await page.reload();
  await expect(page.getByText("1 boarded · 1 missing")).toBeVisible();
  const after = await (await w.host.get(`/api/shuttle-runs/${w.runId}/boarding`)).json();
  expect(after).toMatchObject({ boarded: 1, missing: 1 });
  console.log(`[figure] driver's list from the cache offline (${testInfo.project.name}): ${elapsed} ms`);
  await w.host.dispose();
  await s.stop();
});

test("without JavaScript: My weekend is whole HTML and accessible; the driver ticks by a form", async ({ page, playwright, baseURL }, testInfo) => {
  test.skip(jsEnabled(testInfo), "the JavaScript projects have the tests above");
  const w = await world(playwright, baseURL!, Math.random().toString(36).slice(2, 7));
  await page.goto(`/rsvp?code=${encodeURIComponent(w.party.authCode)}`);
  await page.goto("/my-weekend?lang=en");
  await expect(page.getByText("Arrival pickup")).toBeVisible();
  await expect(page.getByText("Boat trip")).toBeVisible();
  await expect(page.getByRole("link", { name: "Call +351912345678" })).toHaveAttribute("href", "tel:+351912345678");
  await expectAccessible(page);
  await page.goto(`/driver/${w.token}`);
  await page.getByRole("button", { name: /Not boarded.*Ana/ }).click();
  await expect(page.getByText("1 boarded · 1 missing")).toBeVisible();
  await expectAccessible(page);
  // A link to the whole day: each run under its own heading, ticked by the same form.
  const day = await ok(await w.host.post("/api/driver-links", { data: { day: "2026-06-12", label: "Carlos, Friday" } }), "day link");
  await page.goto(`/driver/${day.token}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("2026-06-12");
  const section = page.locator("section").filter({ has: page.getByRole("heading", { name: w.party.name }) });
  await section.getByRole("button", { name: new RegExp(`Not boarded.*Rui ${w.party.name.split(" ")[1]}`) }).click();
  await expect(page.locator("section").filter({ has: page.getByRole("heading", { name: w.party.name }) }).getByRole("button", { name: /Boarded.*Rui/ })).toBeVisible();
  await expectAccessible(page);
  await w.host.dispose();
});

test("the printed page fits one A4 sheet, in English and Portuguese", async ({ page, playwright, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-js", "page.pdf() once, in Chromium");
  const w = await world(playwright, baseURL!, Math.random().toString(36).slice(2, 7));
  await page.goto(`/rsvp?code=${encodeURIComponent(w.party.authCode)}`);
  for (const lang of ["en", "pt"]) {
    await page.goto(`/my-weekend?lang=${lang}`);
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    console.log(`[figure] my-weekend printed (${lang}): ${pages} page(s)`);
    expect(pages, `${lang}: PDF pages`).toBe(1);
    await page.emulateMedia({ media: "screen" });
  }
  await w.host.dispose();
});
