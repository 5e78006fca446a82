// Issue 39 in the browser: a guest shares photos from /album (a plain form
// without JavaScript; resumable tus uploads with it, through a throttled,
// twice-cut connection and a reload), the host approves on /admin/album, and
// guests view the grid and one photo full screen. axe on every new page.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./admin-fixtures";
import { phonePhoto } from "../support/album-images";
import { E2E_ADMIN_PASSWORD, expectAccessible, jsEnabled, keepPicture, ready } from "./utils";

test.describe.configure({ timeout: 180_000 });

const heic = readFileSync("tests/fixtures/album/rainbow-451x461.heic");
type FilePayload = { name: string; mimeType: string; buffer: Buffer };

async function hostApi(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  return api;
}

async function guestOf(page: Page, api: APIRequestContext, name: string) {
  const party = await (await api.post("/api/parties", { data: { name } })).json();
  await api.post(`/api/parties/${party.id}/members`, { data: { firstName: "Rita", lastName: name, ageCategory: "adult" } });
  expect((await page.request.post("/api/party-auth", { data: { authCode: party.authCode } })).status()).toBe(200);
  return party as { id: string; name: string };
}

async function photos(count: number, seed: number, big = 0): Promise<FilePayload[]> {
  const files: FilePayload[] = [];
  for (let i = 0; i < count; i++) {
    // Every fourth an iPhone HEIC (the same picture, a different file each: trailing bytes).
    if (i % 4 === 3) files.push({ name: `IMG_${seed}${i}.HEIC`, mimeType: "image/heic", buffer: Buffer.concat([heic, Buffer.alloc(seed * 100 + i + 1)]) });
    else files.push({ name: `IMG_${seed}${i}.JPG`, mimeType: "image/jpeg", buffer: await phonePhoto(i < big ? 2400 : 480, i < big ? 1800 : 360, seed * 1000 + i) });
  }
  return files;
}

const partyPhotos = (api: APIRequestContext, partyName: string) =>
  api.get("/api/admin/album?status=waiting").then(async (r) => ((await r.json()).photos as { sharedBy: string; id: string }[]).filter((p) => p.sharedBy === partyName));

test("a guest shares photos without JavaScript, the host approves them, guests view them", async ({ page, playwright, baseURL, adminServer }, testInfo) => {
  test.skip(jsEnabled(testInfo), "the JavaScript projects send by tus (next test)");
  const api = await hostApi(playwright, baseURL!);
  const name = `Família Tavares ${testInfo.project.name}`;
  await guestOf(page, api, name);
  await page.goto("/album");
  await expectAccessible(page);
  await page.getByLabel("Photos", { exact: true }).setInputFiles(await photos(4, 1));
  await page.getByRole("button", { name: "Share photos" }).click();
  await expect(page.getByText("4 photo(s) shared")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("listitem")).toHaveCount(4);
  await keepPicture(page, `test-results/album-guest-${testInfo.project.name}.png`);

  // A lying file: refused with its message, nothing kept.
  await page.getByLabel("Photos", { exact: true }).setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html></html>") });
  await page.getByRole("button", { name: "Share photos" }).click();
  await expect(page.getByText("holiday.jpg is not a photo we can keep")).toBeVisible();

  // The host approves on /admin/album (a page of its own).
  const host = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined, baseURL });
  const hostPage = await host.newPage();
  await hostPage.request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  await hostPage.goto("/admin/album");
  await expectAccessible(hostPage);
  await keepPicture(hostPage, `test-results/album-admin-${testInfo.project.name}.png`);
  for (const p of await partyPhotos(api, name)) await api.patch(`/api/album/photos/${p.id}`, { data: { status: "shown" } });
  await host.close();

  await page.goto("/album");
  const grid = page.getByRole("region", { name: "Everyone's photos" });
  await expect(grid.getByRole("img", { name: `Photo shared by ${name}` }).first()).toBeVisible();
  await grid.getByRole("link", { name: `Photo shared by ${name}` }).first().click();
  await expect(page.locator("footer").getByText(`Shared by ${name}`)).toBeVisible();
  await expectAccessible(page);
  await keepPicture(page, `test-results/album-photo-${testInfo.project.name}.png`);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Previous" })).toBeVisible();
  // The screen at the party: one approved photo, who shared it.
  await page.goto("/album/slideshow");
  await expect(page.getByText(/^Shared by /)).toBeVisible();
  await expectAccessible(page);
  void adminServer;
});

