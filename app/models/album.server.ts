import { open, readFile } from "node:fs/promises";
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { albumPhotos, albumSettings, guests, parties } from "../../db/schema";
import { db } from "../db.server";
import { now } from "../utils/clock.server";
import { ForbiddenError, NotFoundError, PayloadTooLargeError, UnprocessableError, ValidationError } from "../utils/errors";
import { recordActivity, type Actor } from "./activity.server";
import {
  ALBUM_CLOSED_MESSAGE,
  exifDay,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  notAPhotoMessage,
  photoTooLargeMessage,
  quotaMessage,
  sniffFormat,
  tooManyPixelsMessage,
  type AlbumFormat,
} from "./album-formats";
import { announceChange } from "./album-events.server";
import { albumStore } from "./album-storage.server";
import { decodeHeicSize } from "./album-heic.server";
import type { GuestIdentity } from "./identity";

/*
 * Issue 39, decision 082: the album. Every rule about who adds, sees, hides
 * and deletes a photo lives here; the routes only receive files and call in.
 */

export type AlbumPhoto = typeof albumPhotos.$inferSelect;
export type AlbumStatus = AlbumPhoto["status"];
export type Approval = "host" | "at-once";

/** Who added a photo: the party (quota's unit), and the guest when one signed in alone. */
export type Uploader = { partyId: string | null; guestId: string | null };
/** Who is looking: a guest (their own photos are theirs whatever the state) or the host. */
export type AlbumViewer = { role: "admin" } | { role: "guest"; uploader: Uploader };

export function uploaderOf(identity: GuestIdentity): Uploader {
  if (identity.type === "party") return { partyId: identity.id, guestId: null };
  const guest = db.select({ partyId: guests.partyId }).from(guests).where(eq(guests.id, identity.id)).get();
  if (!guest) throw new ForbiddenError();
  return { partyId: guest.partyId, guestId: identity.id };
}

// --- settings ---

export function getAlbumSettings() {
  const row = db.select().from(albumSettings).where(eq(albumSettings.id, "default")).get();
  if (row) return row;
  return db.insert(albumSettings).values({ id: "default" }).onConflictDoNothing().returning().get() ?? db.select().from(albumSettings).get()!;
}

export type AlbumSettingsInput = Partial<{ opensAt: string | null; closesAt: string | null; approval: Approval; quotaBytes: number; keepLocation: boolean }>;

export function updateAlbumSettings(input: AlbumSettingsInput) {
  const before = getAlbumSettings();
  if (!Object.values(input).some((v) => v !== undefined)) return before;
  return db.transaction(() => {
    const after = db.update(albumSettings).set(input).where(eq(albumSettings.id, "default")).returning().get()!;
    const changed = (Object.keys(input) as (keyof AlbumSettingsInput)[]).filter((k) => before[k] !== after[k]);
    if (changed.length) recordActivity({ actor: "admin", kind: "album", summary: `Album settings: ${changed.map((k) => `${k} ${String(before[k])} -> ${String(after[k])}`).join(", ")}` });
    return after;
  });
}

/** Whether guests see the shared album yet (the reveal), and whether it takes new photos. */
export function albumState(at = now()) {
  const s = getAlbumSettings();
  const iso = at.toISOString();
  return { open: !s.opensAt || s.opensAt <= iso, accepting: !s.closesAt || s.closesAt > iso, settings: s };
}

// --- adding photos ---

export type IncomingFile = { name: string; path: string; bytes: number; hash: string };
type Checked = IncomingFile & { format: AlbumFormat; width: number; height: number; takenDay: string };

/** What the file is and how big it decodes, read from its bytes; 400, 413 or 422 naming the limit. */
export async function checkPhoto(file: IncomingFile): Promise<Checked> {
  if (file.bytes > MAX_PHOTO_BYTES) throw new PayloadTooLargeError(photoTooLargeMessage(file.name));
  const handle = await open(file.path, "r");
  const head = Buffer.alloc(Math.min(file.bytes, 256 * 1024));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const format = sniffFormat(head.subarray(0, 64));
  if (!format) throw new ValidationError(notAPhotoMessage(file.name));
  let size: { width: number; height: number };
  try {
    size = format === "heic" ? await decodeHeicSize(await readFile(file.path)) : await headerSize(file.path);
  } catch {
    throw new ValidationError(notAPhotoMessage(file.name));
  }
  if (size.width * size.height > MAX_PHOTO_PIXELS) throw new UnprocessableError(tooManyPixelsMessage(file.name));
  return { ...file, format, ...size, takenDay: exifDay(head) ?? now().toISOString().slice(0, 10) };
}

