import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { driverLinks, shareLinks } from "../../db/schema";
import { db } from "../db.server";
import { NotFoundError, ValidationError } from "../utils/errors";

/*
 * The secret links: a supplier's live list (issue 27, decision 066) and a
 * driver's list (issue 38, decision 081). One way for both: 256 random bits,
 * only the SHA-256 kept (the address is shown once, when made), an optional
 * expiry, revocable; anything but an active link is "not found".
 */

/** Only this is kept of a link's token. */
export const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
/** 256 random bits, url-safe. */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export type LinkStatus = "active" | "expired" | "revoked";
export const statusOf = (row: { revokedAt: string | null; expiresAt: string | null }, now: Date): LinkStatus =>
  row.revokedAt ? "revoked" : row.expiresAt && new Date(row.expiresAt) <= now ? "expired" : "active";

/** An expiry must be in the future (a link made already dead is a mistake). */
export function checkExpiry(expiresAt: string | null | undefined, now: Date) {
  if (expiresAt && new Date(expiresAt) <= now) {
    throw new ValidationError("The expiry must be in the future", { expiresAt: ["The expiry must be in the future"] });
  }
}

type LinkTable = typeof shareLinks | typeof driverLinks;
type RowOf<T extends LinkTable> = T["$inferSelect"];

/**
 * The active link a token opens, or 404 when unknown, revoked or expired (a
 * token longer than any we make is not even looked up). `note` records the
 * open; a write through the link notes nothing before it is accepted.
 */
export function openByToken<T extends LinkTable>(table: T, token: string, now: Date, { note }: { note: boolean }): RowOf<T> {
  const t = table as LinkTable;
  const row = token.length <= 100 ? (db.select().from(t).where(eq(t.tokenHash, sha256(token))).get() as RowOf<T> | undefined) : undefined;
  if (!row || statusOf(row, now) !== "active") throw new NotFoundError();
  if (note) db.update(t).set({ lastOpenedAt: now.toISOString() }).where(eq(t.id, row.id)).run();
  return row;
}

/** A link by id for the host, or 404 with `message`. */
export function linkById<T extends LinkTable>(table: T, id: string, message: string): RowOf<T> {
  const t = table as LinkTable;
  const row = db.select().from(t).where(eq(t.id, id)).get() as RowOf<T> | undefined;
  if (!row) throw new NotFoundError(message);
  return row;
}

/** Revoked from now on (the caller's write, in its transaction); revoking twice keeps the first time. */
export function setRevoked<T extends LinkTable>(table: T, row: RowOf<T>, now: Date): RowOf<T> {
  const t = table as LinkTable;
  const revokedAt = row.revokedAt ?? now.toISOString();
  db.update(t).set({ revokedAt }).where(eq(t.id, row.id)).run();
  return { ...row, revokedAt };
}
