import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { activityLog, guests, parties } from "../../db/schema";
import { db } from "../db.server";
import { notifyHostOfChange } from "./host-notices.server";
import { actingAdminLabel } from "./acting-person.server";
import { ACTIVITY_KIND_VALUES } from "../schemas/activity";

/*
 * The activity log (issue 14): one row per change to an RSVP, a member, a
 * member's attendance, a room's status, a payment or an event answer, by a
 * guest or by the host. Models write it inside the transaction of the change
 * itself, so a change that fails (and rolls back) leaves no row, and a saved
 * change always has one.
 */

export type Actor = "guest" | "admin";
export const ACTIVITY_KINDS = ACTIVITY_KIND_VALUES;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export type ActivityInput = {
  actor: Actor;
  partyId?: string | null;
  guestId?: string | null;
  kind: ActivityKind;
  summary: string;
};

/** Call inside the change's transaction. A guest's change may also queue the host's notice ("each"). */
export function recordActivity(input: ActivityInput) {
  const row = db
    .insert(activityLog)
    .values({
      at: new Date().toISOString(),
      actor: input.actor,
      partyId: input.partyId ?? null,
      guestId: input.guestId ?? null,
      kind: input.kind,
      summary: input.summary.replace(/\s+/g, " ").trim().slice(0, 2000),
      // Issue 27: the admin who made the change ("Host", "Ana, co-host"), from the request's scope.
      actorName: input.actor === "admin" ? actingAdminLabel() : null,
    })
    .returning()
    .get();
  if (input.actor === "guest") notifyHostOfChange(row);
  return row;
}

/** Issue 27: rows about the team or a supplier's link are about no guest (issue 33: nor a question's own change). */
const NOBODY_WHO: Partial<Record<ActivityKind, string>> = {
  team: "Team",
  "share-link": "Suppliers",
  answer: "Questions",
  // Issue 36: the host's own set-up, about no one party.
  event: "Events",
  settings: "Settings",
  question: "Questions",
  travel: "Travel",
  shuttle: "Shuttles",
  room: "Rooms",
  seating: "Seating",
  album: "Album",
};

export type ActivityFilter = { partyId?: string; kind?: ActivityKind; since?: string; before?: string; actor?: Actor };

function where(f: ActivityFilter) {
  const w: SQL[] = [];
  if (f.partyId) w.push(eq(activityLog.partyId, f.partyId));
  if (f.kind) w.push(eq(activityLog.kind, f.kind));
  if (f.actor) w.push(eq(activityLog.actor, f.actor));
  if (f.since) w.push(gte(activityLog.at, f.since));
  if (f.before) w.push(lt(activityLog.at, f.before));
  return w.length ? and(...w) : undefined;
}

/** Newest first, with the party's or guest's name for display (names looked up now; ids kept if deleted). */
export function listActivity(filter: ActivityFilter = {}, window: { limit: number; offset?: number } = { limit: 50 }) {
  return db
    .select({
      id: activityLog.id,
      at: activityLog.at,
      actor: activityLog.actor,
      actorName: activityLog.actorName,
      partyId: activityLog.partyId,
      guestId: activityLog.guestId,
      kind: activityLog.kind,
      summary: activityLog.summary,
      partyName: parties.name,
      guestFirstName: guests.firstName,
      guestLastName: guests.lastName,
    })
    .from(activityLog)
    .leftJoin(parties, eq(parties.id, activityLog.partyId))
    .leftJoin(guests, eq(guests.id, activityLog.guestId))
    .where(where(filter))
    .orderBy(desc(activityLog.at), desc(sql`${activityLog}.rowid`))
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .all()
    .map(({ guestFirstName, guestLastName, partyName, ...row }) => ({
      ...row,
      // A row about no one in particular (an announcement to many) is about the guests.
      who: partyName ?? (guestFirstName ? `${guestFirstName} ${guestLastName ?? ""}`.trim() : row.partyId || row.guestId ? "Deleted" : (NOBODY_WHO[row.kind] ?? "Guests")),
    }));
}

export type ActivityItem = ReturnType<typeof listActivity>[number];

export function countActivity(filter: ActivityFilter = {}) {
  return db.select({ n: sql<number>`count(*)` }).from(activityLog).where(where(filter)).get()?.n ?? 0;
}

/** The API's shape: {id, at, actor, actorName, partyId, guestId, kind, summary}. */
export const toApiActivity = ({ id, at, actor, actorName, partyId, guestId, kind, summary }: ActivityItem) => ({
  id,
  at,
  actor,
  // Issue 27: which admin ("Host" for rows from before helpers existed).
  actorName: actor === "admin" ? (actorName ?? "Host") : null,
  partyId,
  guestId,
  kind,
  summary,
});

/* Summary helpers: "before -> after" in one line. */
export const yesNo = (v: boolean | null | undefined) => (v == null ? "no answer" : v ? "attending" : "not attending");
export const arrow = (before: string, after: string) => `${before} -> ${after}`;

/* Issue 36: what an edit changed, as "dress code: before -> after" (values cut short; secrets only named). */
const SECRET = new Set(["authCode", "customCode", "password"]);
/** "dressCodePt" -> "dress code (Portuguese)". */
const fieldLabel = (key: string) => {
  const pt = /[a-z]Pt$/.test(key);
  const words = (pt ? key.slice(0, -2) : key).replace(/([A-Z])/g, " $1").toLowerCase();
  return pt ? `${words} (Portuguese)` : words;
};
const shown = (v: unknown) => {
  const text = v == null || v === "" ? "(empty)" : Array.isArray(v) ? `${v.length} item${v.length === 1 ? "" : "s"}` : typeof v === "string" ? v : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a === "" ? null : (a ?? null)) === JSON.stringify(b === "" ? null : (b ?? null));

/** Each key given in `after` whose value differs from `before`; a group of fields (the payment details) by its own fields. */
export function changeList(before: object, after: object, prefix = ""): string[] {
  const was = before as Record<string, unknown>;
  return Object.entries(after).flatMap(([k, v]) => {
    if (v === undefined || same(v, was[k])) return [];
    const label = `${prefix}${fieldLabel(k)}`;
    if (SECRET.has(k)) return [`${label} changed`];
    if (isRecord(v) || isRecord(was[k])) {
      const old = isRecord(was[k]) ? was[k] : {};
      return changeList(old, isRecord(v) ? v : Object.fromEntries(Object.keys(old).map((key) => [key, null])), `${label} `);
    }
    return [`${label}: ${arrow(shown(was[k]), shown(v))}`];
  });
}

/** An admin's edit of one thing: recorded only when something changed. */
export function recordEdit(input: Omit<ActivityInput, "actor" | "summary"> & { what: string; before: object; after: object }) {
  const changes = changeList(input.before, input.after);
  if (changes.length) recordActivity({ actor: "admin", partyId: input.partyId, guestId: input.guestId, kind: input.kind, summary: `${input.what}: ${changes.join("; ")}` });
}
