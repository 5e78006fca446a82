import { and, eq, lt, sql } from "drizzle-orm";
import { guests, parties, sessions } from "../../db/schema";
import { db, prepared, relaxed } from "../db.server";

/**
 * The session store's rows: the web layer (app/session.server.ts) keeps the
 * cookie and the data's shape; these are the only queries on the table.
 */

// Prepared once: every signed-in request reads its session (issue 8).
const sessionById = prepared(() => db.select().from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare());

/** A new sign-in's row, not fsynced (relaxed): lost in a power cut, the guest signs in again. */
export function insertSession(id: string, data: string, expiresAt: Date | undefined) {
  relaxed(() => db.insert(sessions).values({ id, data, expiresAt: expiresAt?.toISOString() ?? null }).run());
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

/**
 * A session opened with a code is honoured only while that code still signs
 * in to the same party or guest (a sign-in racing a regeneration could
 * otherwise outlive it). Sessions opened by e-mail or phone always pass.
 */
export function sessionCodeIsCurrent(identity: { type: "party" | "guest"; id: string; via?: string; code?: string }) {
  if (identity.via !== "code" || !identity.code) return true;
  const q = codeChecks();
  const key = { id: identity.id, code: identity.code };
  if (identity.type === "guest") return !!q.guest.get(key);
  return !!(q.party.get(key) ?? q.member.get(key));
}

// Prepared once: this runs on every request of a guest signed in with a code (issue 28).
const codeChecks = prepared(() => {
  const id = sql.placeholder("id");
  const code = sql.placeholder("code");
  return {
    guest: db.select({ id: guests.id }).from(guests).where(and(eq(guests.id, id), eq(guests.customCode, code))).prepare(),
    party: db.select({ id: parties.id }).from(parties).where(and(eq(parties.id, id), eq(parties.authCode, code))).prepare(),
    member: db.select({ id: guests.id }).from(guests).where(and(eq(guests.partyId, id), eq(guests.customCode, code))).prepare(),
  };
});
