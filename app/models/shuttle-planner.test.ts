import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PLANNER_SETTINGS,
  proposeRuns,
  runFitsRequest,
  type LockedRun,
  type PlannedRun,
  type PlannerSettings,
  type TransferRequest,
} from "./shuttle-planner";

const DRIVE: Record<string, number> = { opo: 120, lis: 210, pinhao: 15 };

/** 60 parties (1 to 7 people) landing at three points, 30 of them also flying out; p43 lands at 23:40. */
const FIXTURE = `
  p01 arrival   opo    2026-06-11 17:50 1
  p02 arrival   opo    2026-06-12 04:40 5
  p03 arrival   opo    2026-06-12 06:38 6
  p04 arrival   opo    2026-06-11 09:30 2
  p05 arrival   opo    2026-06-11 16:00 3
  p06 arrival   opo    2026-06-11 09:45 7
  p07 arrival   lis    2026-06-12 10:05 6
  p08 arrival   opo    2026-06-12 03:00 3
  p09 arrival   lis    2026-06-12 10:25 1
  p10 arrival   opo    2026-06-11 21:03 7
  p11 arrival   lis    2026-06-12 10:05 1
  p12 arrival   opo    2026-06-11 14:30 1
  p13 arrival   lis    2026-06-11 08:05 7
  p14 arrival   lis    2026-06-11 17:20 4
  p15 arrival   lis    2026-06-12 11:05 1
  p16 arrival   opo    2026-06-11 13:53 3
  p17 arrival   pinhao 2026-06-12 14:35 5
  p18 arrival   lis    2026-06-12 10:05 2
  p19 arrival   pinhao 2026-06-12 17:15 7
  p20 arrival   lis    2026-06-11 13:00 1
  p21 arrival   opo    2026-06-12 01:10 2
  p22 arrival   opo    2026-06-12 11:05 1
  p23 arrival   pinhao 2026-06-12 19:28 5
  p24 arrival   opo    2026-06-12 12:00 6
  p25 arrival   lis    2026-06-12 10:10 1
  p26 arrival   opo    2026-06-12 00:00 2
  p27 arrival   pinhao 2026-06-12 13:15 6
  p28 arrival   opo    2026-06-11 09:55 1
  p29 arrival   opo    2026-06-11 23:45 2
  p30 arrival   opo    2026-06-12 11:20 6
  p31 arrival   lis    2026-06-11 08:05 1
  p32 arrival   opo    2026-06-11 14:35 2
  p33 arrival   lis    2026-06-12 15:05 6
  p34 arrival   lis    2026-06-11 16:56 1
  p35 arrival   opo    2026-06-11 23:45 4
  p36 arrival   opo    2026-06-12 11:00 5
  p37 arrival   opo    2026-06-12 11:20 6
  p38 arrival   lis    2026-06-12 01:44 3
  p39 arrival   opo    2026-06-12 15:59 7
  p40 arrival   pinhao 2026-06-12 16:43 4
  p41 arrival   opo    2026-06-11 14:25 2
  p42 arrival   pinhao 2026-06-12 12:35 5
  p43 arrival   opo    2026-06-11 23:40 5
  p44 arrival   lis    2026-06-11 08:05 7
  p45 arrival   opo    2026-06-11 10:11 6
  p46 arrival   pinhao 2026-06-12 12:20 7
  p47 arrival   lis    2026-06-11 10:20 7
  p48 arrival   opo    2026-06-12 04:40 3
  p49 arrival   opo    2026-06-12 00:40 7
  p50 arrival   lis    2026-06-11 08:05 3
  p51 arrival   lis    2026-06-11 17:39 3
  p52 arrival   opo    2026-06-12 07:38 1
  p53 arrival   lis    2026-06-11 19:40 6
  p54 arrival   lis    2026-06-11 17:25 3
  p55 arrival   opo    2026-06-11 14:50 7
  p56 arrival   opo    2026-06-11 09:30 5
  p57 arrival   lis    2026-06-11 09:00 5
  p58 arrival   lis    2026-06-12 00:33 5
  p59 arrival   opo    2026-06-12 11:05 6
  p60 arrival   pinhao 2026-06-12 12:50 4
  p01 departure opo    2026-06-15 11:50 1
  p02 departure opo    2026-06-15 10:05 5
  p04 departure lis    2026-06-14 19:10 2
  p05 departure lis    2026-06-14 19:25 3
  p06 departure opo    2026-06-15 11:10 7
  p07 departure opo    2026-06-14 15:50 6
  p09 departure lis    2026-06-14 06:20 1
  p11 departure lis    2026-06-14 17:05 1
  p12 departure lis    2026-06-14 15:15 1
  p13 departure opo    2026-06-15 11:10 7
  p16 departure opo    2026-06-14 15:45 3
  p17 departure opo    2026-06-14 06:35 5
  p20 departure opo    2026-06-15 11:50 1
  p22 departure lis    2026-06-14 20:50 1
  p24 departure opo    2026-06-14 17:05 6
  p25 departure opo    2026-06-15 10:40 1
  p28 departure lis    2026-06-14 06:35 1
  p29 departure opo    2026-06-14 14:40 2
  p30 departure lis    2026-06-14 20:20 6
  p38 departure opo    2026-06-14 21:30 3
  p39 departure opo    2026-06-14 19:25 7
  p45 departure lis    2026-06-15 09:20 6
  p47 departure opo    2026-06-15 11:10 7
  p48 departure opo    2026-06-14 17:35 3
  p50 departure opo    2026-06-15 13:30 3
  p52 departure opo    2026-06-14 15:15 1
  p53 departure lis    2026-06-15 12:20 6
  p54 departure opo    2026-06-15 10:40 3
  p58 departure opo    2026-06-15 10:40 5
  p60 departure opo    2026-06-14 15:55 4
`;

