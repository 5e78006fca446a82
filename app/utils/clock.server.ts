import { readFileSync } from "node:fs";

/**
 * The server's "now" for time limits the tests must cross (issue 15: a
 * one-time code expires after 10 minutes). In production this is `new Date()`.
 * Only when NODE_ENV=test and CONVITE_TEST_CLOCK_FILE names a file holding an
 * ISO date does that date stand for "now" (re-read at every call, so a test
 * moves time by rewriting the file). Any other NODE_ENV ignores the variable.
 */
export function now(): Date {
  const file = process.env.CONVITE_TEST_CLOCK_FILE;
  if (file && process.env.NODE_ENV === "test") {
    try {
      const date = new Date(readFileSync(file, "utf8").trim());
      if (!Number.isNaN(date.getTime())) return date;
    } catch {
      // No file yet: the real time.
    }
  }
  return new Date();
}
