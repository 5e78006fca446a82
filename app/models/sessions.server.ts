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

// --- issue 15: sessions opened with an invitation code end when the code is replaced ---

/**
 * Deletes every guest session that signed in with `code` (the session data
 * records `guest.via` and `guest.code`, see guest-views.server.ts). For the
 * party or guest `owner`, sessions from before that record existed (no
 * `via`) go too: they may have used the old code. Sessions opened by e-mail or
 * phone stay. Answers how many ended.
 */
export function endSessionsSignedInWithCode(code: string | null | undefined, owner?: { type: "party" | "guest"; id: string }) {
  let ended = 0;
  if (code) {
    ended += db
      .delete(sessions)
      .where(sql`json_extract(${sessions.data}, '$.guest.via') = 'code' and json_extract(${sessions.data}, '$.guest.code') = ${code}`)
      .run().changes;
  }
  if (owner) {
    ended += db
      .delete(sessions)
      .where(
        sql`json_extract(${sessions.data}, '$.guest.type') = ${owner.type} and json_extract(${sessions.data}, '$.guest.id') = ${owner.id} and json_extract(${sessions.data}, '$.guest.via') is null`,
      )
      .run().changes;
  }
  return ended;
}