const fixture: TransferRequest[] = FIXTURE.trim()
  .split("\n")
  .map((line) => {
    const [partyId, direction, pointId, date, time, seats] = line.trim().split(/\s+/);
    return { partyId, direction: direction as TransferRequest["direction"], pointId, date, time, seats: Number(seats), driveMinutes: DRIVE[pointId] };
  });

const minutes = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`) / 60_000;
const at = (r: Pick<PlannedRun, "date" | "time">) => minutes(r.date, r.time);

/** The simple greedy the planner must never lose to: sort by time, a new run when the window or the seats would break. */
function greedyRunCount(requests: TransferRequest[], s: PlannerSettings) {
  const window = (direction: string) => (direction === "arrival" ? s.maxWaitMinutes - s.bufferMinutes : s.maxWaitMinutes);
  const groups = new Map<string, TransferRequest[]>();
  for (const r of requests.filter((r) => r.seats <= s.seats)) groups.set(`${r.direction} ${r.pointId}`, [...(groups.get(`${r.direction} ${r.pointId}`) ?? []), r]);
  let count = 0;
  for (const group of groups.values()) {
    let first = -Infinity;
    let load = Infinity;
    for (const r of [...group].sort((a, b) => minutes(a.date, a.time) - minutes(b.date, b.time))) {
      const t = minutes(r.date, r.time);
      if (t - first > window(r.direction) || load + r.seats > s.seats) {
        count++;
        first = t;
        load = 0;
      }
      load += r.seats;
    }
  }
  return count;
}

/** Every rule of issue 26 on one proposal; returns nothing, throws on the first broken rule. */
function expectRulesHold(requests: TransferRequest[], s: PlannerSettings, result: ReturnType<typeof proposeRuns>, locked: LockedRun[] = []) {
  const { runs, unplaced } = result;
  const request = new Map(requests.map((r) => [`${r.direction} ${r.partyId}`, r]));
  const keys = runs.map((r) => r.key);
  expect(new Set(keys).size, "keys are unique").toBe(keys.length);
  const times = runs.map((r) => `${r.date} ${r.time}`);
  expect(times, "runs sorted by date and time").toEqual([...times].sort());

  // Every request on exactly one run, or unplaced because the party is larger than the vehicle.
  const placements = new Map<string, number>();
  for (const run of runs) for (const p of run.partyIds) placements.set(`${run.direction} ${p}`, (placements.get(`${run.direction} ${p}`) ?? 0) + 1);
  for (const r of requests) {
    const id = `${r.direction} ${r.partyId}`;
    const isUnplaced = unplaced.some((u) => u.partyId === r.partyId && u.direction === r.direction);
    if (isUnplaced) {
      expect(r.seats, `${id} unplaced only when larger than the vehicle`).toBeGreaterThan(s.seats);
      expect(placements.get(id) ?? 0, `${id} unplaced and on no run`).toBe(0);
    } else {
      expect(placements.get(id), `${id} on exactly one run`).toBe(1);
    }
  }

  for (const run of runs) {
    const kept = locked.find((l) => l.id === run.id);
    expect(run.locked).toBe(Boolean(kept));
    const parties = run.partyIds.map((p) => request.get(`${run.direction} ${p}`)).filter((r) => r !== undefined);
    if (kept) {
      expect({ date: run.date, time: run.time, seats: run.seats, pointId: run.pointId }).toEqual({ date: kept.date, time: kept.time, seats: kept.seats, pointId: kept.pointId });
      expect(run.partyIds.slice(0, kept.partyIds.length), "a locked run keeps its parties").toEqual(kept.partyIds);
    } else {
      expect(run.seats).toBe(s.seats);
    }
    // No split: a party takes all its seats on the one run it is on.
    const used = parties.reduce((n, r) => n + r.seats, 0);
    expect(used, `${run.key} within its seats`).toBeLessThanOrEqual(run.seats);
    const added = kept ? parties.filter((r) => !kept.partyIds.includes(r.partyId)) : parties;
    for (const r of added) {
      expect(r.pointId).toBe(run.pointId);
      expect(runFitsRequest(run, r, s), `${r.partyId} fits ${run.key}`).toBe(true);
      if (run.direction === "arrival") {
        const wait = at(run) - minutes(r.date, r.time);
        expect(wait, `${r.partyId} leaves at least the buffer after landing`).toBeGreaterThanOrEqual(s.bufferMinutes);
        expect(wait, `${r.partyId} waits at most the maximum`).toBeLessThanOrEqual(Math.max(s.maxWaitMinutes, s.bufferMinutes));
      } else {
        const atPoint = at(run) + r.driveMinutes;
        expect(minutes(r.date, r.time) - atPoint, `${r.partyId} at the point the lead time before the flight`).toBeGreaterThanOrEqual(s.leadMinutes);
        expect(minutes(r.date, r.time) - atPoint, `${r.partyId} at the point at most lead + wait early`).toBeLessThanOrEqual(s.leadMinutes + s.maxWaitMinutes);
      }
    }
    if (!kept && parties.length) {
      if (run.direction === "arrival") {
        // Leaves as soon as the rules allow: the buffer after the last landing.
        expect(at(run)).toBe(Math.max(...parties.map((r) => minutes(r.date, r.time))) + s.bufferMinutes);
      } else {
        // Leaves no earlier than needed: at the point exactly the lead time before the earliest flight.
        expect(at(run)).toBe(Math.min(...parties.map((r) => minutes(r.date, r.time) - r.driveMinutes)) - s.leadMinutes);
      }
    }
  }
}

describe("proposing shuttle runs for 60 parties", () => {
  const result = proposeRuns(fixture, DEFAULT_PLANNER_SETTINGS);

  it("keeps every rule: seats, buffer, maximum wait, no split, every request on one run, departure lead time", () => {
    expect(result.unplaced).toEqual([]);
    expectRulesHold(fixture, DEFAULT_PLANNER_SETTINGS, result);
  });

  it("uses fewer runs than a simple greedy grouping", () => {
    const greedy = greedyRunCount(fixture, DEFAULT_PLANNER_SETTINGS);
    expect(result.runs.length).toBeLessThan(greedy);
  });

  it("puts a 23:40 landing on a run of the next date and an early flight's run on the evening before", () => {
    const late = result.runs.find((r) => r.partyIds.includes("p43") && r.direction === "arrival");
    expect(late).toMatchObject({ pointId: "opo", date: "2026-06-12" });
    // p09 flies from Lisbon at 06:20: 180 min lead and 210 min drive, so the bus leaves at 23:50 the day before.
    const early = result.runs.find((r) => r.partyIds.includes("p09") && r.direction === "departure");
    expect(early).toMatchObject({ pointId: "lis", date: "2026-06-13", time: "23:50" });
  });

  it("gives the same proposal for the same requests in another order", () => {
    expect(proposeRuns([...fixture].reverse(), DEFAULT_PLANNER_SETTINGS)).toEqual(result);
  });
});

describe("packing and limits", () => {
  const req = (partyId: string, time: string, seats: number, extra: Partial<TransferRequest> = {}): TransferRequest => ({
    partyId, direction: "arrival", pointId: "opo", date: "2026-06-11", time, seats, driveMinutes: 120, ...extra,
  });

  it("packs 5+3 and 4+4 where the greedy needs three vehicles", () => {
    const requests = [req("a", "10:00", 5), req("b", "10:05", 4), req("c", "10:10", 3), req("d", "10:15", 4)];
    expect(greedyRunCount(requests, DEFAULT_PLANNER_SETTINGS)).toBe(3);
    const { runs } = proposeRuns(requests, DEFAULT_PLANNER_SETTINGS);
    expect(runs.map((r) => [...r.partyIds].sort())).toEqual(expect.arrayContaining([["a", "c"], ["b", "d"]]));
    expect(runs).toHaveLength(2);
  });

  it("returns a party larger than the vehicle as unplaced and never splits it", () => {
    const { runs, unplaced } = proposeRuns([req("big", "10:00", 9), req("small", "10:00", 2)], DEFAULT_PLANNER_SETTINGS);
    expect(unplaced).toEqual([{ partyId: "big", direction: "arrival", reason: "party-larger-than-vehicle" }]);
    expect(runs.flatMap((r) => r.partyIds)).toEqual(["small"]);
  });

  it("tells when a run no longer fits a request whose times changed", () => {
    const run = { direction: "arrival" as const, date: "2026-06-11", time: "11:00" };
    expect(runFitsRequest(run, req("a", "10:00", 2), DEFAULT_PLANNER_SETTINGS)).toBe(true);
    expect(runFitsRequest(run, req("a", "10:30", 2), DEFAULT_PLANNER_SETTINGS)).toBe(false); // 30 min < buffer
    expect(runFitsRequest(run, req("a", "08:30", 2), DEFAULT_PLANNER_SETTINGS)).toBe(false); // 150 min > max wait
    expect(runFitsRequest({ ...run, direction: "departure" }, req("a", "10:00", 2), DEFAULT_PLANNER_SETTINGS)).toBe(false);
  });
});

describe("locked runs", () => {
  const base = fixture.filter((r) => r.pointId === "opo" && r.direction === "arrival");

  it("keeps a locked run as it is, fills its free seats with parties it fits and plans the rest around it", () => {
    const locked: LockedRun = { id: "run-7", direction: "arrival", pointId: "opo", date: "2026-06-11", time: "10:40", seats: 12, partyIds: ["p04"] };
    const result = proposeRuns(base, DEFAULT_PLANNER_SETTINGS, [locked]);
    expectRulesHold(base, DEFAULT_PLANNER_SETTINGS, result, [locked]);
    const kept = result.runs.find((r) => r.id === "run-7")!;
    expect(kept).toMatchObject({ key: "locked-run-7", locked: true, time: "10:40", seats: 12 });
    expect(kept.partyIds[0]).toBe("p04");
    expect(kept.partyIds.length).toBeGreaterThan(1);
  });

  it("lets a locked coach carry a party larger than the vehicle size", () => {
    const big = { ...base[0], partyId: "big", time: "09:40", seats: 10 };
    const locked: LockedRun = { id: "coach", direction: "arrival", pointId: "opo", date: "2026-06-11", time: "10:40", seats: 20, partyIds: [] };
    const result = proposeRuns([...base, big], DEFAULT_PLANNER_SETTINGS, [locked]);
    expect(result.unplaced).toEqual([]);
    expect(result.runs.find((r) => r.id === "coach")?.partyIds).toContain("big");
  });

  it("does not plan a locked run's party again even when its time changed", () => {
    const locked: LockedRun = { id: "x", direction: "arrival", pointId: "opo", date: "2026-06-11", time: "08:00", seats: 8, partyIds: ["p04"] };
    const result = proposeRuns(base, DEFAULT_PLANNER_SETTINGS, [locked]);
    expect(result.runs.filter((r) => r.partyIds.includes("p04")).map((r) => r.id)).toEqual(["x"]);
  });
});

// Random requests at three points over two days (times near midnight included), random settings.
const settingsArb = fc
  .record({ bufferMinutes: fc.integer({ min: 0, max: 90 }), extraWait: fc.integer({ min: 0, max: 200 }), seats: fc.integer({ min: 1, max: 12 }), leadMinutes: fc.integer({ min: 0, max: 240 }) })
  .map(({ extraWait, ...s }): PlannerSettings => ({ ...s, maxWaitMinutes: s.bufferMinutes + extraWait }));
const requestsArb = fc
  .array(
    fc.record({
      direction: fc.constantFrom("arrival" as const, "departure" as const),
      pointId: fc.constantFrom("opo", "lis", "pinhao"),
      day: fc.integer({ min: 11, max: 12 }),
      // Landings bunch up on some hours, as flights do, so runs have choices to make.
      minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(8, 14, 23).chain((h) => fc.integer({ min: h * 60, max: Math.min(1439, h * 60 + 150) }))),
      seats: fc.integer({ min: 1, max: 13 }),
    }),
    { maxLength: 40, size: "max" },
  )
  .map((rows) =>
    rows.map(({ day, minute, ...r }, i): TransferRequest => ({
      ...r,
      partyId: `p${i}`,
      date: `2026-06-${day}`,
      time: `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`,
      driveMinutes: DRIVE[r.pointId],
    })),
  );

describe("property: the rules hold over random requests", () => {
  it("every proposal keeps the rules and never needs more runs than the greedy", () => {
    fc.assert(
      fc.property(requestsArb, settingsArb, (requests, settings) => {
        const result = proposeRuns(requests, settings);
        expectRulesHold(requests, settings, result);
        expect(result.runs.length).toBeLessThanOrEqual(greedyRunCount(requests, settings));
      }),
      { numRuns: 300 },
    );
  });

  it("locked runs of an earlier proposal are kept when the requests change", () => {
    fc.assert(
      fc.property(requestsArb, requestsArb, settingsArb, fc.integer({ min: 0, max: 5 }), (first, later, settings, every) => {
        const earlier = proposeRuns(first, settings).runs;
        const locked: LockedRun[] = earlier
          .filter((_, i) => i % (every + 1) === 0)
          .map(({ key, locked: _l, ...r }) => ({ ...r, id: `saved-${key}` }));
        // The later answers: other parties plus the first ones' changed times (as ids p0.. repeat).
        const result = proposeRuns(later, settings, locked);
        for (const l of locked) expect(result.runs.find((r) => r.id === l.id)).toBeDefined();
        const onLocked = new Set(locked.flatMap((l) => l.partyIds.map((p) => `${l.direction} ${p}`)));
        const replanned = later.filter((r) => !onLocked.has(`${r.direction} ${r.partyId}`));
        expectRulesHold(replanned, settings, { ...result, runs: result.runs }, locked);
      }),
      { numRuns: 150 },
    );
  });
});
