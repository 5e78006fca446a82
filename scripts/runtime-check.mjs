// Refuses a Node that aborts the server (decision 073). Node 24.19 changed
// node::ObjectWrap: an addon built against its headers removes a cleanup hook
// when the garbage collector finalises an object, and Node asserts when that
// collection runs outside a JavaScript context (a V8 platform task between
// requests). better-sqlite3 12 (the last for Node 20, see STACK.md) finalises
// every dropped statement that way, so the process dies with
// "Assertion failed: (env) != nullptr" within seconds of use: nodejs/node#65446.
// Node 22 and 20, and Node 24 up to 24.18, do not have the change.
import { createRequire } from "node:module";

/** The reason this runtime cannot run Convite, or null when it can. */
export function runtimeProblem(nodeVersion, sqliteVersion) {
  const [major, minor] = nodeVersion.replace(/^v/, "").split(".").map(Number);
  const sqliteMajor = Number(sqliteVersion.split(".")[0]);
  if (major === 24 && minor >= 19 && sqliteMajor < 13) {
    return (
      `Node ${nodeVersion} aborts better-sqlite3 ${sqliteVersion} in garbage collection ` +
      `(nodejs/node#65446): run Convite on Node 22 (the container's) or Node 20.`
    );
  }
  return null;
}

/** Stops the process with one clear line when the runtime is one that aborts. */
export function assertRuntime() {
  const require = createRequire(import.meta.url);
  const { version } = require("better-sqlite3/package.json");
  const problem = runtimeProblem(process.version, version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
