import { and, desc, eq, type SQL } from "drizzle-orm";
import { events, shareLinks } from "../../db/schema";
import { db, immediate } from "../db.server";
import { NotFoundError, ValidationError } from "../utils/errors";
import { recordActivity } from "./activity.server";
import { checkExpiry, linkById, newLinkToken, openByToken, setRevoked, sha256, statusOf } from "./link-tokens.server";

/*
 * Issue 27: read-only live links to one list for a supplier (docs/decisions/066).
 * The token, its hash, expiry and status: link-tokens.server.ts (the driver's
 * links of issue 38 share it).
 *
 * SHARE_LISTS is the registry of lists that can be shared, keyed by the name
 * the API takes (`list`). A new list (the travel manifests) adds an entry
 * here and its view in app/routes/shared/lists.server.ts (as "shuttles" did).
 */
export const SHARE_LISTS = {
  rooming: { title: "Rooming list", needsEvent: false, adminPath: () => "/admin/rooming-list" },
  caterer: { title: "Caterer's list", needsEvent: true, adminPath: (eventId: string) => `/admin/caterer-list?event=${encodeURIComponent(eventId)}` },
  // Issue 27.5 for issue 26: the shuttle lists (manifests, day sheets, every arrival and departure), one link for all.
  shuttles: { title: "Shuttle lists", needsEvent: false, adminPath: () => "/admin/travel/lists" },
} as const satisfies Record<string, { title: string; needsEvent: boolean; adminPath: (eventId: string) => string }>;
export type ShareListName = keyof typeof SHARE_LISTS;
export const SHARE_LIST_NAMES = Object.keys(SHARE_LISTS) as ShareListName[];
export const isShareList = (name: string): name is ShareListName => Object.hasOwn(SHARE_LISTS, name);

type Row = typeof shareLinks.$inferSelect;

/** What the host sees of a link (never the token: it is not kept). */
export const toShareLinkView = (row: Row, now = new Date()) => ({
  id: row.id,
  list: row.list as ShareListName,
  eventId: row.eventId,
  label: row.label,
  expiresAt: row.expiresAt,
  lastOpenedAt: row.lastOpenedAt,
  revokedAt: row.revokedAt,
  createdAt: row.createdAt,
  createdBy: row.createdBy,
  status: statusOf(row, now),
});
export type ShareLinkView = ReturnType<typeof toShareLinkView>;

export type ShareLinkInput = { list: string; eventId?: string | null; label: string; expiresAt?: string | null };

/** The main event is "main"; a side event must exist. */
function checkEvent(list: ShareListName, eventId: string | null | undefined) {
  if (!SHARE_LISTS[list].needsEvent) return null;
  const id = eventId || "main";
  if (id !== "main" && !db.select({ id: events.id }).from(events).where(eq(events.id, id)).get()) {
    throw new ValidationError("No such event", { eventId: ["No such event"] });
  }
  return id;
}

/** A new link: answers the view and the token (for the address, shown this once). */
export function createShareLink(input: ShareLinkInput, opts: { createdBy: string; now?: Date }) {
  const now = opts.now ?? new Date();
  if (!isShareList(input.list)) throw new ValidationError(`list must be one of: ${SHARE_LIST_NAMES.join(", ")}`, { list: ["Unknown list"] });
  const eventId = checkEvent(input.list, input.eventId);
  checkExpiry(input.expiresAt, now);
  const token = newLinkToken();
  const list = input.list;
  const row = immediate(() => {
    const made = db
      .insert(shareLinks)
      .values({ tokenHash: sha256(token), list, eventId, label: input.label, expiresAt: input.expiresAt ?? null, createdBy: opts.createdBy, createdAt: now.toISOString() })
      .returning()
      .get();
    recordActivity({ actor: "admin", kind: "share-link", summary: `Live link "${made.label}" to the ${SHARE_LISTS[list].title.toLowerCase()}${eventId && eventId !== "main" ? ` (event ${eventId})` : ""}` });
    return made;
  });
  return { link: toShareLinkView(row, now), token };
}

export function listShareLinks(filter: { list?: string; eventId?: string } = {}, now = new Date()) {
  const w: SQL[] = [];
  if (filter.list) w.push(eq(shareLinks.list, filter.list));
  if (filter.eventId) w.push(eq(shareLinks.eventId, filter.eventId));
  return db
    .select()
    .from(shareLinks)
    .where(w.length ? and(...w) : undefined)
    .orderBy(desc(shareLinks.createdAt))
    .all()
    .map((row) => toShareLinkView(row, now));
}

/** Revokes at once: from now on the address is 404. Revoking twice is fine. */
export function revokeShareLink(id: string, now = new Date()) {
  const row = linkById(shareLinks, id, "Share link not found");
  const revoked = immediate(() => {
    if (!row.revokedAt) recordActivity({ actor: "admin", kind: "share-link", summary: `Live link "${row.label}" revoked` });
    return setRevoked(shareLinks, row, now);
  });
  return toShareLinkView(revoked, now);
}

/** The list a token opens (and the open is noted), or 404 when unknown, revoked or expired. */
export function openShareLink(token: string, now = new Date()) {
  const row = openByToken(shareLinks, token, now, { note: true });
  if (!isShareList(row.list)) throw new NotFoundError();
  return { list: row.list as ShareListName, eventId: row.eventId ?? "main", label: row.label };
}
