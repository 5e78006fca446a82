import { test as base, expect, type Page } from "@playwright/test";
import { startServer, type TestServer } from "../support/server";
import { E2E_ADMIN_PASSWORD, jsEnabled, ready } from "./utils";

/*
 * The admin tests change shared things (auth settings, the event
 * configuration, the guest list), so each worker runs them against its own
 * server on its own fresh demo database: other spec files never see those
 * changes, and the seeded figures stay exactly known.
 */
/** A worker's own server on a fresh demo database (with `env` besides). */
const ownDemoServer = (
  env: Record<string, string> = {},
): [(args: object, use: (server: TestServer) => Promise<void>) => Promise<void>, { scope: "worker"; timeout: number }] => [
  async ({}, use) => {
    const server = await startServer({
      env: { DEMO_DATA: "1", ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, RATE_LIMIT_DISABLED: "1", ...env },
    });
    await use(server);
    await server.stop();
  },
  // A cold start with the demo photos can take over 20 s on a loaded 2-core machine.
  { scope: "worker", timeout: 90_000 },
];
const demoServer = ownDemoServer();

export const test = base.extend<{ admin: AdminHelpers }, { adminServer: TestServer }>({
  adminServer: demoServer,
  baseURL: async ({ adminServer }, use) => use(adminServer.url),
  admin: async ({ page }, use, testInfo) => {
    await use(adminHelpers(page, jsEnabled(testInfo)));
  },
});

/**
 * Issue 26's travel spec on a server of its own: the weekend's other specs
 * (host-weekend, my-weekend) save travel points, answers and runs on the
 * worker's admin server, and the travel spec starts from a plan with no runs.
 */
export const travelTest = base.extend<{ admin: AdminHelpers }, { travelServer: TestServer }>({
  travelServer: demoServer,
  baseURL: async ({ travelServer }, use) => use(travelServer.url),
  admin: async ({ page }, use, testInfo) => {
    await use(adminHelpers(page, jsEnabled(testInfo)));
  },
});

/**
 * The same, on a server that no test of this worker changes: the demo seed's
 * figures (app/models/seed.server.ts) hold exactly.
 */
export const seedTest = base.extend<{ admin: AdminHelpers }, { seedServer: TestServer }>({
  seedServer: demoServer,
  baseURL: async ({ seedServer }, use) => use(seedServer.url),
  admin: async ({ page }, use, testInfo) => {
    await use(adminHelpers(page, jsEnabled(testInfo)));
  },
});

/**
 * Decision 076: on a server whose import page waits no time for a report, so
 * a statement of some thousands of lines shows its progress on any machine.
 */
export const importProgressTest = base.extend<{ admin: AdminHelpers }, { importProgressServer: TestServer }>({
  importProgressServer: ownDemoServer({ BANK_PAGE_WAIT_MS: "0" }),
  baseURL: async ({ importProgressServer }, use) => use(importProgressServer.url),
  admin: async ({ page }, use, testInfo) => {
    await use(adminHelpers(page, jsEnabled(testInfo)));
  },
});

export { expect };

export type AdminHelpers = ReturnType<typeof adminHelpers>;

function adminHelpers(page: Page, js: boolean) {
  return {
    js,
    /** Signs in through the JSON API: the page's context shares its cookies. */
    async signIn() {
      const res = await page.request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
      expect(res.status()).toBe(200);
    },
    /** Opens an admin page and, with JavaScript, waits for hydration. */
    async open(path: string) {
      await page.goto(path);
      if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    },
    /** A name no other test (or project running in parallel) uses. */
    unique(prefix: string) {
      return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
    },
    /** A phone number no other test or project uses: one invitee per number (issue 22). Eight digits after +3519. */
    phoneDigits() {
      return String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    },
    ready: (info: Parameters<typeof ready>[1]) => ready(page, info),
  };
}

/** A dialog with JavaScript, the same form as a page section without. */
export function dialogOrSection(page: Page, js: boolean, name: string) {
  return js ? page.getByRole("dialog", { name }) : page.getByRole("region", { name });
}

/**
 * A toast: with JavaScript the Radix toast; without, the flash message the
 * server renders in <noscript> (which Playwright's text engine skips).
 */
export async function expectToast(page: Page, js: boolean, title: string, description?: string) {
  if (js) {
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    if (description) await expect(page.getByText(description, { exact: true }).first()).toBeVisible();
    return;
  }
  const flash = () => page.locator("noscript").evaluateAll((els) => els.map((e) => e.textContent ?? "").join(" "));
  await expect.poll(flash).toContain(title);
  if (description) await expect.poll(flash).toContain(description);
}
