// Every vitest worker gets its own real SQLite file, migrated on first use.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const dir = resolve("tests/.tmp");
mkdirSync(dir, { recursive: true });
process.env.DATABASE_PATH ??= join(dir, `unit-${process.pid}-${Date.now()}.db`);
process.env.UPLOAD_DIR ??= join(dir, `uploads-${process.pid}`);
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
process.env.LOG_REQUESTS ??= "0";
