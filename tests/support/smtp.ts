import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail the test SMTP server accepted: envelope, raw message, its decoded text, when it arrived. */
export type Mail = { from: string; to: string[]; raw: string; text: string; at: number };
export type ReceivedMail = Mail;

/** The decoded text of a MIME message's quoted-printable parts (enough to read what a guest reads). */
export const decodeQp = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

/**
 * A real SMTP server on a free port, keeping every mail it accepts (issues 13
 * and 15). `failing()` decides, per message, whether to refuse it with a
 * temporary error (the sender then retries); `hold(raw)` how many ms to keep
 * the sender waiting before accepting it (a slow server, issue 23), counted
 * in `holding` meanwhile.
 */
export function startSmtp({ failing = () => false, hold = () => 0 }: { failing?: () => boolean; hold?: (raw: string) => number } = {}) {
  const mails: Mail[] = [];
  const holding = { count: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (failing()) return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        const ms = hold(raw);
        if (ms > 0) {
          holding.count++;
          await new Promise((r) => setTimeout(r, ms));
          holding.count--;
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQp(raw),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  // A sender's connection reset (the app stopped mid-conversation at the end of a file) is emitted
  // here; without a listener it was an uncaught exception that failed the whole vitest run.
  smtp.on("error", () => {});
  return new Promise<{ smtp: SMTPServer; port: number; mails: Mail[]; holding: { count: number }; close: () => Promise<void> }>((resolve) => {
    smtp.listen(0, "127.0.0.1", () =>
      resolve({
        smtp,
        port: (smtp.server.address() as AddressInfo).port,
        mails,
        holding,
        close: () => new Promise<void>((r) => smtp.close(() => r())),
      }),
    );
  });
}

export async function waitFor<T>(fn: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One part of a received multipart mail ("text/plain", "text/html"), decoded
 * from quoted-printable or base64 as a mail reader would: what the guest reads
 * in that part, line breaks as sent (CRLF made LF).
 */
export function mailPart(raw: string, type: "text/plain" | "text/html") {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => new RegExp(`^content-type:\\s*${type}`, "im").test(p.split(/\r?\n\r?\n/)[0]!));
  if (!part) return undefined;
  const at = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, at);
  const body = part.slice(at).replace(/^\r?\n\r?\n/, "").replace(/\r?\n--[^\r\n]+--[\s\S]*$/, "");
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  const text = encoding === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : encoding === "quoted-printable" ? decodeQp(body) : body;
  return text.replace(/\r\n/g, "\n");
}
