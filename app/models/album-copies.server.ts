import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { workerFile } from "./bank-read.server";
import type { CopyReply, CopyRequest } from "./album-copies.worker";
import { makeCopyFiles, type CopyJob } from "./album-resize.server";
import { albumStore, incomingDir } from "./album-storage.server";
import { COPY_SIZES, copyKey, pendingCopies, photoRow, setCopies } from "./album.server";

/*
 * Issue 39: the album shows sized WebP copies, never the original. They are
 * made after the upload has been answered, one photo at a time, by a child
 * process at the lowest priority (album-copies.worker.ts: decoding a photo
 * took a core from the guest pages). The child exits when the queue is empty
 * and comes back with the next photo. Where no worker is built (react-router
 * dev, vitest) the server makes them itself.
 */

const queue: string[] = [];
let running: Promise<void> | null = null;

/** Queues copies for these photos; they are made in the background. */
export function queueCopies(ids: string[]) {
  queue.push(...ids);
  running ??= drain().finally(() => (running = null));
  return running;
}

/** At start: photos whose copies were not made before a stop get them now. */
export function resumePendingCopies() {
  const ids = pendingCopies().map((p) => p.id);
  if (ids.length) void queueCopies(ids);
}

/** Resolves once every queued photo has its copies (tests, the bench). */
export const copiesSettled = () => running ?? Promise.resolve();

async function drain() {
  const maker = copyMaker();
  try {
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        await makeCopies(id, maker);
        setCopies(id, "ready");
      } catch (error) {
        console.error(JSON.stringify({ level: "error", msg: "album copy failed", id, error: String((error as Error)?.message ?? error) }));
        if (photoRow(id)) setCopies(id, "failed");
      }
    }
  } finally {
    maker.close();
  }
}

async function makeCopies(id: string, maker: CopyMaker) {
  const photo = photoRow(id);
  if (!photo) throw new Error("gone");
  const dir = incomingDir();
  await mkdir(dir, { recursive: true });
  const scratch = (suffix: string) => join(dir, `copy-${randomBytes(8).toString("hex")}${suffix}`);
  const job: CopyJob = {
    input: scratch(""),
    format: photo.format,
    screen: { path: scratch(".webp"), side: COPY_SIZES.screen },
    thumb: { path: scratch(".webp"), side: COPY_SIZES.thumb },
  };
  try {
    // The original streamed to a local file (the store may be elsewhere one day), never held whole here.
    await pipeline(albumStore().read(photo.storageKey), createWriteStream(job.input, { flags: "wx" }));
    await maker.make(job);
    await albumStore().adopt(copyKey(id, "screen"), job.screen.path);
    await albumStore().adopt(copyKey(id, "thumb"), job.thumb.path);
  } finally {
    await Promise.all([job.input, job.screen.path, job.thumb.path].map((p) => rm(p, { force: true })));
  }
}

/**
 * glibc's allocator for the child: one arena, and big blocks (a photo's rows)
 * mapped and given back when freed. By default its memory grew from 56 to
 * 188 MB over ten 2 MP photos; so, 122 MB at the peak and 84 after.
 */
const LEAN_MALLOC = { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "131072" };

type CopyMaker = { make(job: CopyJob): Promise<void>; close(): void };

/** The child process when it is built; a child that dies fails its photo and the next photo starts another. */
function copyMaker(): CopyMaker {
  const file = workerFile("album-copies.js");
  if (!existsSync(file)) return { make: makeCopyFiles, close() {} };
  let child: ChildProcess | null = null;
  let n = 0;
  const start = () => {
    const c = fork(file, [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"], env: { ...process.env, ...LEAN_MALLOC } });
    c.once("exit", () => child === c && (child = null));
    return c;
  };
  return {
    make(job) {
      const c = (child ??= start());
      const id = ++n;
      return new Promise<void>((resolve, reject) => {
        const onMessage = (reply: CopyReply) => {
          if (reply.n !== id) return;
          done();
          if (reply.error) reject(new Error(reply.error));
          else resolve();
        };
        const onExit = (code: number | null, signal: string | null) => {
          done();
          reject(new Error(`the copies' process stopped (${signal ?? `exit code ${code}`})`));
        };
        const done = () => {
          c.off("message", onMessage);
          c.off("exit", onExit);
        };
        c.on("message", onMessage);
        c.once("exit", onExit);
        c.send({ n: id, job } satisfies CopyRequest);
      });
    },
    close() {
      // With its channel closed and nothing to do, the child ends by itself.
      child?.disconnect();
      child = null;
    },
  };
}
