import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { outbox } from "../../db/schema";
import { db } from "../db.server";
import { env } from "../env.server";
import { ConflictError, NotFoundError } from "../utils/errors";
import { getEventConfig } from "./event-config.server";

export type OutboxMail = typeof outbox.$inferSelect;
export type MailKind = "invitation" | "reminder" | "confirmation" | "sign-in-code" | (string & {});
export type MailLane = OutboxMail["lane"];

/**
 * The kinds a guest is waiting for, right now, on a page (issue 23,
 * docs/decisions/058): the sign-in code (with its one-click link) and the
 * confirmation of their own answer. They go on the "priority" lane, sent at
 * once whatever bulk mail is queued. Every other kind, including any new one
 * (announcements, host notices and digests, "other"), goes on the "bulk"
 * lane at MAIL_RATE_PER_MINUTE: a new kind is bulk unless it is added here.
 */
// "payment-receipt" (issue 25): a guest who just paid waits for the receipt, never behind a bulk send.
// "pickup-change" (issue 26): a guest whose shuttle moved must hear it before a bulk send drains.
// "team-invitation" (issue 27): a helper the owner just invited waits for the link.
export const PRIORITY_KINDS: ReadonlySet<string> = new Set(["sign-in-code", "confirmation", "payment-receipt", "pickup-change", "run-message", "team-invitation"]);

export const laneOfKind = (kind: string): MailLane => (PRIORITY_KINDS.has(kind) ? "priority" : "bulk");

/** After this many failed attempts a mail is left as "failed" (still readable, and the host may retry it). */
export const MAX_SEND_ATTEMPTS = 5;

/** Pause before the next attempt after `attempts` failures: base, 2x, 4x, 8x (default 10 s: all 5 tries within 4 minutes). */
export const retryDelayMs = (attempts: number) => env().MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

export const mailSendingConfigured = () => !!env().SMTP_URL;

/**
 * Every mail is kept here, sent or not, so the host can read what guests
 * were told. "pending" mails wait for the background sender; "stored" ones
 * are never sent (no SMTP configured, or nobody to send them to).
 * `send` defaults to "when SMTP is configured"; `kind` and the invitee ids
 * label the mail for the Messages page and the double-send guard.
 * The host's address (event configuration) is the Reply-To.
 */
export function enqueueMail(input: {
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  send?: boolean;
  kind?: MailKind;
  partyId?: string | null;
  guestId?: string | null;
  replyTo?: string | null;
}) {
  const to = [...new Set(input.to.map((a) => a.trim()).filter(Boolean))];
  const send = input.send ?? mailSendingConfigured();
  const replyTo = input.replyTo !== undefined ? input.replyTo : getEventConfig().hostEmail;
  const kind = input.kind ?? "other";
  return db
    .insert(outbox)
    .values({
      kind,
      lane: laneOfKind(kind),
      partyId: input.partyId ?? null,
      guestId: input.guestId ?? null,
      to: to.join(", "),
      replyTo: replyTo || null,
      subject: input.subject,
      text: input.text,
      html: input.html ?? null,
      status: send && to.length > 0 ? "pending" : "stored",
    })
    .returning()
    .get();
}

/** One lane's mails due now (no backoff pause running), oldest first, so a backlog drains in order. */
export function listPendingMails({ lane, limit = 20, now = new Date() }: { lane: MailLane; limit?: number; now?: Date }) {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.lane, lane),
        eq(outbox.status, "pending"),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now.toISOString())),
      ),
    )
    .orderBy(sql`${outbox.createdAt}, rowid`)
    .limit(limit)
    .all();
}

export function markMailSent({ id }: { id: string }) {
  db.update(outbox)
    .set({ status: "sent", sentAt: new Date().toISOString(), attempts: sql`${outbox.attempts} + 1`, lastError: null, nextAttemptAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, "pending")))
    .run();
}

/** Counts a failed attempt; the mail gives up ("failed") after MAX_SEND_ATTEMPTS, else waits its backoff. */
export function markMailAttemptFailed({ id, error }: { id: string; error: string }) {
  const row = db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.id, id)).get();
  if (!row) return undefined;
  const attempts = row.attempts + 1;
  const failed = attempts >= MAX_SEND_ATTEMPTS;
  return db
    .update(outbox)
    .set({
      attempts,
      lastError: error.slice(0, 1000),
      status: failed ? "failed" : "pending",
      nextAttemptAt: failed ? null : new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
    })
    .where(eq(outbox.id, id))
    .returning()
    .get();
}

