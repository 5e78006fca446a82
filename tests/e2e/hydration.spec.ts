// React starts after the page has loaded (docs/decisions/043): the page paints
// without waiting for its JavaScript, and a picture that never arrives (a
// flaky connection) does not keep React away for good.
import { expect, test } from "@playwright/test";
import { jsEnabled } from "./utils";

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
