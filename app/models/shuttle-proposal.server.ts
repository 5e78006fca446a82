import { eq, inArray } from "drizzle-orm";
import { shuttleAssignments, shuttleRuns } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ValidationError } from "../utils/errors";
import type { ApplyInput } from "../schemas/travel";
import { recordActivity } from "./activity.server";
import { pickupsToTell, tellChangedPickups, type PickupFields } from "./pickup-mail.server";
import { keepSavedRuns, type ProposedRun } from "./shuttle-keep";
import { proposeRuns as planRuns, type PlannerSettings } from "./shuttle-planner";
import { assign, checkRun, context, listRuns, travelWarnings } from "./shuttle-runs.server";
import { listTravellers, transferRequests } from "./travel-answers.server";
import { plannerSettings } from "./travel-settings.server";

/* Issue 26's Propose and Save, as issue 36 left them: a save keeps what it keeps and mails only whose pickup changed. */

/**
 * POST /api/shuttle-runs/propose: the planner's runs for today's requests,
 * locked runs kept, each saved run the proposal keeps with its id and
 * details, and the parties a save would mail. Nothing is saved.
 */
export function proposeShuttleRuns(overrides: Partial<PlannerSettings> = {}) {
  const settings = { ...plannerSettings(), ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) } as PlannerSettings;
  const travellers = listTravellers();
  const saved = listRuns(travellers);
  const locked = saved
    .filter((r) => r.locked && r.pointId)
    .map((r) => ({ id: r.id, direction: r.direction, pointId: r.pointId!, date: r.date, time: r.time, seats: r.seats, partyIds: r.partyIds }));
  const planned = planRuns(transferRequests(travellers), settings, locked);
  const runs = keepSavedRuns(planned.runs, saved);
  const names = new Map(travellers.map((t) => [t.travellerId, t.name]));
  const tell = pickupsToTell(plannedPickups(runs, saved));
  const named = (ids: string[]) => ids.map((partyId) => ({ partyId, name: names.get(partyId) ?? partyId }));
  // `unmailed`: their pickup changes too, but they gave no address: the host tells them.
  return { settings, runs, unplaced: planned.unplaced, mails: named(tell.mailed), unmailed: named(tell.unmailed) };
}

/** Where each traveller would be after saving these runs: their runs, and the locked runs a save keeps though not sent. */
function plannedPickups(runs: (PickupFields & { id?: string | null; direction: string; partyIds: string[] })[], saved: ReturnType<typeof listRuns>) {
  const out = new Map<string, PickupFields>();
  const sent = new Set(runs.map((r) => r.id).filter(Boolean));
  for (const r of [...saved.filter((s) => s.locked && !sent.has(s.id)), ...runs]) for (const p of r.partyIds) out.set(`${p}:${r.direction}`, r);
  return out;
}

type ApplyRun = ApplyInput["runs"][number];

/** A run as sent, in the saved shape: the old `pointId` (one release) stands for the point on the run's side. */
function points(run: ApplyRun) {
  const side = run.direction === "arrival" ? (run.fromPointId ?? run.pointId) : (run.toPointId ?? run.pointId);
  return run.direction === "arrival" ? { fromPointId: side, toPointId: run.toPointId } : { fromPointId: run.fromPointId, toPointId: side };
}

/**
 * POST /api/shuttle-runs/apply: the proposal's runs become the plan. Runs
 * with an id are updated (their vehicle, driver's phone and note kept unless
 * sent), new ones created; unlocked runs left out are deleted, locked ones
 * kept. All or nothing. Answers the runs, the warnings (a party moved beyond
 * the longest wait among them) and who was mailed.
 */
export function applyProposal(input: ApplyInput) {
  immediate(() => {
    const snapshotBefore = planSnapshot();
    const ctx = context();
    const existing = new Map(listRuns().map((r) => [r.id, r]));
    const seen = new Set<string>();
    input.runs.forEach((run, i) => {
      if (run.id && !existing.has(run.id)) throw new ValidationError(`runs.${i}.id: unknown run`, { [`runs.${i}.id`]: ["Unknown run"] });
      for (const p of run.partyIds) {
        const key = `${p}:${run.direction}`;
        if (seen.has(key)) throw new ValidationError(`runs.${i}.partyIds: ${p} is on two ${run.direction} runs`, { [`runs.${i}.partyIds`]: ["A party is on two runs"] });
        seen.add(key);
      }
      checkRun({ ...run, ...points(run) }, { ...ctx, prefix: `runs.${i}.` });
    });
    const kept = new Set(input.runs.map((r) => r.id).filter(Boolean));
    const dropped = [...existing.values()].filter((r) => !r.locked && !kept.has(r.id)).map((r) => r.id);
    if (dropped.length) db.delete(shuttleRuns).where(inArray(shuttleRuns.id, dropped)).run();
    for (const run of input.runs) {
      const { vehicle, driverPhone, note } = run;
      const details = Object.fromEntries(Object.entries({ vehicle, driverPhone, note }).filter(([, v]) => v !== undefined));
      const fields = { direction: run.direction, date: run.date, time: run.time, seats: run.seats, locked: run.locked ?? false, ...points(run), ...details };
      const before = run.id ? existing.get(run.id) : undefined;
      // An unchanged run is not written at all: Save on an unchanged proposal changes nothing.
      const same = before && Object.entries(fields).every(([k, v]) => before[k as keyof typeof before] === v);
      if (before && !same) db.update(shuttleRuns).set(fields).where(eq(shuttleRuns.id, before.id)).run();
      const id = before?.id ?? db.insert(shuttleRuns).values(fields).returning().get().id;
      assign(id, run.direction, run.partyIds, ctx.travellers);
    }
    // Issue 36: every change in the activity log, naming the person; a save that changed nothing writes nothing.
    const made = input.runs.filter((r) => !r.id).length;
    if (planSnapshot() !== snapshotBefore) {
      recordActivity({ actor: "admin", kind: "shuttle", summary: `Shuttle plan saved: ${input.runs.length} runs (${made} new, ${dropped.length} removed)` });
    }
  });
  const mailed = tellChangedPickups();
  const travellers = listTravellers();
  const runs = listRuns(travellers);
  return { runs, warnings: travelWarnings(travellers, runs), mailed };
}

/** The saved plan as one string: its runs and who is on each. */
function planSnapshot() {
  const runs = db.select().from(shuttleRuns).orderBy(shuttleRuns.id).all();
  const seats = db.select().from(shuttleAssignments).orderBy(shuttleAssignments.travellerId, shuttleAssignments.direction).all();
  return JSON.stringify([runs, seats]);
}

export type { ProposedRun };
