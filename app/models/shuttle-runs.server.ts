import { and, asc, eq, notInArray } from "drizzle-orm";
import { shuttleAssignments, shuttleRuns } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from "../utils/errors";
import type { ShuttleRunInput } from "../schemas/travel";
import { tellChangedPickups } from "./pickup-mail.server";
import { recordActivity, recordEdit } from "./activity.server";
import { runMisfit, type Direction, type TransferRequest } from "./shuttle-planner";
import { listTravellers, transferRequests, type Traveller } from "./travel-answers.server";
import { getTravelSettings, listTravelPoints, plannerSettings } from "./travel-settings.server";

/* Issue 26: shuttle runs, the travellers on them, the planner's proposal and the host's warnings. */

export type ShuttleRun = typeof shuttleRuns.$inferSelect;
export type RunWithParties = ShuttleRun & { pointId: string | null; partyIds: string[]; seatsUsed: number };

/** The run's point: where an arrival run leaves from, where a departure run goes. */
export const runPointId = (r: Pick<ShuttleRun, "direction" | "fromPointId" | "toPointId">) => (r.direction === "arrival" ? r.fromPointId : r.toPointId);

export function listRuns(travellers: Traveller[] = listTravellers()): RunWithParties[] {
  const runs = db.select().from(shuttleRuns).orderBy(asc(shuttleRuns.date), asc(shuttleRuns.time)).all();
  const assigned = db.select().from(shuttleAssignments).orderBy(asc(shuttleAssignments.createdAt)).all();
  const seatsOf = new Map(travellers.map((t) => [t.travellerId, t.seats]));
  return runs.map((run) => {
    const partyIds = assigned.filter((a) => a.runId === run.id).map((a) => a.travellerId);
    return { ...run, pointId: runPointId(run), partyIds, seatsUsed: partyIds.reduce((n, id) => n + (seatsOf.get(id) ?? 0), 0) };
  });
}

export function requireRun(id: string) {
  const run = listRuns().find((r) => r.id === id);
  if (!run) throw new NotFoundError("Shuttle run not found");
  return run;
}

export const runLabel = (r: Pick<ShuttleRun, "direction" | "date" | "time">) => `${r.direction} run ${r.date} ${r.time}`;

/**
 * Checks one run's points and travellers against what is stored: a known
 * point on its side, travellers who asked for a transfer that way, seats.
 * Over its seats is a 409 naming the run; the rest 400 naming the field.
 */
export function checkRun(run: { direction: Direction; date: string; time: string; seats: number; partyIds: string[]; fromPointId: string | null; toPointId: string | null }, ctx: { prefix: string; travellers: Map<string, Traveller>; points: Set<string> }) {
  const errors: FieldErrors = {};
  const add = (f: string, m: string) => (errors[`${ctx.prefix}${f}`] ??= []).push(m);
  const side = run.direction === "arrival" ? "fromPointId" : "toPointId";
  if (!run[side]) add(side, `An ${run.direction} run needs ${side}`);
  for (const f of ["fromPointId", "toPointId"] as const) if (run[f] && !ctx.points.has(run[f]!)) add(f, "Unknown travel point");
  if (new Set(run.partyIds).size !== run.partyIds.length) add("partyIds", "A party is listed twice");
  run.partyIds.forEach((id, i) => {
    const t = ctx.travellers.get(id);
    const wants = t && (run.direction === "arrival" ? t.transferArrival && t.arrival : t.transferDeparture && t.departure);
    if (!wants) add(`partyIds.${i}`, `No ${run.direction} transfer was asked for ${id}`);
  });
  const first = Object.entries(errors)[0];
  if (first) throw new ValidationError(`${first[0]}: ${first[1][0]}`, errors);
  const used = run.partyIds.reduce((n, id) => n + (ctx.travellers.get(id)?.seats ?? 0), 0);
  if (used > run.seats) {
    throw new ConflictError(`The ${runLabel(run)} is over its seats: ${used} of ${run.seats}`, { [`${ctx.prefix}seats`]: [`${used} people for ${run.seats} seats`] });
  }
}

export function context(prefix = "") {
  return { prefix, travellers: new Map(listTravellers().map((t) => [t.travellerId, t])), points: new Set(listTravelPoints().map((p) => p.id)) };
}

/**
 * Puts these travellers on the run (taking them off any other run that way),
 * remembering their times when first put on it (a time warning survives a
 * re-save) and their seats as of this save (issue 36: a run warns when its
 * parties' seats changed since it was saved).
 */
