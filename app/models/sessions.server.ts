import { and, eq, sql } from "drizzle-orm";
import { guests, parties, sessions } from "../../db/schema";
import { db } from "../db.server";

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
  if (identity.type === "guest") {
    return !!db.select({ id: guests.id }).from(guests).where(and(eq(guests.id, identity.id), eq(guests.customCode, identity.code))).get();
  }
  return !!(
    db.select({ id: parties.id }).from(parties).where(and(eq(parties.id, identity.id), eq(parties.authCode, identity.code))).get() ??
    db.select({ id: guests.id }).from(guests).where(and(eq(guests.partyId, identity.id), eq(guests.customCode, identity.code))).get()
  );
}
