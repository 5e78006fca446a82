import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env.server";
import {
  listPendingMails,
  mailSendingConfigured,
  markMailAttemptFailed,
  markMailSent,
  MAX_SEND_ATTEMPTS,
  type MailLane,
  type OutboxMail,
} from "../models/outbox.server";

/*
 * The background sender. Nobody waits for SMTP: a request only writes the
 * mail into the outbox table (and may call `kickMailer()`). Two lanes work
 * side by side, each one mail at a time (issue 23, docs/decisions/058):
 *
 * - "priority" (sign-in codes, RSVP confirmations: a guest is waiting on the
 *   page) sends as soon as a mail is queued, whatever the bulk backlog;
 * - "bulk" (invitations, reminders, announcements, host notices, anything
 *   else) keeps MAIL_RATE_PER_MINUTE, counted from the last mail of either
 *   lane, so a priority mail takes a bulk slot instead of adding to the pace
 *   the provider sees.
 *
 * A refused mail is retried after a growing pause kept in the table
 * (`next_attempt_at`, so a restart neither forgets nor hurries a retry); a
 * mail in its pause is not listed, and a slow or failing bulk send holds up
 * only its own lane. The sender also polls every MAIL_POLL_MS, so a mail
 * queued by any code path goes out even without a kick. Its timer is
 * unref'd: it never keeps the process up.
 */

type LaneState = { running?: Promise<void>; again: boolean; lastSendAt: number };

const lanes: Record<MailLane, LaneState> = {
  priority: { again: false, lastSendAt: 0 },
  bulk: { again: false, lastSendAt: 0 },
};

let transport: Transporter | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

function log(level: "info" | "error", msg: string, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...extra });
  if (level === "error") console.error(line);
  else console.log(line);
}

function getTransport(url: string) {
  // Not pooled: each mail opens its own connection, so the two lanes never queue behind one socket.
  transport ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return transport;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** Bulk waits one gap after the latest mail of either lane; priority never waits. */
async function waitForTurn(lane: MailLane) {
  if (lane === "priority") return;
  const gap = 60_000 / env().MAIL_RATE_PER_MINUTE;
  for (;;) {
    const wait = Math.max(lanes.bulk.lastSendAt, lanes.priority.lastSendAt) + gap - Date.now();
    if (wait <= 0) return;
    await sleep(wait);
  }
}

async function deliver(url: string, mail: OutboxMail) {
  try {
    await getTransport(url).sendMail({
      from: env().MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
    });
    markMailSent({ id: mail.id });
    log("info", "mail sent", { id: mail.id, kind: mail.kind, lane: mail.lane });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const updated = markMailAttemptFailed({ id: mail.id, error: message });
    const attempts = updated?.attempts ?? mail.attempts + 1;
    log("error", attempts >= MAX_SEND_ATTEMPTS ? "mail failed, giving up" : "mail failed, will retry", {
      id: mail.id,
      lane: mail.lane,
      attempts,
      error: message,
    });
  }
}

/** Sends the lane's due mails, oldest first, until none is due (a mail in its backoff pause is not due). */
async function sendPending(lane: MailLane) {
  const url = env().SMTP_URL;
  if (!url) return;
  for (let batch = listPendingMails({ lane }); batch.length; batch = listPendingMails({ lane })) {
    for (const mail of batch) {
      await waitForTurn(lane);
      lanes[lane].lastSendAt = Date.now();
      await deliver(url, mail);
    }
  }
}

/** One pass per lane at a time (never two senders racing for a mail); a kick during a pass runs another after it. */
function tick(lane: MailLane) {
  const state = lanes[lane];
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    do {
      state.again = false;
      await sendPending(lane);
    } while (state.again);
  })()
    .catch((error) => log("error", "mail sender crashed", { lane, error: String(error) }))
    .finally(() => {
      state.running = undefined;
    });
  return state.running;
}

/** Starts the sender (once) and sends what is pending now, on both lanes. Does nothing without SMTP_URL. */
export function kickMailer() {
  if (!env().SMTP_URL) return;
  if (!timer) {
    timer = setInterval(() => {
      void tick("priority");
      void tick("bulk");
    }, env().MAIL_POLL_MS);
    timer.unref();
  }
  setImmediate(() => {
    void tick("priority");
    void tick("bulk");
  });
}

export const mailSendingEnabled = mailSendingConfigured;
