import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env.server";
import { listPendingMails, mailSendingConfigured, markMailAttemptFailed, markMailSent, MAX_SEND_ATTEMPTS } from "../models/outbox.server";

/*
 * The background sender. Nobody waits for SMTP: a request only writes the
 * mail into the outbox table (and may call `kickMailer()`). The sender works
 * through the pending mails one at a time, at most MAIL_RATE_PER_MINUTE a
 * minute, retrying a failure after a growing pause kept in the table
 * (`next_attempt_at`), so a restart neither forgets nor hurries a retry.
 * It also polls every MAIL_POLL_MS, so a mail queued by any code path goes
 * out even without a kick. Its timer is unref'd: it never keeps the process up.
 */

let transport: Transporter | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | undefined;
let lastSendAt = 0;

function log(level: "info" | "error", msg: string, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...extra });
  if (level === "error") console.error(line);
  else console.log(line);
}

function getTransport(url: string) {
  transport ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return transport;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

async function sendPending() {
  const url = env().SMTP_URL;
  if (!url) return;
  const gap = 60_000 / env().MAIL_RATE_PER_MINUTE;
  for (const mail of listPendingMails()) {
    // The pace: one mail every `gap` ms, whatever the backlog.
    const wait = lastSendAt + gap - Date.now();
    if (wait > 0) await sleep(wait);
    lastSendAt = Date.now();
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
      log("info", "mail sent", { id: mail.id, kind: mail.kind });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const updated = markMailAttemptFailed({ id: mail.id, error: message });
      const attempts = updated?.attempts ?? mail.attempts + 1;
      log("error", attempts >= MAX_SEND_ATTEMPTS ? "mail failed, giving up" : "mail failed, will retry", {
        id: mail.id,
        attempts,
        error: message,
      });
    }
  }
}

/** One pass at a time: a slow SMTP server never gets two senders racing for the same mail. */
function tick() {
  running ??= sendPending()
    .catch((error) => log("error", "mail sender crashed", { error: String(error) }))
    .finally(() => {
      running = undefined;
    });
  return running;
}

/** Starts the sender (once) and sends what is pending now. Does nothing without SMTP_URL. */
export function kickMailer() {
  if (!env().SMTP_URL) return;
  if (!timer) {
    timer = setInterval(() => void tick(), env().MAIL_POLL_MS);
    timer.unref();
  }
  setImmediate(() => void tick());
}

export const mailSendingEnabled = mailSendingConfigured;
