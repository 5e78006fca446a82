/*
 * The shuttle planner of issue 26 (docs/decisions/065-shuttle-planner.md):
 * groups transfer requests into runs per point and direction. Pure: no
 * database, no clock; the same input always gives the same proposal.
 *
 * Each request becomes an item with one instant x (minutes on a wall clock
 * in the venue's zone) and the rule "all items of a run lie within W minutes
 * of each other":
 * - arrival: x = landing + buffer (the earliest the run may leave for that
 *   party); the run leaves at the latest x of its parties; W = maxWait - buffer,
 *   so every party waits between buffer and maxWait after landing.
 * - departure: x = flight - lead - drive (the latest the run may leave the venue
 *   for that party); the run leaves at the earliest x, so it reaches the point
 *   exactly lead minutes before its earliest flight (no earlier than needed);
 *   W = maxWait, so nobody is at the point more than lead + maxWait before
 *   their own flight.
 */

export type Direction = "arrival" | "departure";

export type TransferRequest = {
  partyId: string;
  direction: Direction;
  pointId: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, landing time for arrival, flight/train departure time for departure */
  time: string;
  seats: number;
  /** point <-> venue */
  driveMinutes: number;
};

export type PlannerSettings = {
  /** default 45 */
  bufferMinutes: number;
  /** default 120 */
  maxWaitMinutes: number;
  /** default 8 */
  seats: number;
  /** default 180 */
  leadMinutes: number;
};

export const DEFAULT_PLANNER_SETTINGS: PlannerSettings = {
  bufferMinutes: 45,
  maxWaitMinutes: 120,
  seats: 8,
  leadMinutes: 180,
};

export type PlannedRun = {
  key: string;
  /** kept for locked runs */
  id?: string;
  direction: Direction;
  pointId: string;
  date: string;
  /** arrival: leaves the point; departure: leaves the venue */
  time: string;
  seats: number;
  partyIds: string[];
  locked: boolean;
};

export type LockedRun = Omit<PlannedRun, "key" | "locked"> & { id: string };

export type Unplaced = { partyId: string; direction: Direction; reason: "party-larger-than-vehicle" };

const DAY = 1440;

/** Minutes since 1970-01-01 00:00 of a wall-clock date and time (no zone: both ends are venue time). */
export function wallMinutes(date: string, time: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) throw new Error(`shuttle planner: bad date or time "${date} ${time}"`);
  return Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])) / 60_000 + Number(t[1]) * 60 + Number(t[2]);
}

