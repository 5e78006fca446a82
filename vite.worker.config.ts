import { defineConfig } from "vite";

/**
 * The worker threads of a big bank import (decision 076: the statement
 * reader, the WAL checkpoint) and the album's copies process (decision 082),
 * built after the app (`npm run build`) into build/worker/bank-read.js,
 * wal-checkpoint.js and album-copies.js: React Router bundles the
 * server into one file, and a worker needs a file of its own. Packages stay
 * imports from node_modules, as in the server's build.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    ssr: true,
    outDir: `${process.env.BUILD_DIR ?? "build"}/worker`,
    emptyOutDir: true,
    target: "node22",
    rollupOptions: {
      input: {
        "bank-read": "app/models/bank-read.worker.ts",
        "wal-checkpoint": "app/models/wal-checkpoint.worker.ts",
        "album-copies": "app/models/album-copies.worker.ts",
      },
      output: { entryFileNames: "[name].js" },
    },
  },
});
