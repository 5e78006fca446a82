import { desc, eq } from "drizzle-orm";
import { driverLinks } from "../../db/schema";
import { db, immediate } from "../db.server";
import { NotFoundError } from "../utils/errors";
import { recordActivity } from "./activity.server";
import { checkExpiry, newLinkToken, sha256, statusOf } from "./share-links.server";
import { requireRun, runLabel } from "./shuttle-runs.server";

/*
 * Issue 38: a driver's link to one shuttle run, made like the supplier links
 * (decision 066): 256 random bits, only the SHA-256 kept, optional expiry,
 * revocable; anything but an active link is "not found".
 */

type Row = typeof driverLinks.$inferSelect;

export const toDriverLinkView = (row: Row, now = new Date()) => ({
  id: row.id,
  runId: row.runId,
  label: row.label,
  expiresAt: row.expiresAt,
  lastOpenedAt: row.lastOpenedAt,
  revokedAt: row.revokedAt,
  createdAt: row.createdAt,
  createdBy: row.createdBy,
  status: statusOf(row, now),
});

export function createDriverLink(runId: string, input: { label: string | null; expiresAt: string | null }, opts: { createdBy: string; now: Date }) {
  const run = requireRun(runId);
  checkExpiry(input.expiresAt, opts.now);
  const token = newLinkToken();
  const row = immediate(() => {
    const made = db
      .insert(driverLinks)
      .values({ runId, tokenHash: sha256(token), label: input.label, expiresAt: input.expiresAt, createdBy: opts.createdBy, createdAt: opts.now.toISOString() })
      .returning()
      .get();
    recordActivity({ actor: "admin", kind: "share-link", summary: `Driver's link${made.label ? ` "${made.label}"` : ""} for the ${runLabel(run)}` });
    return made;
  });
  return { link: toDriverLinkView(row, opts.now), token };
}

export function listDriverLinks(runId: string, now = new Date()) {
  return db.select().from(driverLinks).where(eq(driverLinks.runId, runId)).orderBy(desc(driverLinks.createdAt)).all().map((r) => toDriverLinkView(r, now));
}

/** Revoked at once; revoking twice is fine. */
export function revokeDriverLink(id: string, now = new Date()) {
  const row = db.select().from(driverLinks).where(eq(driverLinks.id, id)).get();
  if (!row) throw new NotFoundError("Driver's link not found");
  const revokedAt = row.revokedAt ?? now.toISOString();
  immediate(() => {
    db.update(driverLinks).set({ revokedAt }).where(eq(driverLinks.id, id)).run();
    if (!row.revokedAt) recordActivity({ actor: "admin", kind: "share-link", summary: `Driver's link${row.label ? ` "${row.label}"` : ""} revoked` });
  });
  return toDriverLinkView({ ...row, revokedAt }, now);
}

/**
 * The link a token opens, or 404 when unknown, revoked or expired. A read
 * notes the open; a tick (`note: false`) writes nothing before it is accepted.
 */
export function openDriverLink(token: string, now = new Date(), { note = true } = {}) {
  const row = token.length <= 100 ? db.select().from(driverLinks).where(eq(driverLinks.tokenHash, sha256(token))).get() : undefined;
  if (!row || statusOf(row, now) !== "active") throw new NotFoundError();
  if (note) db.update(driverLinks).set({ lastOpenedAt: now.toISOString() }).where(eq(driverLinks.id, row.id)).run();
  return { id: row.id, runId: row.runId, label: row.label };
}
