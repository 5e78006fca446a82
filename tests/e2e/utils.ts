import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";

export const E2E_ADMIN_PASSWORD = "e2e-admin-password";

/**
 * WCAG 2.2 AA: fail on serious or critical findings. axe needs JavaScript, so
 * for a no-JavaScript page the server-rendered markup (scripts removed) is
 * checked in a JavaScript-enabled twin page with the same styles.
 */
export async function expectAccessible(page: Page) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  let target = page;
  let cleanup = async () => {};
  if (jsOff) {
    const origin = new URL(page.url()).origin;
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<head>/i, `<head><base href="${origin}/">`);
    // The test runner applies the project's options to new contexts: turn JavaScript back on.
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
    target = await context.newPage();
    await target.setContent(html, { waitUntil: "load" });
    cleanup = () => context.close();
  }
  // A dialog still fading in has half-transparent text: axe would measure a
  // contrast no one reads. Check the page as it settles.
  await target.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { timeout: 5_000 });
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  await cleanup();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** With JavaScript, wait until React has hydrated before interacting. */
export async function ready(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" }).catch(() => {});
}

/**
 * A picture for a person to look at, never an assertion. On a busy machine
 * Chromium's capture can fail ("Unable to capture screenshot") with the page
 * itself fine, and no one looks at a clean clone's pictures: CI takes none,
 * and elsewhere a failed capture is tried once more, then only reported.
 */
export async function keepPicture(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (process.env.CI) return;
  const take = () =>
    "goto" in target ? target.screenshot({ path, fullPage: options.fullPage ?? true }) : target.screenshot({ path });
  try {
    await take();
  } catch {
    await take().catch((error: Error) => console.warn(`picture not kept: ${path}: ${error.message.split("\n")[0]}`));
  }
}
