import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
const chromium =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const launchOptions = {
  executablePath: chromium,
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
  ],
};

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    trace: "off",
    screenshot: "off",
  },
  projects: [
    { name: "desktop-js", use: { ...devices["Desktop Chrome"], launchOptions, viewport: { width: 1280, height: 800 } } },
    { name: "phone-js", use: { ...phone, launchOptions } },
    { name: "phone-no-js", use: { ...phone, launchOptions, javaScriptEnabled: false } },
    { name: "desktop-no-js", use: { launchOptions, viewport: { width: 1280, height: 800 }, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_PATH: `tests/.tmp/e2e-${Date.now()}.db`,
      UPLOAD_DIR: `tests/.tmp/e2e-uploads-${Date.now()}`,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_DATA: "1",
      LOG_REQUESTS: "0",
      // Many browser tests sign in from one address; the limits have their own tests.
      RATE_LIMIT_DISABLED: "1",
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret",
    },
  },
});
