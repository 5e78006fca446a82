import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on a free port, keeping every mail it accepts (issue 15's tests). */
export type Mail = { to: string[]; raw: string; text: string };

/** The decoded text of a MIME message's quoted-printable parts (enough to read what a guest reads). */
export const decodeQp = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

export function startSmtp() {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQp(raw) });
        callback();
      });
    },
  });
  return new Promise<{ port: number; mails: Mail[]; close: () => Promise<void> }>((resolve) => {
    smtp.listen(0, "127.0.0.1", () =>
      resolve({
        port: (smtp.server.address() as AddressInfo).port,
        mails,
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
    await new Promise((r) => setTimeout(r, 100));
  }
}
