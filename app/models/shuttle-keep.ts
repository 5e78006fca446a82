import type { Direction, PlannedRun } from "./shuttle-planner";

/*
 * Issue 36: a proposal keeps the saved runs it keeps. Without this every
 * Propose + Save re-created the runs under new ids, losing the vehicle, the
 * driver's phone and the note the host had given them, and mailing every
 * party. Pure: no database.
 */

export type SavedRun = {
  id: string;
  direction: Direction;
  /** The run's point on its side: where an arrival leaves from, where a departure goes. */
  pointId: string | null;
  fromPointId: string | null;
  toPointId: string | null;
  date: string;
  time: string;
  partyIds: string[];
  vehicle: string | null;
  driverPhone: string | null;
  note: string | null;
  locked: boolean;
};

/** A proposed run in the saved runs' shape (issue 36.10), with what a kept run brings along. */
export type ProposedRun = Omit<PlannedRun, "pointId"> & Pick<SavedRun, "fromPointId" | "toPointId" | "vehicle" | "driverPhone" | "note">;

const partySet = (ids: string[]) => [...ids].sort().join("\u0000");

/**
 * Each proposed run takes the saved run it keeps, if any: a locked run is
 * itself; an unlocked one is first the saved run of the same direction,
 * point, date and time, else the saved run carrying exactly the same
 * parties. A saved run is kept by one proposed run at most. A kept run
 * brings its id, its points, vehicle, driver's phone and note; a new one has
 * none of them.
 */
export function keepSavedRuns(proposed: PlannedRun[], saved: SavedRun[]): ProposedRun[] {
  const byId = new Map(saved.map((r) => [r.id, r]));
  const free = saved.filter((r) => !r.locked && !proposed.some((p) => p.id === r.id));
  const kept = new Map<PlannedRun, SavedRun>();
  for (const p of proposed) if (p.id && byId.has(p.id)) kept.set(p, byId.get(p.id)!);
  const take = (same: (p: PlannedRun, s: SavedRun) => boolean) => {
    for (const p of proposed) {
      if (kept.has(p) || p.id) continue;
      const i = free.findIndex((s) => s.direction === p.direction && s.pointId === p.pointId && same(p, s));
      if (i >= 0) kept.set(p, free.splice(i, 1)[0]!);
    }
  };
  take((p, s) => s.date === p.date && s.time === p.time);
  take((p, s) => p.partyIds.length > 0 && partySet(s.partyIds) === partySet(p.partyIds));
  return proposed.map((p) => {
    const { pointId, ...rest } = p;
    const s = kept.get(p);
    if (s) return { ...rest, id: s.id, fromPointId: s.fromPointId, toPointId: s.toPointId, vehicle: s.vehicle, driverPhone: s.driverPhone, note: s.note };
    const points = p.direction === "arrival" ? { fromPointId: pointId, toPointId: null } : { fromPointId: null, toPointId: pointId };
    return { ...rest, ...points, vehicle: null, driverPhone: null, note: null };
  });
}
