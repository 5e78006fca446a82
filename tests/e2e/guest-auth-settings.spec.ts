import Database from "better-sqlite3";
import { test as base, expect } from "@playwright/test";
import { startServer, type TestServer } from "../support/server";
import { E2E_ADMIN_PASSWORD, expectAccessible, ready } from "./utils";

/*
 * Which sign-in methods /rsvp offers follows the auth settings. Changing them
 * would disturb the other guest tests, so this file runs on a server of its own.
 */
const test = base.extend<{}, { settingsServer: TestServer }>({
  settingsServer: [
    async ({}, use) => {
      const server = await startServer({ env: { DEMO_DATA: "1", ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, RATE_LIMIT_DISABLED: "1" } });
      await use(server);
      await server.stop();
    },
    // A cold start with the demo photos can take over 20 s on a loaded 2-core machine.
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ settingsServer }, use) => use(settingsServer.url),
});

function setMethods(server: TestServer, on: { code: boolean; email: boolean; phone: boolean }) {
  // Straight into the database: the app itself refuses to switch off the last method.
  const db = new Database(server.dbPath);
  db.prepare("update auth_settings set custom_code_enabled = ?, email_enabled = ?, phone_enabled = ?").run(+on.code, +on.email, +on.phone);
  db.close();
}

test.describe.configure({ mode: "serial" });

test("one enabled method: no choice, just its field", async ({ page, settingsServer }, testInfo) => {
  setMethods(settingsServer, { code: false, email: true, phone: false });
  await page.goto("/rsvp");
  await ready(page, testInfo);
  await expect(page.getByRole("navigation", { name: "Sign in with" })).toHaveCount(0);
  await expect(page.getByLabel("Email Address")).toBeVisible();
  await expect(page.getByLabel("Invitation Code")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("[data-slot=field]").getByText("Please enter your email address")).toBeVisible();
  // A disabled method is refused by the server too.
  const res = await page.request.post("/api/party-auth", { data: { authCode: "whatever" } });
  expect(res.status()).toBe(403);
});

test("two enabled methods: only those are offered", async ({ page, settingsServer }, testInfo) => {
  setMethods(settingsServer, { code: true, email: false, phone: true });
  await page.goto("/rsvp");
  await ready(page, testInfo);
  const nav = page.getByRole("navigation", { name: "Sign in with" });
  await expect(nav.getByRole("link")).toHaveText(["Invitation Code", "Phone Number"]);
  await page.goto("/my-rsvp");
  await expect(page.getByRole("navigation", { name: "Sign in with" }).getByRole("link")).toHaveText(["Invitation Code", "WhatsApp Number"]);
});

test("no enabled method: the card says sign-in is disabled", async ({ page, settingsServer }, testInfo) => {
  setMethods(settingsServer, { code: false, email: false, phone: false });
  await page.goto("/rsvp");
  await ready(page, testInfo);
  await expect(page.getByText("Guest authentication is currently disabled. Please contact the host.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  await expectAccessible(page);
  setMethods(settingsServer, { code: true, email: true, phone: true });
});
