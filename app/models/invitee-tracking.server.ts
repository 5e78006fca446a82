import { and, eq, isNull, sql } from "drizzle-orm";
import { guests, parties } from "../../db/schema";
import { db, prepared } from "../db.server";
import type { GuestIdentity } from "./identity";

/*
 * The two tracking writes a guest's own actions cause (issue 13). Kept apart
 * from invitations.server.ts so the sign-in model can call them without
 * pulling in the mail composer.
 */

/** The first successful sign-in, by any method, marks the invitation opened (once). */
export function recordFirstOpen(identity: GuestIdentity, at = new Date().toISOString()) {
  // Read first (prepared): every later sign-in finds it set, and skips building and running a write (issue 28).
  const opened = identity.type === "party" ? openedAt().party : openedAt().guest;
  if (opened.get({ id: identity.id })?.at !== null) return;
  const table = identity.type === "party" ? parties : guests;
  db.update(table).set({ firstOpenedAt: at }).where(and(eq(table.id, identity.id), isNull(table.firstOpenedAt))).run();
}

const openedAt = prepared(() => ({
  party: db.select({ at: parties.firstOpenedAt }).from(parties).where(eq(parties.id, sql.placeholder("id"))).prepare(),
  guest: db.select({ at: guests.firstOpenedAt }).from(guests).where(eq(guests.id, sql.placeholder("id"))).prepare(),
}));

/** A signed-in guest who switches the site's language keeps it for every later message. */
export function rememberInviteeLanguage(identity: GuestIdentity, language: "en" | "pt") {
  const table = identity.type === "party" ? parties : guests;
  db.update(table).set({ language }).where(eq(table.id, identity.id)).run();
}
