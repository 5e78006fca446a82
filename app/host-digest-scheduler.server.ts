import { sendDueDigests } from "./models/host-notices.server";
import { kickMailer } from "./utils/mailer.server";

/*
 * The host's daily digest (issue 14), in the server process: once a minute,
 * send the digests that are due (08:00 Europe/Lisbon). What was sent is
 * recorded in the database (host_digests) in the mail's own transaction, so
 * a restart neither repeats a day nor skips one: a server that was down at
 * 08:00 sends it when it comes back. "each" notices need no scheduler: the
 * change's transaction queues them and the mail sender drains the outbox.
 */

const EVERY_MS = 60_000;
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  try {
    if (sendDueDigests(new Date()).length) kickMailer();
  } catch (error) {
    console.error(JSON.stringify({ t: new Date().toISOString(), level: "error", msg: "host digest failed", error: String(error) }));
  }
}

export function startHostDigestScheduler() {
  if (timer) return;
  tick();
  timer = setInterval(tick, EVERY_MS);
  timer.unref();
  // The outbox may hold "each" notices queued by any change: keep the sender polling.
  kickMailer();
}
