import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./utils/client-address";

/**
 * The folder the app ships in: server.js sets CONVITE_ROOT to its own folder,
 * so migrations and the default data folder are found from anywhere; tools
 * that run from the checkout (vitest, drizzle-kit) fall back to the cwd.
 */
export function appRoot() {
  return process.env.CONVITE_ROOT ?? process.cwd();
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_PATH: z.string().min(1).default(() => join(appRoot(), "data/app.db")),
  UPLOAD_DIR: z.string().min(1).default(() => join(appRoot(), "data/uploads")),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  DEMO_DATA: z.enum(["0", "1"], { error: 'must be "0" or "1"' }).default("1"),
  COOKIE_SECURE: z.enum(["auto", "true", "false"], { error: 'must be "auto", "true" or "false"' }).default("auto"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Convite <rsvp@convite.local>"),
  PUBLIC_URL: z.string().url().optional(),
  /** The sender's pace, so a provider does not block the host mid-send (issue 13). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** The first retry's pause; each next one doubles (5 attempts in about 2.5 minutes by default). Tests make it short. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** How often the background sender and the reminder clock look for work. */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** How long the import page waits for a statement's report before it shows the import's progress instead (decision 076). Tests make it short. */
  BANK_PAGE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Issue 39: the album's open event streams (the party's screens) per process; one more is answered 503. */
  ALBUM_EVENT_STREAMS_MAX: z.coerce.number().int().min(0).max(10_000).default(100),
  /** How often an open album event stream is pinged (proxies close idle connections) and its viewer checked again. Tests make it short. */
  ALBUM_EVENTS_PING_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  LOG_REQUESTS: z.enum(["0", "1"]).default("1"),
  RATE_LIMIT_DISABLED: z.enum(["0", "1"]).default("0"),
  /** Behind a reverse proxy: which X-Forwarded-For hops to trust for the rate limits (decision 057). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed && "error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
});

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string };

function readEnv(): Env {
  // An empty variable means "not set", as in most shells' intent.
  const raw = Object.fromEntries(
    Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message = `Invalid environment variable ${String(issue.path[0])}: ${issue.message}`;
    throw new Error(message);
  }
  const env = parsed.data;
  return { ...env, SESSION_SECRET: env.SESSION_SECRET ?? storedSessionSecret(env.DATABASE_PATH) };
}

/** With no SESSION_SECRET, one is generated once and kept beside the database. */
function storedSessionSecret(databasePath: string) {
  const file = join(dirname(resolve(databasePath)), "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= readEnv();
  return cached;
}
