// The Node Convite runs on (decision 074). better-sqlite3 13, the first built
// on node-addon-api (decision 073's abort of Node 24.19+ is gone with it),
// needs Node 22, and on Node 20 its addon crashes the process: so an older
// Node is stopped here, with the versions needed and the way out, before
// anything loads a package. Node's own modules only: server.js calls this
// first, where even a missing node_modules (`npm ci` refused by
// engine-strict) must not hide the message.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const MIN_NODE_MAJOR = 22;

/** The reason this Node cannot run Convite, or null when it can. */
export function runtimeProblem(nodeVersion) {
  const major = Number(nodeVersion.replace(/^v/, "").split(".")[0]);
  if (major >= MIN_NODE_MAJOR) return null;
  return (
    `Convite needs Node ${MIN_NODE_MAJOR} or later (tested on 22, 24 and 26); this is Node ${nodeVersion}. ` +
    `Install a newer Node, or run the command under one fetched into .node/: ` +
    `scripts/with-node.sh 24 sh -c 'npm ci && npm run build && npm start'`
  );
}

/** Stops the process with one clear line when the runtime cannot run Convite. */
export function assertRuntime() {
  const problem = runtimeProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

// `node scripts/runtime-check.mjs`: the same stop for scripts/test.sh.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) assertRuntime();