/** "Retry" on a failed mail: back to pending with fresh attempts (stored when SMTP is not configured). */
export function retryMail({ id }: { id: string }) {
  const mail = getMail({ id });
  if (!mail) throw new NotFoundError("Message not found");
  if (mail.status !== "failed") throw new ConflictError("Only a failed message can be retried.");
  return db
    .update(outbox)
    .set({ status: mailSendingConfigured() ? "pending" : "stored", attempts: 0, nextAttemptAt: null })
    .where(eq(outbox.id, id))
    .returning()
    .get();
}

/**
 * Issue 27: a helper's invitation link makes whoever opens it that helper, so
 * no one reads it back from the outbox (not even a viewer on Messages): the
 * owner saw it once when inviting. Only the sender reads the real text.
 */
const SECRET_KINDS = new Set(["team-invitation"]);
const hideToken = (text: string) => text.replace(/token=[\w-]+/g, "token=(hidden)");
function forReading<M extends OutboxMail | undefined>(mail: M): M {
  if (!mail || !SECRET_KINDS.has(mail.kind)) return mail;
  return { ...mail, text: hideToken(mail.text), html: mail.html ? hideToken(mail.html) : mail.html };
}

export function getMail({ id }: { id: string }) {
  return forReading(db.select().from(outbox).where(eq(outbox.id, id)).get()) ?? null;
}

/** `search`: part of an address or of the subject (the Messages page's filter, issue 36). */
export type OutboxFilters = { status?: OutboxMail["status"]; kind?: string; lane?: MailLane; search?: string };

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function outboxWhere(filters: OutboxFilters) {
  const where = [];
  const search = filters.search?.trim();
  if (search) where.push(sql`(${outbox.to} like ${likeText(search)} escape '\\' or ${outbox.subject} like ${likeText(search)} escape '\\')`);
  if (filters.status) where.push(eq(outbox.status, filters.status));
  if (filters.kind) where.push(eq(outbox.kind, filters.kind));
  if (filters.lane) where.push(eq(outbox.lane, filters.lane));
  return where.length ? and(...where) : undefined;
}

export function countOutbox(filters: OutboxFilters = {}) {
  return db.select({ n: sql<number>`count(*)` }).from(outbox).where(outboxWhere(filters)).get()?.n ?? 0;
}

/** The kinds of mail written so far, for the Messages page's filter. */
export function outboxKinds() {
  return db.selectDistinct({ kind: outbox.kind }).from(outbox).orderBy(outbox.kind).all().map((r) => r.kind);
}

/** For the host: the newest mails first (the Messages page and GET /api/messages). */
export function listOutbox({ limit = 100, offset = 0, ...filters }: { limit?: number; offset?: number } & OutboxFilters = {}) {
  return db
    .select()
    .from(outbox)
    .where(outboxWhere(filters))
    .orderBy(desc(outbox.createdAt), desc(sql`rowid`))
    .limit(limit)
    .offset(offset)
    .all()
    .map(forReading);
}

/** Invitees already mailed this kind since `since` (the double-send guard of invitations and reminders). */
export function recentlyMailed({ kind, since, partyIds, guestIds }: { kind: MailKind; since: Date; partyIds: string[]; guestIds: string[] }) {
  const who = [];
  if (partyIds.length) who.push(inArray(outbox.partyId, partyIds));
  if (guestIds.length) who.push(inArray(outbox.guestId, guestIds));
  if (!who.length) return { partyIds: new Set<string>(), guestIds: new Set<string>() };
  const rows = db
    .select({ partyId: outbox.partyId, guestId: outbox.guestId })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), gte(outbox.createdAt, since.toISOString()), or(...who)))
    .all();
  return {
    partyIds: new Set(rows.map((r) => r.partyId).filter((v): v is string => !!v)),
    guestIds: new Set(rows.map((r) => r.guestId).filter((v): v is string => !!v)),
  };
}
