// Browser tests use Debian's Chromium (Playwright may not download its own here).
// On a fresh machine where we are root with apt, install it; otherwise explain.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const wanted = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(wanted)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(`Chromium not found at ${wanted}. Install Debian's chromium or set PLAYWRIGHT_CHROMIUM_PATH.`);
  process.exit(1);
}
console.log("Installing Debian's chromium for the browser tests...");
execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", {
  stdio: "inherit",
  shell: "/bin/bash",
});