export function assign(runId: string, direction: Direction, partyIds: string[], travellers: Map<string, Traveller>) {
  db.delete(shuttleAssignments).where(and(eq(shuttleAssignments.runId, runId), partyIds.length ? notInArray(shuttleAssignments.travellerId, partyIds) : undefined)).run();
  for (const id of partyIds) {
    const leg = travellers.get(id)?.[direction];
    const current = db.select().from(shuttleAssignments).where(and(eq(shuttleAssignments.travellerId, id), eq(shuttleAssignments.direction, direction))).get();
    const requestSeats = travellers.get(id)?.seats ?? null;
    if (current?.runId === runId) {
      if (current.requestSeats !== requestSeats) db.update(shuttleAssignments).set({ requestSeats }).where(eq(shuttleAssignments.id, current.id)).run();
      continue;
    }
    if (current) db.delete(shuttleAssignments).where(eq(shuttleAssignments.id, current.id)).run();
    db.insert(shuttleAssignments).values({ runId, travellerId: id, direction, requestDate: leg?.date ?? null, requestTime: leg?.time ?? null, requestSeats }).run();
  }
}

/** POST /api/shuttle-runs: a run made by hand (the runs its travellers leave only lose people, so only this one is checked). */
export function createRun(input: ShuttleRunInput) {
  const id = immediate(() => {
    const ctx = context();
    checkRun(input, ctx);
    const { partyIds, ...fields } = input;
    const run = db.insert(shuttleRuns).values(fields).returning().get();
    assign(run.id, run.direction, partyIds, ctx.travellers);
    recordActivity({ actor: "admin", kind: "shuttle", summary: `Shuttle ${runLabel(run)} added (${run.seats} seats, ${partyIds.length} ${partyIds.length === 1 ? "party" : "parties"})` });
    return run.id;
  });
  tellChangedPickups();
  return requireRun(id);
}

export function updateRun(id: string, changes: Partial<ShuttleRunInput>) {
  immediate(() => {
    const current = requireRun(id);
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as RunWithParties;
    const ctx = context();
    checkRun(next, ctx);
    if (next.direction !== current.direction) db.delete(shuttleAssignments).where(eq(shuttleAssignments.runId, id)).run();
    const { partyIds, id: _id, createdAt: _c, updatedAt: _u, pointId: _p, seatsUsed: _s, ...fields } = next;
    db.update(shuttleRuns).set(fields).where(eq(shuttleRuns.id, id)).run();
    assign(id, next.direction, partyIds, ctx.travellers);
    recordEdit({ kind: "shuttle", what: `Shuttle ${runLabel(current)}`, before: current, after: changes });
  });
  tellChangedPickups();
  return requireRun(id);
}

export function deleteRun(id: string) {
  immediate(() => {
    const run = requireRun(id);
    db.delete(shuttleRuns).where(eq(shuttleRuns.id, id)).run();
    recordActivity({ actor: "admin", kind: "shuttle", summary: `Shuttle ${runLabel(run)} deleted (${run.partyIds.length} ${run.partyIds.length === 1 ? "party" : "parties"} on it)` });
  });
  tellChangedPickups();
  return { deleted: true };
}

/** The host's "move to": this traveller onto that run (the same rule as PATCH with the run's new partyIds). */
export function moveTraveller({ travellerId, direction, runId }: { travellerId: string; direction: Direction; runId: string }) {
  const target = requireRun(runId);
  if (target.direction !== direction) throw new ValidationError("runId: that run goes the other way", { runId: ["That run goes the other way"] });
  if (target.partyIds.includes(travellerId)) return target;
  return updateRun(runId, { partyIds: [...target.partyIds, travellerId] });
}

export type TravelWarning =
  | { kind: "changed"; partyId: string; direction: Direction; runId: string; message: string }
  | { kind: "wait"; partyId: string; direction: Direction; runId: string; message: string }
  | { kind: "seats-changed"; runId: string; message: string }
  | { kind: "over-seats"; runId: string; message: string }
  | { kind: "unassigned"; partyId: string; direction: Direction; message: string };

/** Issue 36: what a run at this time means for this party, when it breaks the planner's rules (a host's move beyond the longest wait). */
function waitMessage(name: string, run: RunWithParties, req: TransferRequest, misfit: NonNullable<ReturnType<typeof runMisfit>>) {
  const { rule, minutes, limit } = misfit;
  if (req.direction === "arrival") {
    if (minutes < 0) return `${name} arrives ${req.date} ${req.time}: the ${runLabel(run)} leaves ${-minutes} minutes before`;
    const bound = rule === "buffer" ? `before the buffer (${limit} minutes)` : `beyond the longest wait (${limit} minutes)`;
    return `${name} arrives ${req.date} ${req.time}: the ${runLabel(run)} leaves ${minutes} minutes later, ${bound}`;
  }
  const bound = rule === "lead" ? `under the lead time (${limit} minutes)` : `beyond the longest wait (${limit} minutes with the lead time)`;
  return `${name} leaves ${req.date} ${req.time}: the ${runLabel(run)} reaches the point ${minutes} minutes before, ${bound}`;
}

