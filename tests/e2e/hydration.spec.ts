// React starts after the page has loaded (docs/decisions/043): the page paints
// without waiting for its JavaScript, and a picture that never arrives (a
// flaky connection) does not keep React away for good. The stages loaded when
// shown (decision 069): a stage's module that never arrives leaves the
// server's page working, not React's error page.
import { expect, test } from "@playwright/test";
import { adminApi } from "./guest-fixtures";
import { E2E_ADMIN_PASSWORD, jsEnabled } from "./utils";

test.beforeEach(({}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "about when JavaScript starts");
});

test("no route module is asked for before the page has loaded", async ({ page }) => {
  const scriptsBeforeLoad: string[] = [];
  let loaded = false;
  page.on("request", (request) => {
    if (!loaded && request.resourceType() === "script") scriptsBeforeLoad.push(request.url());
  });
  page.on("load", () => (loaded = true));
  await page.goto("/rsvp");
  expect(scriptsBeforeLoad).toEqual([]);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Hydrated: the sign-in card's check runs in the page (a toast), not on the server.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Identifier required" })).toBeVisible();
});

test("a picture that never arrives does not keep the page from hydrating", async ({ page }) => {
  // The hero picture hangs: the load event never fires.
  await page.route(/\/assets\/hero-.*\.(avif|webp)$/, () => {});
  const started = Date.now();
  await page.goto("/rsvp", { waitUntil: "domcontentloaded" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
});

test("a sign-in card whose module never arrives leaves the server's page, which still signs in", async ({ page, playwright, baseURL }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route(/\/assets\/sign-in-card-[^/]*\.js$/, (route) => route.abort());
  const context = await playwright.request.newContext({ baseURL });
  expect((await context.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  const party = await adminApi(context).createParty();
  await context.dispose();

  await page.goto("/rsvp");
  // React asked for the module, was refused three times, and left the page alone.
  await page.waitForTimeout(2_500);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Guest Authentication" })).toBeVisible();
  expect(errors).toEqual([]);
  // The plain form posts to the server, as without JavaScript.
  await page.getByLabel("Invitation Code").fill(party.authCode);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Submit RSVP" })).toBeVisible();
});

test("a thank-you page whose module never arrives comes from the server instead", async ({ page, playwright, baseURL }) => {
  await page.route(/\/assets\/rsvp-success-[^/]*\.js$/, (route) => route.abort());
  const context = await playwright.request.newContext({ baseURL });
  expect((await context.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  const api = adminApi(context);
  const party = await api.createParty();
  await api.addMember(party.id, { firstName: "Ines", lastName: "Lobo" });
  await context.dispose();

  await page.goto(`/rsvp?code=${party.authCode}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Submit RSVP" }).click();
  await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/step=done/);
});
