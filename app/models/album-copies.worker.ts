import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import sharp from "sharp";
import { makeCopyFiles, type CopyJob } from "./album-resize.server";

/*
 * Issue 39, decision 082: the child process that makes the album's copies,
 * built on its own (vite.worker.config.ts) into build/worker/album-copies.js.
 * A process, not a worker thread, so the kernel can run it at the lowest
 * priority: on a 2-core machine its decoding took a core the guest pages
 * needed (their p99 went to 442 ms while 5 guests shared 200 photos). One
 * photo at a time, one libvips thread, nothing cached.
 */

export type CopyRequest = { n: number; job: CopyJob };
export type CopyReply = { n: number; error?: string };

/**
 * Nice 19 for every thread of this process. Linux keeps the nice value per
 * thread and a new thread takes its creator's, so threads started before this
 * (V8's, the thread pool's) are set one by one, and again before each photo.
 */
function lowestPriority() {
  let tids: string[] = [];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    // No /proc (not Linux): the process's own value.
  }
  for (const tid of tids.length ? tids.map(Number) : [0]) {
    try {
      setPriority(tid, 19);
    } catch {
      // A thread that has just ended.
    }
  }
}

lowestPriority();
sharp.concurrency(1);
sharp.cache(false);

process.on("message", (message: CopyRequest) => {
  lowestPriority();
  makeCopyFiles(message.job).then(
    () => process.send!({ n: message.n } satisfies CopyReply),
    (error: unknown) => process.send!({ n: message.n, error: String((error as Error)?.message ?? error) } satisfies CopyReply),
  );
});
