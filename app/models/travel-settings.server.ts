import { asc, eq, or, sql } from "drizzle-orm";
import { shuttleRuns, travelAnswers, travelPoints, travelSettings } from "../../db/schema";
import { db } from "../db.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../utils/errors";
import { rsvpDeadlineState } from "../utils/rsvp-deadline";
import type { TravelPointInput, TravelSettingsInput } from "../schemas/travel";
import { recordActivity, recordEdit, type Actor } from "./activity.server";
import { getEventConfig } from "./event-config.server";
import type { PlannerSettings } from "./shuttle-planner";

/* Issue 26: the host's travel settings (one row) and the arrival points. */

export type TravelSettings = typeof travelSettings.$inferSelect;
export type TravelPoint = typeof travelPoints.$inferSelect;

export const TRAVEL_DEADLINE_PASSED = "The travel deadline has passed. Please contact the host to make changes.";
export const TRAVEL_OFF = "The host is not asking for travel details.";

export function getTravelSettings(): TravelSettings {
  const row = db.select().from(travelSettings).where(eq(travelSettings.id, "default")).get();
  if (row) return row;
  db.insert(travelSettings).values({ id: "default" }).onConflictDoNothing().run();
  return db.select().from(travelSettings).where(eq(travelSettings.id, "default")).get()!;
}

/** Only the given fields change (the Travel panel sends all, PATCH /api/travel-settings any). In one transaction, so a refused change stores nothing, not even the default row. */
export function updateTravelSettings(changes: TravelSettingsInput): TravelSettings {
  return db.transaction(() => {
    const current = getTravelSettings();
    const merged = { ...current, ...definedOnly(changes) };
    if (merged.windowStart && merged.windowEnd && merged.windowEnd < merged.windowStart) {
      throw new ValidationError("The last travel day must not be before the first", { windowEnd: ["The last travel day must not be before the first"] });
    }
    if (merged.maxWaitMinutes < merged.bufferMinutes) {
      throw new ValidationError("The maximum wait must be at least the buffer", { maxWaitMinutes: ["The maximum wait must be at least the buffer"] });
    }
    const { id: _id, updatedAt: _u, ...set } = merged;
    recordEdit({ kind: "travel", what: "Travel settings", before: current, after: set });
    return db.update(travelSettings).set(set).where(eq(travelSettings.id, "default")).returning().get();
  });
}

/** A partial change without its absent fields (undefined means "leave as is"; null clears). */
const definedOnly = <T extends object>(changes: T) => Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;

export const plannerSettings = (s: TravelSettings = getTravelSettings()): PlannerSettings => ({
  bufferMinutes: s.bufferMinutes,
  maxWaitMinutes: s.maxWaitMinutes,
  seats: s.seats,
  leadMinutes: s.leadMinutes,
});

/** The travel deadline: its own date, else the RSVP deadline (end of that day in Lisbon). */
export function travelDeadlineState(now: Date = new Date(), s: TravelSettings = getTravelSettings()) {
  return rsvpDeadlineState({ rsvpDeadline: s.deadline ?? getEventConfig().rsvpDeadline }, now);
}

/** Every guest write of travel calls this first: travel on, and before its deadline (the host may always). */
export function assertTravelMayChange(actor: Actor, now: Date = new Date()) {
  if (actor !== "guest") return;
  const s = getTravelSettings();
  if (!s.enabled) throw new ForbiddenError(TRAVEL_OFF);
  if (travelDeadlineState(now, s).passed) throw new ForbiddenError(TRAVEL_DEADLINE_PASSED);
}

export const listTravelPoints = () => db.select().from(travelPoints).orderBy(asc(travelPoints.position), asc(travelPoints.createdAt)).all();

export function requireTravelPoint(id: string) {
  const point = db.select().from(travelPoints).where(eq(travelPoints.id, id)).get();
  if (!point) throw new NotFoundError("Travel point not found");
  return point;
}

export function createTravelPoint(input: TravelPointInput) {
  return db.transaction(() => {
    const position = listTravelPoints().length;
    const row = db.insert(travelPoints).values({ ...input, position }).returning().get();
    recordActivity({ actor: "admin", kind: "travel", summary: `Travel point "${row.name}" added (${row.kind}${row.transfer ? `, transfer ${row.driveMinutes ?? "?"} min` : ""})` });
    return row;
  });
}

/** Any subset of the fields (PATCH /api/travel-points/{id}); nothing given leaves the point as it is. */
export function updateTravelPoint(id: string, input: Partial<TravelPointInput>) {
  return db.transaction(() => {
    const point = requireTravelPoint(id);
    const set = definedOnly(input);
    if (Object.keys(set).length === 0) return point;
    recordEdit({ kind: "travel", what: `Travel point "${point.name}"`, before: point, after: set });
    return db.update(travelPoints).set(set).where(eq(travelPoints.id, id)).returning().get();
  });
}

/** Never refused: answers and runs that named the point keep their times and lose the point (the schema's ON DELETE SET NULL). */
/**
 * A point that a guest's answer or a shuttle run names is kept: deleting it
 * would leave their arrival without a place and drop the transfer request
 * from the planner, with no one told. The host renames it, or asks those
 * guests to change their answer, first.
 */
export function deleteTravelPoint(id: string) {
  return db.transaction(() => {
    const point = requireTravelPoint(id);
    const count = sql<number>`count(*)`;
    const answers = db.select({ n: count }).from(travelAnswers).where(or(eq(travelAnswers.arrivalPointId, id), eq(travelAnswers.departurePointId, id))).get()?.n ?? 0;
    const runs = db.select({ n: count }).from(shuttleRuns).where(or(eq(shuttleRuns.fromPointId, id), eq(shuttleRuns.toPointId, id))).get()?.n ?? 0;
    if (answers || runs) throw new ConflictError(travelPointInUse(point.name, answers, runs));
    db.delete(travelPoints).where(eq(travelPoints.id, id)).run();
    recordActivity({ actor: "admin", kind: "travel", summary: `Travel point "${point.name}" deleted` });
    return { id };
  });
}

export function travelPointInUse(name: string, answers: number, runs: number) {
  const used = [answers && `${answers} ${answers === 1 ? "travel answer" : "travel answers"}`, runs && `${runs} ${runs === 1 ? "shuttle run" : "shuttle runs"}`].filter(Boolean).join(" and ");
  return `${name} is used by ${used}. Rename it, or change those first.`;
}

/** A point as a guest reads it: its name in their language. */
export const pointName = (p: Pick<TravelPoint, "name" | "namePt">, lang: "en" | "pt") => (lang === "pt" && p.namePt ? p.namePt : p.name);

export const toGuestPoint = (p: TravelPoint, lang: "en" | "pt") => ({ id: p.id, name: pointName(p, lang), kind: p.kind, transfer: p.transfer });
