import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env.server";
import { listPendingMails, markMailAttemptFailed, markMailSent, MAX_SEND_ATTEMPTS } from "../models/outbox.server";

/*
 * The background sender. Guests never wait for SMTP: a route only writes the
 * mail into the outbox table and calls `kickMailer()`. The sender then works
 * through the pending mails one at a time, retrying a failure with a growing
 * pause (in memory: after a restart a waiting mail is simply tried again).
 * Started lazily, and its timer is unref'd so it never keeps the process up.
 */

const POLL_MS = 5_000;
const retryDelayMs = (attempts: number) => Math.min(10 * 60_000, 2_000 * 4 ** (attempts - 1));

let transport: Transporter | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | undefined;
const notBefore = new Map<string, number>();

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

async function sendPending() {
  const url = env().SMTP_URL;
  if (!url) return;
  const now = Date.now();
  for (const mail of listPendingMails()) {
    if ((notBefore.get(mail.id) ?? 0) > now) continue;
    try {
      await getTransport(url).sendMail({
        from: env().MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      markMailSent({ id: mail.id });
      notBefore.delete(mail.id);
      log("info", "mail sent", { id: mail.id });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const updated = markMailAttemptFailed({ id: mail.id, error: message });
      const attempts = updated?.attempts ?? mail.attempts + 1;
      if (attempts >= MAX_SEND_ATTEMPTS) notBefore.delete(mail.id);
      else notBefore.set(mail.id, Date.now() + retryDelayMs(attempts));
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
    timer = setInterval(() => void tick(), POLL_MS);
    timer.unref();
  }
  setImmediate(() => void tick());
}

export const mailSendingEnabled = () => !!env().SMTP_URL;