/**
 * The host's warnings: times changed and no longer fitting the run, a party
 * on a run beyond the longest wait or before the buffer, runs whose parties'
 * seats changed since saved, runs over their seats, requests without a run.
 */
export function travelWarnings(travellers: Traveller[] = listTravellers(), runs: RunWithParties[] = listRuns(travellers)): TravelWarning[] {
  const settings = plannerSettings(getTravelSettings());
  const requests = transferRequests(travellers);
  const names = new Map(travellers.map((t) => [t.travellerId, t.name]));
  const seatsOf = new Map(travellers.map((t) => [t.travellerId, t.seats]));
  const assigned = db.select().from(shuttleAssignments).all();
  const out: TravelWarning[] = [];
  const requestOf = (id: string, d: Direction) => requests.find((r) => r.partyId === id && r.direction === d);
  const seatChanges = new Map<string, string[]>();
  for (const a of assigned) {
    const run = runs.find((r) => r.id === a.runId)!;
    const req = requestOf(a.travellerId, a.direction);
    const name = names.get(a.travellerId) ?? a.travellerId;
    const moved = !req || req.date !== a.requestDate || req.time !== a.requestTime;
    const misfit = req ? runMisfit(run, req, settings) : null;
    if (moved && !(req && !misfit)) {
      out.push({ kind: "changed", partyId: a.travellerId, direction: a.direction, runId: run.id, message: `${name}: ${req ? `now ${req.date} ${req.time}, which no longer fits` : "no longer asks for"} the ${runLabel(run)}` });
    } else if (req && misfit) {
      out.push({ kind: "wait", partyId: a.travellerId, direction: a.direction, runId: run.id, message: waitMessage(name, run, req, misfit) });
    }
    const seats = seatsOf.get(a.travellerId) ?? 0;
    if (req && a.requestSeats !== null && a.requestSeats !== seats) seatChanges.set(run.id, [...(seatChanges.get(run.id) ?? []), `${name}: ${a.requestSeats} → ${seats} seats`]);
  }
  for (const r of runs) {
    const changes = seatChanges.get(r.id);
    if (changes) out.push({ kind: "seats-changed", runId: r.id, message: `The ${runLabel(r)} changed since it was saved: ${changes.join("; ")} (now ${r.seatsUsed} of ${r.seats})` });
  }
  for (const r of runs) if (r.seatsUsed > r.seats) out.push({ kind: "over-seats", runId: r.id, message: `The ${runLabel(r)} carries ${r.seatsUsed} people for ${r.seats} seats` });
  const onRun = new Set(assigned.map((a) => `${a.travellerId}:${a.direction}`));
  for (const req of requests) {
    if (!onRun.has(`${req.partyId}:${req.direction}`)) {
      out.push({ kind: "unassigned", partyId: req.partyId, direction: req.direction, message: `${names.get(req.partyId) ?? req.partyId}: ${req.direction} ${req.date} ${req.time} has no run` });
    }
  }
  return out;
}

/** GET /api/travel: every answer, with its runs, and the warnings. */
export function travelOverview() {
  const travellers = listTravellers();
  const runs = listRuns(travellers);
  const runOf = (id: string, d: Direction) => runs.find((r) => r.direction === d && r.partyIds.includes(id))?.id ?? null;
  return {
    settings: getTravelSettings(),
    points: listTravelPoints(),
    answers: travellers.map((t) => ({
      partyId: t.travellerId,
      name: t.name,
      people: t.people,
      seats: t.seats,
      phone: t.phone,
      arrival: t.arrival,
      departure: t.departure,
      transfer: { arrival: t.transferArrival, departure: t.transferDeparture, seats: t.seats },
      runs: { arrival: runOf(t.travellerId, "arrival"), departure: runOf(t.travellerId, "departure") },
    })),
    runs: runs.map(toApiRun),
    warnings: travelWarnings(travellers, runs),
  };
}

export const toApiRun = (r: RunWithParties) => ({
  id: r.id,
  direction: r.direction,
  date: r.date,
  time: r.time,
  fromPointId: r.fromPointId,
  toPointId: r.toPointId,
  seats: r.seats,
  seatsUsed: r.seatsUsed,
  vehicle: r.vehicle,
  driverPhone: r.driverPhone,
  note: r.note,
  locked: r.locked,
  partyIds: r.partyIds,
});
