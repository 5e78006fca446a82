import { defineConfig } from "vitest/config";

// `npm run test:stress`: the long-running proofs of issue 7 (kill -9, races,
// fuzzing, load, backups) against the built server. One file at a time: the
// load and durability figures mean nothing with another suite on the same cores.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/stress/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
  },
});
