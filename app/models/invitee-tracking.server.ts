import { and, eq, isNull } from "drizzle-orm";
import { guests, parties } from "../../db/schema";
import { db } from "../db.server";
import type { GuestIdentity } from "./identity";

/*
 * The two tracking writes a guest's own actions cause (issue 13). Kept apart
 * from invitations.server.ts so the sign-in model can call them without
 * pulling in the mail composer.
 */

/** The first successful sign-in, by any method, marks the invitation opened (once). */
export function recordFirstOpen(identity: GuestIdentity, at = new Date().toISOString()) {
  const table = identity.type === "party" ? parties : guests;
  db.update(table).set({ firstOpenedAt: at }).where(and(eq(table.id, identity.id), isNull(table.firstOpenedAt))).run();
}

/** A signed-in guest who switches the site's language keeps it for every later message. */
export function rememberInviteeLanguage(identity: GuestIdentity, language: "en" | "pt") {
  const table = identity.type === "party" ? parties : guests;
  db.update(table).set({ language }).where(eq(table.id, identity.id)).run();
}