test("with JavaScript: 40 photos over a throttled connection cut twice and a reload arrive once each", async ({ page, playwright, baseURL, adminServer }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "tus needs JavaScript");
  const api = await hostApi(playwright, baseURL!);
  const name = `Os Resumidos ${testInfo.project.name}`;
  await guestOf(page, api, name);
  const files = await photos(40, 2, 3);
  // About 2 MB/s up: the three large photos take several 5 MB-or-less chunks' time each.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 4_000_000, uploadThroughput: 2_000_000 });

  const sent = () => page.getByRole("status").filter({ hasText: /of 40 sent/ });
  const doneCount = async () => Number(/(\d+) of 40 sent/.exec((await sent().textContent()) ?? "")?.[1] ?? 0);
  const share = async () => {
    await page.goto("/album");
    await ready(page, testInfo);
    await page.getByLabel("Photos", { exact: true }).setInputFiles(files);
    await page.getByRole("button", { name: "Share photos" }).click();
    await expect(sent()).toBeVisible({ timeout: 30_000 });
  };
  await share();
  await expectAccessible(page);
  // Cut once, mid-way: the retries wait, then go on.
  await expect.poll(doneCount, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await page.context().setOffline(true);
  await page.waitForTimeout(3000);
  await page.context().setOffline(false);
  await expect.poll(doneCount, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
  // Cut again, and reload the page while offline uploads wait; choose the same photos again.
  await page.context().setOffline(true);
  await page.waitForTimeout(1500);
  await page.context().setOffline(false);
  await share();
  await expect(sent()).toContainText(/already shared, skipped/, { timeout: 60_000 });
  await expect.poll(doneCount, { timeout: 150_000 }).toBe(40);
  await keepPicture(page, `test-results/album-tus-${testInfo.project.name}.png`);

  const mine = await partyPhotos(api, name);
  expect(mine).toHaveLength(40);
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(adminServer.dbPath, { readonly: true });
  const rows = db.prepare("select count(*) as n, count(distinct content_hash) as distinctHashes from album_photos where party_id = (select id from parties where name = ?)").get(name);
  db.close();
  expect(rows).toEqual({ n: 40, distinctHashes: 40 });
});

test("with JavaScript: no React on the album's pages; keys move between photos; the slideshow shows a photo the moment the host approves it, and drops one the host hides", async ({ page, playwright, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "keys, swipes and the slideshow's pushes need JavaScript");
  const api = await hostApi(playwright, baseURL!);
  const name = `Os Teclados ${testInfo.project.name}`;
  await guestOf(page, api, name);
  // Playwright's multipart names a field once: three posts of one photo each.
  for (const f of await photos(3, 7)) expect((await page.request.post("/api/album/photos", { multipart: { file: f } })).status()).toBe(201);
  type HostPhoto = { id: string; sharedBy: string; copies: string };
  const mine = async (status: string) => ((await (await api.get(`/api/admin/album?status=${status}`)).json()).photos as HostPhoto[]).filter((p) => p.sharedBy === name);
  await expect.poll(async () => (await mine("waiting")).filter((p) => p.copies === "ready").length, { timeout: 60_000 }).toBe(3);
  const [first, second, third] = await mine("waiting");
  for (const p of [first!, second!]) expect((await api.patch(`/api/album/photos/${p.id}`, { data: { status: "shown" } })).status()).toBe(200);

  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto("/album");
  await ready(page, testInfo);
  await expect(page.getByText("Uploads continue where they stopped if the connection drops.")).toBeVisible();
  expect(scripts).toEqual(["/scripts/album.js"]);

  // Full screen: the arrow keys follow "Next" and "Previous", Escape goes back.
  const grid = page.getByRole("region", { name: "Everyone's photos" });
  await grid.getByRole("link", { name: `Photo shared by ${name}` }).first().click();
  await ready(page, testInfo);
  const at = page.url();
  await page.keyboard.press("ArrowRight");
  await expect(page).not.toHaveURL(at);
  await ready(page, testInfo);
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(at);
  await ready(page, testInfo);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/album$/);

  // A swipe to the left is "Next", to the right "Previous" (as a finger on a phone does it).
  const swipe = (from: number, to: number) =>
    page.locator("main").evaluate((main, [a, b]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: main, clientX: x, clientY: 300 });
      main.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(a!)], changedTouches: [touch(a!)], bubbles: true }));
      main.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(b!)], bubbles: true }));
    }, [from, to]);
  await page.goto(at);
  await ready(page, testInfo);
  await swipe(300, 100);
  await expect(page).not.toHaveURL(at);
  await ready(page, testInfo);
  await swipe(100, 300);
  await expect(page).toHaveURL(at);

  // The screen at the party: approved now, shown now (well before the 8 s the loop waits).
  await page.goto("/album/slideshow");
  await ready(page, testInfo);
  const slide = page.locator("main img");
  await expect(slide).toBeVisible();
  // The screen changes its photo in place: never a reload (a blank screen, a new event stream).
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.waitForTimeout(500);
  expect((await api.patch(`/api/album/photos/${third!.id}`, { data: { status: "shown" } })).status()).toBe(200);
  await expect(slide).toHaveAttribute("src", `/album/photos/${third!.id}/screen.webp`, { timeout: 4000 });
  await ready(page, testInfo);
  await page.waitForTimeout(500);
  // Hidden by the host while on the screen: it leaves at once.
  expect((await api.patch(`/api/album/photos/${third!.id}`, { data: { status: "hidden" } })).status()).toBe(200);
  await expect(slide).not.toHaveAttribute("src", `/album/photos/${third!.id}/screen.webp`, { timeout: 4000 });
  await expect(page.getByText(`Shared by ${name}`)).toBeVisible();
  // And every 8 s the next photo, in place.
  const before = await slide.getAttribute("src");
  await expect(slide).not.toHaveAttribute("src", before!, { timeout: 12_000 });
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expectAccessible(page);
});
