import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runtimeProblem } from "../../scripts/runtime-check.mjs";

describe("runtimeProblem (decision 074)", () => {
  it("refuses a Node older than 22, naming the versions needed and the way out", () => {
    for (const node of ["v20.20.2", "v21.7.3", "v18.20.8"]) {
      const problem = runtimeProblem(node);
      expect(problem).toContain(`this is Node ${node}`);
      expect(problem).toContain("Convite needs Node 22 or later (tested on 22, 24 and 26)");
      expect(problem).toContain("scripts/with-node.sh 24");
    }
  });

  it("accepts Node 22, 24 (also 24.19+, decision 073's abort is gone with better-sqlite3 13) and 26", () => {
    for (const node of ["v22.0.0", "v22.23.3", "v24.21.0", "v26.12.1", "v27.0.0"]) {
      expect(runtimeProblem(node)).toBeNull();
    }
  });
});

describe("server.js on an older Node", () => {
  // A fresh clone on Node 20: engine-strict made `npm ci` refuse, so there is
  // no node_modules. server.js alone with its check must still say why.
  const dir = mkdtempSync(join(tmpdir(), "convite-old-node-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("stops at once with the message, before loading a package or opening a database", () => {
    mkdirSync(join(dir, "scripts"));
    copyFileSync(resolve("server.js"), join(dir, "server.js"));
    copyFileSync(resolve("scripts/runtime-check.mjs"), join(dir, "scripts/runtime-check.mjs"));
    const pretend = `Object.defineProperty(process, "version", { value: "v20.20.2" })`;
    const started = Date.now();
    const run = spawnSync(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(pretend)}`, "server.js"], {
      cwd: dir,
      env: { ...process.env, DATABASE_PATH: join(dir, "app.db"), PORT: "0" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(runtimeProblem("v20.20.2"));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readdirSync(dir).sort()).toEqual(["scripts", "server.js"]);
  });
});