/** The date and time of wallMinutes' result; crossing midnight moves the date. */
export function wallDateTime(minutes: number): { date: string; time: string } {
  const iso = new Date(Math.floor(minutes / DAY) * DAY * 60_000).toISOString();
  const inDay = ((minutes % DAY) + DAY) % DAY;
  const pad = (n: number) => String(n).padStart(2, "0");
  return { date: iso.slice(0, 10), time: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}

/** Settings the rules can hold: a wait shorter than the buffer would admit nobody. */
function effective(settings: PlannerSettings) {
  const bufferMinutes = Math.max(0, settings.bufferMinutes);
  return {
    bufferMinutes,
    maxWaitMinutes: Math.max(bufferMinutes, settings.maxWaitMinutes),
    leadMinutes: Math.max(0, settings.leadMinutes),
    seats: Math.max(1, Math.floor(settings.seats)),
  };
}

/** A party of fewer than one seat still takes one. */
function seatsOf(request: TransferRequest) {
  return Math.max(1, Math.ceil(request.seats));
}

/**
 * Whether a run at this time keeps the rules for this request: used to warn
 * when a party's times changed after it was put on a run.
 */
export function runFitsRequest(
  run: Pick<PlannedRun, "direction" | "date" | "time">,
  request: TransferRequest,
  settings: PlannerSettings,
): boolean {
  return run.direction === request.direction && runMisfit(run, request, settings) === null;
}

/**
 * Which rule a run at this time breaks for this request, null when none
 * (issue 36: a host's move is allowed, and told). `minutes`: arrival, how long
 * after the landing the run leaves (negative: before it); departure, how long
 * before the flight the run reaches the point. `limit`: the rule's bound.
 */
export function runMisfit(
  run: Pick<PlannedRun, "date" | "time">,
  request: TransferRequest,
  settings: PlannerSettings,
): { rule: "buffer" | "max-wait" | "lead"; minutes: number; limit: number } | null {
  const s = effective(settings);
  const runAt = wallMinutes(run.date, run.time);
  const at = wallMinutes(request.date, request.time);
  if (request.direction === "arrival") {
    const wait = runAt - at;
    if (wait < s.bufferMinutes) return { rule: "buffer", minutes: wait, limit: s.bufferMinutes };
    if (wait > s.maxWaitMinutes) return { rule: "max-wait", minutes: wait, limit: s.maxWaitMinutes };
    return null;
  }
  const beforeFlight = at - (runAt + request.driveMinutes);
  if (beforeFlight < s.leadMinutes) return { rule: "lead", minutes: beforeFlight, limit: s.leadMinutes };
  if (beforeFlight > s.leadMinutes + s.maxWaitMinutes) return { rule: "max-wait", minutes: beforeFlight, limit: s.leadMinutes + s.maxWaitMinutes };
  return null;
}

type Item = { request: TransferRequest; x: number; size: number };
type Group = { items: Item[]; load: number; lo: number; hi: number };

/** The canonical order: by instant, larger parties first, then by id (input order does not matter). */
function byInstant(a: Item, b: Item) {
  return a.x - b.x || b.size - a.size || cmp(a.request.partyId, b.request.partyId) || cmp(a.request.date + a.request.time, b.request.date + b.request.time);
}

function cmp(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupOf(items: Item[]): Group {
  return {
    items,
    load: items.reduce((n, i) => n + i.size, 0),
    lo: Math.min(...items.map((i) => i.x)),
    hi: Math.max(...items.map((i) => i.x)),
  };
}

/** The plain greedy: in the given order, open a new run when the window or the seats would break. */
function greedy(items: Item[], span: number, seats: number): Group[] {
  const runs: Group[] = [];
  let current: Item[] = [];
  let first = 0;
  let load = 0;
  for (const item of items) {
    if (current.length && (item.x - first > span || load + item.size > seats)) {
      runs.push(groupOf(current));
      current = [];
    }
    if (!current.length) {
      first = item.x;
      load = 0;
    }
    current.push(item);
    load += item.size;
  }
  if (current.length) runs.push(groupOf(current));
  return runs;
}

/**
 * Sweep by time: the earliest party left opens a run and the run takes, from
 * the parties within the window, the set that fills the most seats (a
 * subset sum over at most `seats` values), preferring earlier parties on ties
 * because later ones still have later runs to go on.
 */
function sweep(sorted: Item[], span: number, seats: number): Group[] {
  const runs: Group[] = [];
  let left = sorted;
  while (left.length) {
    const [first, ...rest] = left;
    const candidates = rest.filter((i) => i.x - first.x <= span);
    const taken = new Set<Item>([first, ...fillSeats(candidates, seats - first.size)]);
    runs.push(groupOf(sorted.filter((i) => taken.has(i))));
    left = left.filter((i) => !taken.has(i));
  }
  return runs;
}

/**
 * The improvement pass: empty the least loaded run into the others (largest
 * party first, each into the fullest run it still fits) and drop it; repeat
 * while some run can be emptied. It never adds a run.
 */
function improve(start: Group[], span: number, seats: number): Group[] {
  let runs = start.map((g) => groupOf([...g.items]));
  for (let changed = true; changed; ) {
    changed = false;
    const order = [...runs].sort((a, b) => a.load - b.load || a.lo - b.lo);
    for (const victim of order) {
      const others = runs.filter((r) => r !== victim).map((r) => ({ ...r, items: [...r.items] }));
      const parties = [...victim.items].sort((a, b) => b.size - a.size || a.x - b.x);
      const placedAll = parties.every((item) => {
        let best: Group | undefined;
        for (const r of others) {
          const fits = r.load + item.size <= seats && Math.max(r.hi, item.x) - Math.min(r.lo, item.x) <= span;
          if (fits && (!best || r.load > best.load || (r.load === best.load && r.lo < best.lo))) best = r;
        }
        if (!best) return false;
        best.items.push(item);
        best.load += item.size;
        best.lo = Math.min(best.lo, item.x);
        best.hi = Math.max(best.hi, item.x);
        return true;
      });
      if (placedAll) {
        runs = others;
        changed = true;
        break;
      }
    }
  }
  return runs;
}

/** Fewest runs among the greedy (in time order and in the given order) and the sweep, each improved. */
function planGroup(items: Item[], span: number, seats: number): Group[] {
  const sorted = [...items].sort(byInstant);
  // The given order, stable by instant: what a plain "sort by time" greedy sees.
  const given = [...items].sort((a, b) => a.x - b.x);
  const candidates = [
    improve(sweep(sorted, span, seats), span, seats),
    improve(greedy(sorted, span, seats), span, seats),
    improve(greedy(given, span, seats), span, seats),
  ];
  return candidates.reduce((best, c) => (c.length < best.length ? c : best));
}

/**
 * Proposes runs for the requests. Locked runs are kept as they are; parties
 * already on one (same direction) are not planned again; other requests may
 * take a locked run's free seats when its time keeps their rules, otherwise
 * they get new runs. A party larger than the vehicle, and not taken by a
 * locked run, comes back as unplaced: a party is never split.
 */
export function proposeRuns(
  requests: TransferRequest[],
  settings: PlannerSettings,
  locked: LockedRun[] = [],
): { runs: PlannedRun[]; unplaced: Unplaced[] } {
  const s = effective(settings);
  const onLocked = new Set(locked.flatMap((r) => r.partyIds.map((p) => `${r.direction}\u0000${p}`)));
  const toItem = (request: TransferRequest): Item => {
    const at = wallMinutes(request.date, request.time);
    const x = request.direction === "arrival" ? at + s.bufferMinutes : at - s.leadMinutes - request.driveMinutes;
    return { request, x, size: seatsOf(request) };
  };
  // In the caller's order: planGroup sorts, and also tries the greedy on ties in this order.
  let open = requests.filter((r) => !onLocked.has(`${r.direction}\u0000${r.partyId}`)).map(toItem);

  const lockedRuns = fillLocked(locked, open, requests, settings);
  const placed = new Set(lockedRuns.flatMap((r) => r.added));
  open = open.filter((i) => !placed.has(i));

  const unplaced: Unplaced[] = open
    .filter((i) => i.size > s.seats)
    .map((i) => ({ partyId: i.request.partyId, direction: i.request.direction, reason: "party-larger-than-vehicle" as const }))
    .sort((a, b) => cmp(a.direction, b.direction) || cmp(a.partyId, b.partyId));
  open = open.filter((i) => i.size <= s.seats);

  const byPoint = new Map<string, Item[]>();
  for (const item of open) {
    const key = `${item.request.direction}\u0000${item.request.pointId}`;
    byPoint.set(key, [...(byPoint.get(key) ?? []), item]);
  }
  const fresh: PlannedRun[] = [];
  for (const items of byPoint.values()) {
    const { direction, pointId } = items[0].request;
    const span = direction === "arrival" ? s.maxWaitMinutes - s.bufferMinutes : s.maxWaitMinutes;
    for (const group of planGroup(items, span, s.seats)) {
      const { date, time } = wallDateTime(direction === "arrival" ? group.hi : group.lo);
      const partyIds = [...group.items].sort(byInstant).map((i) => i.request.partyId);
      fresh.push({ key: "", direction, pointId, date, time, seats: s.seats, partyIds, locked: false });
    }
  }

  const runs = [...lockedRuns.map((r) => r.run), ...sortRuns(fresh)];
  // Stable keys from what a run is: direction, point, date, time and a counter for twins.
  const seen = new Map<string, number>();
  for (const run of sortRuns(fresh)) {
    const base = `${run.direction}-${run.pointId}-${run.date}-${run.time.replace(":", "")}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    run.key = n === 1 ? base : `${base}-${n}`;
  }
  return { runs: sortRuns(runs), unplaced };
}

function sortRuns<T extends PlannedRun>(runs: T[]): T[] {
  return [...runs].sort(
    (a, b) =>
      cmp(a.date, b.date) ||
      cmp(a.time, b.time) ||
      cmp(a.direction, b.direction) ||
      cmp(a.pointId, b.pointId) ||
      Number(b.locked) - Number(a.locked) ||
      cmp(a.partyIds.join(","), b.partyIds.join(",")) ||
      cmp(a.key, b.key),
  );
}

/**
 * Locked runs, in time order, take into their free seats the requests whose
 * rules their time keeps, as many seats as they can fill (earlier parties
 * first on ties). Taking requests away never makes the rest need more runs.
 * The seats of parties already on a locked run are read from their requests.
 */
function fillLocked(locked: LockedRun[], open: Item[], requests: TransferRequest[], settings: PlannerSettings) {
  const seatsByParty = new Map(requests.map((r) => [`${r.direction}\u0000${r.partyId}`, seatsOf(r)]));
  const taken = new Set<Item>();
  const ordered = [...locked].sort((a, b) => cmp(a.date + a.time, b.date + b.time) || cmp(a.id, b.id));
  return ordered.map((lockedRun) => {
    const used = lockedRun.partyIds.reduce((n, p) => n + (seatsByParty.get(`${lockedRun.direction}\u0000${p}`) ?? 0), 0);
    const room = lockedRun.seats - used;
    const candidates = open
      .filter((i) => !taken.has(i) && i.request.pointId === lockedRun.pointId && i.size <= room && runFitsRequest(lockedRun, i.request, settings))
      .sort(byInstant);
    const added = fillSeats(candidates, room);
    for (const i of added) taken.add(i);
    const run: PlannedRun = {
      ...lockedRun,
      key: `locked-${lockedRun.id}`,
      partyIds: [...lockedRun.partyIds, ...added.map((i) => i.request.partyId)],
      locked: true,
    };
    return { run, added };
  });
}

/** The candidates filling the most of `room` seats, earlier ones preferred on ties. */
function fillSeats(candidates: Item[], room: number): Item[] {
  if (room <= 0 || !candidates.length) return [];
  // reach[i][c]: exactly c seats can be filled from candidates i.. — a suffix table, so
  // rebuilding the choice from the front takes an earlier candidate whenever it can.
  const reach: boolean[][] = Array.from({ length: candidates.length + 1 }, () => new Array<boolean>(room + 1).fill(false));
  reach[candidates.length][0] = true;
  for (let i = candidates.length - 1; i >= 0; i--) {
    const s = candidates[i].size;
    for (let c = 0; c <= room; c++) reach[i][c] = reach[i + 1][c] || (c >= s && reach[i + 1][c - s]);
  }
  let target = room;
  while (target > 0 && !reach[0][target]) target--;
  const chosen: Item[] = [];
  for (let i = 0, c = target; i < candidates.length && c > 0; i++) {
    const s = candidates[i].size;
    if (c >= s && reach[i + 1][c - s]) {
      chosen.push(candidates[i]);
      c -= s;
    }
  }
  return chosen;
}
