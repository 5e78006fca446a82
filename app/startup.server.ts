import { resolve } from "node:path";
import { mkdirSync } from "node:fs";
import { openDatabase } from "./models/database.server";
import { env } from "./env.server";
import { ensureAdminAccount } from "./models/admin.server";
import { seedDemoRoomPhotos } from "./models/demo-photos.server";
import { ensureSingletons, isDatabaseEmpty, seedDemoData } from "./models/seed.server";
import { startHostDigestScheduler } from "./host-digest-scheduler.server";
import { kickMailer } from "./utils/mailer.server";
import { startReminderClock } from "./utils/reminder-clock.server";
import { backfillLedger } from "./models/ledger.server";
import { purgeExpiredSessions } from "./models/sessions.server";
import { removeGuestConditionsOnHostOnly } from "./models/questions.server";
import { siteOrigin } from "./models/site-origin.server";
import { resumePendingCopies } from "./models/album-copies.server";

/**
 * Runs once before the server listens: validates the environment, migrates,
 * creates the singletons, the admin account and (on an empty database) the demo.
 */
export async function startup() {
  const config = env();
  openDatabase();
  const wasEmpty = isDatabaseEmpty();
  ensureSingletons();
  const { generatedPassword } = await ensureAdminAccount(config.ADMIN_PASSWORD);
  purgeExpiredSessions();
  const uploadDir = resolve(config.UPLOAD_DIR);
  mkdirSync(uploadDir, { recursive: true });

  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (generatedPassword) {
    console.log(`Admin password (shown once, keep it safe): ${generatedPassword}`);
    console.log(`Log in at ${base}/admin`);
  }
  if (wasEmpty && config.DEMO_DATA === "1") {
    const { inviteCode, roomTypeIds } = seedDemoData();
    await seedDemoRoomPhotos(roomTypeIds);
    console.log(`Demo data created. Try a guest invitation: ${base}/rsvp?code=${encodeURIComponent(inviteCode)}`);
  }
  if (config.SMTP_URL && !config.PUBLIC_URL) console.warn(publicUrlWarning());
  // Issue 25: references for every party, and the ledger agreeing with rooms ticked paid before it (idempotent).
  backfillLedger();
  // Issue 33: no question guests see stays "only if" a host-only answer (each removal in the activity log).
  const removedConditions = removeGuestConditionsOnHostOnly();
  if (removedConditions) console.log(`Removed ${removedConditions} condition(s) of guest questions on host-only questions (see the activity log).`);
  startHostDigestScheduler();
  // Issue 39: album photos whose copies were not made before a stop.
  resumePendingCopies();
  // Mail queued before a restart goes out; the reminder clock records what it sent (issue 13).
  kickMailer();
  startReminderClock();
  return { port: config.PORT, host: config.HOST, uploadDir };
}

/**
 * Mail goes out (SMTP_URL) but the site does not know its public address:
 * links in mails point where the host last signed in to /admin, or to
 * localhost before that (issue 22.2). Said once, at start.
 */
function publicUrlWarning() {
  return (
    `Warning: SMTP_URL is set but PUBLIC_URL is not. Links in e-mails point to the address the host last signed in to /admin at ` +
    `(now ${siteOrigin()}). Set PUBLIC_URL to the site's public address, e.g. PUBLIC_URL=https://convite.example.com`
  );
}
