import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The server's clock, held by the test (NODE_ENV=test and
 * CONVITE_TEST_CLOCK_FILE, see app/utils/clock.server.ts): pass `file` to the
 * server, then `set` or `advance` it; `remove` when done.
 */
export function testClock(tag: string) {
  mkdirSync(resolve("tests/.tmp"), { recursive: true });
  const file = join(resolve("tests/.tmp"), `clock-${tag}.txt`);
  const clock = {
    file,
    now: Date.now(),
    set(ms: number) {
      clock.now = ms;
      writeFileSync(file, new Date(ms).toISOString());
    },
    advance: (minutes: number) => clock.set(clock.now + minutes * 60_000),
    remove: () => rmSync(file, { force: true }),
  };
  return clock;
}
