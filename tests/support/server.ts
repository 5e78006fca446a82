import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";

export const TEST_ADMIN_PASSWORD = "correct-horse-battery";

export type TestServer = {
  url: string;
  dbPath: string;
  uploadDir: string;
  output: () => string;
  /** The server's process id (its CPU time is read from /proc by the budgets of issue 28). */
  pid: number;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
  restart: () => Promise<TestServer>;
};

/** Starts the production build (`node server.js`) on a free port with a fresh database. */
export async function startServer(
  opts: { env?: Record<string, string>; dbPath?: string; uploadDir?: string; cwd?: string } = {},
): Promise<TestServer> {
  const dir = resolve("tests/.tmp");
  mkdirSync(dir, { recursive: true });
  const id = randomBytes(4).toString("hex");
  const dbPath = opts.dbPath ?? join(dir, `it-${id}.db`);
  const uploadDir = opts.uploadDir ?? join(dir, `uploads-${id}`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_PATH: dbPath,
    UPLOAD_DIR: uploadDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SESSION_SECRET: "integration-secret-integration-secret",
    DEMO_DATA: "0",
    LOG_REQUESTS: "0",
    // The sender's pace (30 a minute by default) would make tests wait for mail: a test that checks it sets its own.
    MAIL_RATE_PER_MINUTE: "6000",
    ...opts.env,
  };
  const child: ChildProcess = spawn(process.execPath, [resolve("server.js")], {
    env,
    cwd: opts.cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolveUrl, reject) => {
    // 60 s: on a loaded 2-core machine a cold start (migrations, demo photos through sharp) took over 20.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = () => {
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const server: TestServer = {
    url,
    dbPath,
    uploadDir,
    output: () => out,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    restart: async () => {
      await server.stop();
      return startServer({ ...opts, dbPath, uploadDir });
    },
  };
  return server;
}

export function removeDb(dbPath: string) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
}
