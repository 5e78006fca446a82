import { defineConfig } from "vite";

/**
 * The statement reader's worker thread (decision 076), built after the app
 * (`npm run build`) into build/worker/bank-read.js: React Router bundles the
 * server into one file, and a worker needs a file of its own. Packages stay
 * imports from node_modules, as in the server's build.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    ssr: "app/models/bank-read.worker.ts",
    outDir: `${process.env.BUILD_DIR ?? "build"}/worker`,
    emptyOutDir: true,
    target: "node22",
    rollupOptions: { output: { entryFileNames: "bank-read.js" } },
  },
});
