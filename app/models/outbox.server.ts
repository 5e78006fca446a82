import { and, asc, desc, eq, sql } from "drizzle-orm";
import { outbox } from "../../db/schema";
import { db } from "../db.server";

export type OutboxMail = typeof outbox.$inferSelect;

/** After this many failed attempts a mail is left as "failed" (still readable in the table). */
export const MAX_SEND_ATTEMPTS = 5;

/**
 * Every mail is kept here, sent or not, so the host can read what guests
 * were told. "pending" mails wait for the background sender; "stored" ones
 * are never sent (no SMTP configured, or nobody to send them to).
 */
export function enqueueMail(input: { to: string[]; subject: string; text: string; html?: string | null; send: boolean }) {
  const to = [...new Set(input.to.map((a) => a.trim()).filter(Boolean))];
  return db
    .insert(outbox)
    .values({
      to: to.join(", "),
      subject: input.subject,
      text: input.text,
      html: input.html ?? null,
      status: input.send && to.length > 0 ? "pending" : "stored",
    })
    .returning()
    .get();
}

/** Oldest first, so a backlog drains in order. */
export function listPendingMails({ limit = 20 }: { limit?: number } = {}) {
  return db.select().from(outbox).where(eq(outbox.status, "pending")).orderBy(asc(outbox.createdAt)).limit(limit).all();
}

export function markMailSent({ id }: { id: string }) {
  db.update(outbox)
    .set({ status: "sent", sentAt: new Date().toISOString(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, "pending")))
    .run();
}

/** Counts a failed attempt; the mail gives up ("failed") after MAX_SEND_ATTEMPTS. */
export function markMailAttemptFailed({ id, error }: { id: string; error: string }) {
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      status: sql`case when ${outbox.attempts} + 1 >= ${MAX_SEND_ATTEMPTS} then 'failed' else 'pending' end`,
    })
    .where(eq(outbox.id, id))
    .returning()
    .get();
}

/** For the host: the newest mails first. */
export function listOutbox({ limit = 100 }: { limit?: number } = {}) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit).all();
}
