import { describe, expect, it } from "vitest";
import { keepSavedRuns, type SavedRun } from "./shuttle-keep";
import { DEFAULT_PLANNER_SETTINGS, runMisfit, type PlannedRun, type TransferRequest } from "./shuttle-planner";

const planned = (over: Partial<PlannedRun>): PlannedRun => ({ key: "k", direction: "arrival", pointId: "opo", date: "2026-06-12", time: "14:15", seats: 8, partyIds: ["a"], locked: false, ...over });
const saved = (over: Partial<SavedRun>): SavedRun => ({
  id: "run-1", direction: "arrival", pointId: "opo", fromPointId: "opo", toPointId: null, date: "2026-06-12", time: "14:15",
  partyIds: ["a"], vehicle: "Grey minibus", driverPhone: "+351912000222", note: "Exit 2", locked: false, ...over,
});

describe("a proposal keeps the saved runs it keeps (issue 36)", () => {
  it("by direction, point, date and time, with the run's id and details", () => {
    const [run] = keepSavedRuns([planned({ partyIds: ["a", "b"] })], [saved({})]);
    expect(run).toMatchObject({ id: "run-1", vehicle: "Grey minibus", driverPhone: "+351912000222", note: "Exit 2", fromPointId: "opo", toPointId: null, partyIds: ["a", "b"] });
    expect(run).not.toHaveProperty("pointId");
  });

  it("else by the same parties, in any order; a saved run is kept once; the other point or direction is another run", () => {
    const runs = keepSavedRuns(
      [planned({ key: "x", time: "14:40", partyIds: ["b", "a"] }), planned({ key: "y", time: "14:50", partyIds: ["a", "b"] }), planned({ key: "z", pointId: "lis", partyIds: ["c"] })],
      [saved({ partyIds: ["a", "b"] }), saved({ id: "run-2", pointId: "opo", partyIds: ["c"] })],
    );
    expect(runs.map((r) => r.id ?? null)).toEqual(["run-1", null, null]);
    expect(runs[1]).toMatchObject({ vehicle: null, driverPhone: null, note: null, fromPointId: "opo", toPointId: null });
    expect(runs[2]).toMatchObject({ fromPointId: "lis" });
  });

  it("a departure's point is where it goes; a locked run is itself", () => {
    const [dep, locked] = keepSavedRuns(
      [planned({ direction: "departure", partyIds: ["d"] }), planned({ key: "locked-run-9", id: "run-9", locked: true })],
      [saved({ id: "run-9", locked: true, vehicle: "Coach" })],
    );
    expect(dep).toMatchObject({ fromPointId: null, toPointId: "opo", vehicle: null });
    expect(locked).toMatchObject({ id: "run-9", vehicle: "Coach" });
  });
});

describe("runMisfit: the rule a host's move breaks", () => {
  const req = (direction: "arrival" | "departure", time: string): TransferRequest => ({ partyId: "p", direction, pointId: "opo", date: "2026-06-12", time, seats: 2, driveMinutes: 120 });
  it("an arrival past the longest wait or before the buffer; a departure too late or too early", () => {
    expect(runMisfit({ date: "2026-06-12", time: "16:15" }, req("arrival", "13:05"), DEFAULT_PLANNER_SETTINGS)).toEqual({ rule: "max-wait", minutes: 190, limit: 120 });
    expect(runMisfit({ date: "2026-06-12", time: "13:00" }, req("arrival", "13:05"), DEFAULT_PLANNER_SETTINGS)).toEqual({ rule: "buffer", minutes: -5, limit: 45 });
    expect(runMisfit({ date: "2026-06-12", time: "14:00" }, req("arrival", "13:05"), DEFAULT_PLANNER_SETTINGS)).toBeNull();
    expect(runMisfit({ date: "2026-06-12", time: "14:00" }, req("departure", "18:00"), DEFAULT_PLANNER_SETTINGS)).toEqual({ rule: "lead", minutes: 120, limit: 180 });
    expect(runMisfit({ date: "2026-06-12", time: "08:00" }, req("departure", "18:00"), DEFAULT_PLANNER_SETTINGS)).toEqual({ rule: "max-wait", minutes: 480, limit: 300 });
  });
});
