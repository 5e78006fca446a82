import { asc, desc, eq, isNotNull } from "drizzle-orm";
import { driverLinks, shuttleRuns } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ValidationError } from "../utils/errors";
import type { Lang } from "~/i18n";
import type { BoardedInput } from "../schemas/weekend";
import { recordActivity } from "./activity.server";
import { recordBoarding, runBoarding, type RunBoarding } from "./boarding.server";
import { checkExpiry, linkById, newLinkToken, openByToken, setRevoked, sha256, statusOf } from "./link-tokens.server";
import { requireRun, runLabel } from "./shuttle-runs.server";

/*
 * Issue 38: a driver's link to one shuttle run, or to every run of one day
 * (the day's runs as they stand when the link is opened), made like the supplier links
 * (decision 066), with the same token module (link-tokens.server.ts): 256
 * random bits, only the SHA-256 kept, optional expiry, revocable; anything
 * but an active link is "not found".
 */

type Row = typeof driverLinks.$inferSelect;

export const toDriverLinkView = (row: Row, now = new Date()) => ({
  id: row.id,
  runId: row.runId,
  day: row.day,
  label: row.label,
  expiresAt: row.expiresAt,
  lastOpenedAt: row.lastOpenedAt,
  revokedAt: row.revokedAt,
  createdAt: row.createdAt,
  createdBy: row.createdBy,
  status: statusOf(row, now),
});

type LinkInput = { label: string | null; expiresAt: string | null };
type LinkOpts = { createdBy: string; now: Date };

/** The row and its activity line, in one write; the token is answered this once. */
function insertLink(target: { runId: string } | { day: string }, input: LinkInput, opts: LinkOpts, what: string) {
  checkExpiry(input.expiresAt, opts.now);
  const token = newLinkToken();
  const row = immediate(() => {
    const made = db
      .insert(driverLinks)
      .values({ ...target, tokenHash: sha256(token), label: input.label, expiresAt: input.expiresAt, createdBy: opts.createdBy, createdAt: opts.now.toISOString() })
      .returning()
      .get();
    recordActivity({ actor: "admin", kind: "share-link", summary: `Driver's link${made.label ? ` "${made.label}"` : ""} for ${what}` });
    return made;
  });
  return { link: toDriverLinkView(row, opts.now), token };
}

export function createDriverLink(runId: string, input: LinkInput, opts: LinkOpts) {
  return insertLink({ runId }, input, opts, `the ${runLabel(requireRun(runId))}`);
}

/** The day's runs by time (ids). */
const runIdsOn = (day: string) => db.select({ id: shuttleRuns.id }).from(shuttleRuns).where(eq(shuttleRuns.date, day)).orderBy(asc(shuttleRuns.time)).all().map((r) => r.id);

/** A link to every run of `day`: a day without runs is refused (a mistyped date would make a link to nothing). */
export function createDayDriverLink(day: string, input: LinkInput, opts: LinkOpts) {
  if (!runIdsOn(day).length) throw new ValidationError("day: no shuttle runs on that day", { day: ["No shuttle runs on that day"] });
  return insertLink({ day }, input, opts, `the runs of ${day}`);
}

/** The links to a whole day: that day's, or (null) every day's. */
export function listDayDriverLinks(day: string | null, now = new Date()) {
  return db
    .select()
    .from(driverLinks)
    .where(day ? eq(driverLinks.day, day) : isNotNull(driverLinks.day))
    .orderBy(desc(driverLinks.createdAt))
    .all()
    .map((r) => toDriverLinkView(r, now));
}

export function listDriverLinks(runId: string, now = new Date()) {
  return db.select().from(driverLinks).where(eq(driverLinks.runId, runId)).orderBy(desc(driverLinks.createdAt)).all().map((r) => toDriverLinkView(r, now));
}

/** Revoked at once; revoking twice is fine. */
export function revokeDriverLink(id: string, now = new Date()) {
  const row = linkById(driverLinks, id, "Driver's link not found");
  const revoked = immediate(() => {
    if (!row.revokedAt) recordActivity({ actor: "admin", kind: "share-link", summary: `Driver's link${row.label ? ` "${row.label}"` : ""} revoked` });
    return setRevoked(driverLinks, row, now);
  });
  return toDriverLinkView(revoked, now);
}

/**
 * The link a token opens, or 404 when unknown, revoked or expired. A read
 * notes the open; a tick (`note: false`) writes nothing before it is accepted.
 */
export function openDriverLink(token: string, now = new Date(), { note = true } = {}) {
  const row = openByToken(driverLinks, token, now, { note });
  return { id: row.id, runId: row.runId, day: row.day, label: row.label };
}
export type OpenDriverLink = ReturnType<typeof openDriverLink>;

/** The runs a link opens: its run, or its day's runs by time. */
export const linkRunIds = (link: OpenDriverLink) => (link.runId ? [link.runId] : runIdsOn(link.day ?? ""));

/** Every run the link opens, each with its list; the counts over all of them. */
export function driverRuns(link: OpenDriverLink, lang: Lang) {
  const runs: RunBoarding[] = linkRunIds(link).map((id) => runBoarding(id, lang));
  return { day: link.day, runs, boarded: runs.reduce((n, r) => n + r.boarded, 0), missing: runs.reduce((n, r) => n + r.missing, 0) };
}

/**
 * What the link's driver reads over the API: a run link answers its run's
 * list as before; a day link answers `{day, runs: [each run's list], boarded, missing}`.
 */
export const driverListView = (link: OpenDriverLink, lang: Lang) => (link.runId ? runBoarding(link.runId, lang) : driverRuns(link, lang));

/** A driver's tick through their link (the API and the page's form alike). */
export const recordDriverTick = (link: OpenDriverLink, input: BoardedInput) => recordBoarding(tickRunId(link, input), input, link.id);

/**
 * The run a tick is for. A run link: its run (a `runId` naming another is
 * refused). A day link: the `runId` sent, one of the day's runs; without one,
 * the day's only run carrying that person.
 */
export function tickRunId(link: OpenDriverLink, input: { guestId: string; runId?: string | null }) {
  if (link.runId) {
    if (input.runId && input.runId !== link.runId) throw new ValidationError("runId: not this link's run", { runId: ["Not this link's run"] });
    return link.runId;
  }
  const ids = linkRunIds(link);
  if (input.runId) {
    if (!ids.includes(input.runId)) throw new ValidationError("runId: not a run of this link's day", { runId: ["Not a run of this link's day"] });
    return input.runId;
  }
  const carrying = ids.filter((id) => runBoarding(id).parties.some((p) => p.people.some((x) => x.guestId === input.guestId)));
  if (carrying.length === 1) return carrying[0]!;
  if (!carrying.length) throw new ValidationError("guestId: not a passenger of this day's runs", { guestId: ["Not a passenger of this day's runs"] });
  throw new ValidationError("runId is required: this person rides more than one run that day", { runId: ["Required: more than one run that day"] });
}
