import { sql } from "drizzle-orm";
import { sessions } from "../../db/schema";
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
