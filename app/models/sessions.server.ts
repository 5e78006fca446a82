import { eq, lt, sql } from "drizzle-orm";
import { sessions } from "../../db/schema";
import { db, prepared } from "../db.server";

/**
 * The session store's rows: the web layer (app/session.server.ts) keeps the
 * cookie and the data's shape; these are the only queries on the table.
 */

// Prepared once: every signed-in request reads its session (issue 8).
const sessionById = prepared(() => db.select().from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare());

export function insertSession(id: string, data: string, expiresAt: Date | undefined) {
  db.insert(sessions).values({ id, data, expiresAt: expiresAt?.toISOString() ?? null }).run();
}

/** The stored data, or null when missing or expired (an expired row is deleted). */
export function readSessionData(id: string, now = new Date()): string | null {
  const row = sessionById().get({ id });
  if (!row) return null;
  if (row.expiresAt && new Date(row.expiresAt) < now) {
    deleteSession(id);
    return null;
  }
  return row.data;
}

export function updateSession(id: string, data: string, expiresAt: Date | undefined) {
  db.update(sessions)
    .set({ data, expiresAt: expiresAt?.toISOString() ?? null })
    .where(eq(sessions.id, id))
    .run();
}

export function deleteSession(id: string) {
  db.delete(sessions).where(eq(sessions.id, id)).run();
}

export function purgeExpiredSessions(now = new Date()) {
  db.delete(sessions).where(lt(sessions.expiresAt, now.toISOString())).run();
}