/** The header's size only: nothing is decoded here, so a declared 30,000 x 30,000 costs nothing. */
async function headerSize(path: string) {
  const meta = await sharp(path, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error("no size");
  return { width: meta.width, height: meta.height };
}

function usedBytes(partyKey: Uploader) {
  const owner = partyKey.partyId ? eq(albumPhotos.partyId, partyKey.partyId) : eq(albumPhotos.guestId, partyKey.guestId ?? "");
  return db.select({ n: sql<number>`coalesce(sum(${albumPhotos.bytes}), 0)` }).from(albumPhotos).where(owner).get()!.n;
}

/** Bytes the uploader's invitation may still add. */
export function quotaLeft(u: Uploader) {
  return getAlbumSettings().quotaBytes - usedBytes(u);
}

const ownedBy = (u: Uploader): SQL => (u.guestId ? eq(albumPhotos.guestId, u.guestId) : and(eq(albumPhotos.partyId, u.partyId ?? ""), sql`${albumPhotos.guestId} is null`)!);

/** The hashes among `hashes` this uploader already shared (the page skips those before sending). */
export function knownHashes(uploader: Uploader, hashes: string[]) {
  if (!hashes.length) return [];
  return db
    .select({ hash: albumPhotos.contentHash })
    .from(albumPhotos)
    .where(and(ownedBy(uploader), inArray(albumPhotos.contentHash, hashes)))
    .all()
    .map((r) => r.hash);
}

/**
 * Keeps the files as photos of `uploader`: every one is checked first, then
 * the quota for all together; one refused and none is kept (the caller
 * removes the incoming files). The same content sent again by the same
 * uploader is skipped, not stored twice.
 */
export async function addPhotos(uploader: Uploader, files: IncomingFile[], actor: Actor = "guest") {
  const state = albumState();
  if (!state.accepting) throw new ForbiddenError(ALBUM_CLOSED_MESSAGE);
  const checked: Checked[] = [];
  for (const file of files) checked.push(await checkPhoto(file));
  const known = new Set(knownHashes(uploader, checked.map((c) => c.hash)));
  const fresh = checked.filter((c, i) => !known.has(c.hash) && checked.findIndex((d) => d.hash === c.hash) === i);
  const quota = state.settings.quotaBytes;
  const used = usedBytes(uploader);
  const adding = fresh.reduce((n, f) => n + f.bytes, 0);
  if (used + adding > quota) throw new PayloadTooLargeError(quotaMessage(quota, quota - used));

  const status: AlbumStatus = state.settings.approval === "at-once" ? "shown" : "waiting";
  const rows = fresh.map((f) => ({ id: crypto.randomUUID().replace(/-/g, ""), file: f }));
  const store = albumStore();
  const stored: string[] = [];
  try {
    for (const { id, file } of rows) {
      await store.adopt(`originals/${id}`, file.path);
      stored.push(`originals/${id}`);
    }
    const added = db.transaction(() => {
      const inserted = rows.map(({ id, file }) =>
        db
          .insert(albumPhotos)
          .values({ id, ...uploader, status, format: file.format, storageKey: `originals/${id}`, bytes: file.bytes, width: file.width, height: file.height, contentHash: file.hash, takenDay: file.takenDay })
          .returning()
          .get(),
      );
      if (inserted.length) recordActivity({ actor, ...uploader, kind: "album", summary: `Shared ${inserted.length} photo${inserted.length === 1 ? "" : "s"} (${status})` });
      return inserted;
    });
    return { added, skipped: checked.filter((c) => !fresh.includes(c)).map((c) => c.name) };
  } catch (error) {
    await Promise.all(stored.map((k) => store.remove(k)));
    throw error;
  }
}

// --- reading ---

const SHARED_BY = sql<string>`coalesce(${parties.name}, ${guests.firstName} || ' ' || ${guests.lastName}, '')`;
const photoColumns = {
  id: albumPhotos.id,
  status: albumPhotos.status,
  format: albumPhotos.format,
  width: albumPhotos.width,
  height: albumPhotos.height,
  takenDay: albumPhotos.takenDay,
  createdAt: albumPhotos.createdAt,
  copies: albumPhotos.copies,
  partyId: albumPhotos.partyId,
  guestId: albumPhotos.guestId,
  bytes: albumPhotos.bytes,
  sharedBy: SHARED_BY,
};
const withNames = () =>
  db
    .select(photoColumns)
    .from(albumPhotos)
    .leftJoin(parties, eq(parties.id, albumPhotos.partyId))
    .leftJoin(guests, eq(guests.id, albumPhotos.guestId));

export type ListedPhoto = Awaited<ReturnType<ReturnType<typeof withNames>["all"]>>[number];
export const ALBUM_PAGE_SIZE = 48;
const ORDER = [desc(albumPhotos.takenDay), desc(albumPhotos.createdAt), desc(albumPhotos.id)] as const;

/** A guest's view of one photo: who shared it and its sizes, never the uploader's ids or the hash. */
export const guestPhotoView = (p: ListedPhoto, mine: boolean) => ({
  id: p.id,
  takenDay: p.takenDay,
  sharedBy: p.sharedBy,
  width: p.width,
  height: p.height,
  ready: p.copies === "ready",
  mine,
  ...(mine ? { status: p.status } : {}),
});

export const isOwn = (p: Pick<AlbumPhoto, "partyId" | "guestId">, u: Uploader) =>
  u.guestId ? p.guestId === u.guestId : p.partyId === u.partyId && p.guestId === null;

/** In the shared album: approved, and its copies made (album-events.server.ts says the same of one row). */
const inSharedAlbum = () => and(eq(albumPhotos.status, "shown"), eq(albumPhotos.copies, "ready"));

/** The shared album, newest day first, one page (`page` from 1): the approved photos whose copies are made. */
export function listShownPhotos(page: number) {
  const where = inSharedAlbum();
  const total = db.select({ n: sql<number>`count(*)` }).from(albumPhotos).where(where).get()!.n;
  const photos = withNames()
    .where(where)
    .orderBy(...ORDER)
    .limit(ALBUM_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * ALBUM_PAGE_SIZE)
    .all();
  return { photos, total, pages: Math.max(1, Math.ceil(total / ALBUM_PAGE_SIZE)) };
}

/** The id of the album's newest photo (the first the slideshow shows), or null. */
export function newestShownPhotoId() {
  return db.select({ id: albumPhotos.id }).from(albumPhotos).where(inSharedAlbum()).orderBy(...ORDER).limit(1).get()?.id ?? null;
}

/** A guest's own photos, whatever their state. */
export function listOwnPhotos(u: Uploader) {
  return withNames().where(ownedBy(u)).orderBy(...ORDER).all();
}

export function listPhotosForHost(status: AlbumStatus, page: number) {
  const total = db.select({ n: sql<number>`count(*)` }).from(albumPhotos).where(eq(albumPhotos.status, status)).get()!.n;
  const photos = withNames()
    .where(eq(albumPhotos.status, status))
    .orderBy(...ORDER)
    .limit(ALBUM_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * ALBUM_PAGE_SIZE)
    .all();
  return { photos, total, pages: Math.max(1, Math.ceil(total / ALBUM_PAGE_SIZE)) };
}

export function countByStatus() {
  const rows = db.select({ status: albumPhotos.status, n: sql<number>`count(*)` }).from(albumPhotos).groupBy(albumPhotos.status).all();
  const counts: Record<AlbumStatus, number> = { waiting: 0, shown: 0, hidden: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/**
 * One photo if `viewer` may see it: the host always; a guest their own, or
 * a shown one once the album is open. Anything else is "not found", so a
 * guest cannot even tell a waiting photo exists.
 */
export function readablePhoto(id: string, viewer: AlbumViewer) {
  const photo = withNames().where(eq(albumPhotos.id, id)).get();
  if (!photo) throw new NotFoundError("Photo not found");
  if (viewer.role === "admin" || isOwn(photo, viewer.uploader)) return photo;
  if (photo.status === "shown" && albumState().open) return photo;
  throw new NotFoundError("Photo not found");
}

/** A photo in the shared album (approved, copies made) that `viewer` may read, else null: a waiting, hidden or unknown id is no error here. */
export function sharedPhotoOrNull(id: string | null, viewer: AlbumViewer) {
  if (!id) return null;
  try {
    const photo = readablePhoto(id, viewer);
    return photo.status === "shown" && photo.copies === "ready" ? photo : null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The previous and next shown photos around `id` in the album's order (the full-screen view's links). */
export function neighbours(photo: Pick<ListedPhoto, "id" | "takenDay" | "createdAt">) {
  const shown = inSharedAlbum();
  const after = or(
    sql`${albumPhotos.takenDay} < ${photo.takenDay}`,
    and(eq(albumPhotos.takenDay, photo.takenDay), sql`${albumPhotos.createdAt} < ${photo.createdAt}`),
    and(eq(albumPhotos.takenDay, photo.takenDay), eq(albumPhotos.createdAt, photo.createdAt), sql`${albumPhotos.id} < ${photo.id}`),
  );
  const before = or(
    sql`${albumPhotos.takenDay} > ${photo.takenDay}`,
    and(eq(albumPhotos.takenDay, photo.takenDay), sql`${albumPhotos.createdAt} > ${photo.createdAt}`),
    and(eq(albumPhotos.takenDay, photo.takenDay), eq(albumPhotos.createdAt, photo.createdAt), sql`${albumPhotos.id} > ${photo.id}`),
  );
  const next = db.select({ id: albumPhotos.id }).from(albumPhotos).where(and(shown, after)).orderBy(...ORDER).limit(1).get();
  const previous = db
    .select({ id: albumPhotos.id })
    .from(albumPhotos)
    .where(and(shown, before))
    .orderBy(albumPhotos.takenDay, albumPhotos.createdAt, albumPhotos.id)
    .limit(1)
    .get();
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}

// --- the host's decisions, a guest's deletion ---

export function setPhotoStatus(id: string, status: AlbumStatus) {
  const { before, after } = db.transaction(() => {
    const before = db.select().from(albumPhotos).where(eq(albumPhotos.id, id)).get();
    if (!before) throw new NotFoundError("Photo not found");
    const after = db.update(albumPhotos).set({ status }).where(eq(albumPhotos.id, id)).returning().get()!;
    if (before.status !== status) {
      recordActivity({ actor: "admin", partyId: before.partyId, guestId: before.guestId, kind: "album", summary: `Photo ${id}: ${before.status} -> ${status}` });
    }
    return { before, after };
  });
  announceChange(id, before, after);
  return after;
}

/** Deletes a photo and its files: the host any, a guest only their own (403 otherwise). */
export async function deletePhoto(id: string, viewer: AlbumViewer) {
  const photo = db.select().from(albumPhotos).where(eq(albumPhotos.id, id)).get();
  if (!photo) throw new NotFoundError("Photo not found");
  if (viewer.role === "guest" && !isOwn(photo, viewer.uploader)) {
    // A photo the guest may not see is "not found"; a shown one of someone else's is theirs to keep.
    if (photo.status !== "shown") throw new NotFoundError("Photo not found");
    throw new ForbiddenError("Only the guest who shared a photo, or the host, can delete it.");
  }
  db.transaction(() => {
    db.delete(albumPhotos).where(eq(albumPhotos.id, id)).run();
    const actor: Actor = viewer.role === "admin" ? "admin" : "guest";
    recordActivity({ actor, partyId: photo.partyId, guestId: photo.guestId, kind: "album", summary: `Deleted photo ${id} (${photo.status})` });
  });
  announceChange(id, photo, undefined);
  const store = albumStore();
  await Promise.all([photo.storageKey, ...copyKeys(id)].map((k) => store.remove(k)));
  return photo;
}

export const COPY_SIZES = { thumb: 480, screen: 1600 } as const;
export type CopySize = keyof typeof COPY_SIZES;
export const copyKey = (id: string, size: CopySize) => `copies/${id}-${size}.webp`;
export const copyKeys = (id: string) => (Object.keys(COPY_SIZES) as CopySize[]).map((s) => copyKey(id, s));

/** The copies' state; a photo already approved ("show at once") joins the album when they are made. */
export function setCopies(id: string, copies: AlbumPhoto["copies"]) {
  const before = photoRow(id);
  const after = db.update(albumPhotos).set({ copies }).where(eq(albumPhotos.id, id)).returning({ status: albumPhotos.status, copies: albumPhotos.copies }).get();
  announceChange(id, before, after);
}

export function photoRow(id: string) {
  return db.select().from(albumPhotos).where(eq(albumPhotos.id, id)).get();
}

export function pendingCopies() {
  return db.select().from(albumPhotos).where(eq(albumPhotos.copies, "pending")).all();
}

/** Every original for "download all", oldest first, in pages so a large album is never held whole. */
export function* originalsForDownload(status: AlbumStatus[] = ["shown"]) {
  let offset = 0;
  for (;;) {
    const page = withNames().where(inArray(albumPhotos.status, status)).orderBy(albumPhotos.takenDay, albumPhotos.createdAt, albumPhotos.id).limit(200).offset(offset).all();
    if (!page.length) return;
    yield* page.map((p) => ({ ...p, storageKey: `originals/${p.id}` }));
    offset += page.length;
  }
}
