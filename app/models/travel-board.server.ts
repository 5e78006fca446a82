import type { ProposedRun } from "./shuttle-keep";
import { runMisfit, type Direction, type PlannerSettings, type Unplaced } from "./shuttle-planner";
import { listRuns, runPointId, travelWarnings, type RunWithParties } from "./shuttle-runs.server";
import { listTravellers, transferRequests, type Traveller } from "./travel-answers.server";
import type { Lang } from "~/i18n";
import { travelListTexts } from "~/i18n/catalog/travel-lists";
import { getTravelSettings, listTravelPoints, plannerSettings, pointName, type TravelPoint } from "./travel-settings.server";

/*
 * Issue 26: the host's Travel page and its lists, as plain rows: arrivals and
 * departures by day and hour, runs with their parties (names, people,
 * flight, times, phone), the proposal with names, manifests and day sheets.
 */

export type Movement = {
  travellerId: string;
  direction: Direction;
  date: string;
  time: string;
  name: string;
  people: string[];
  seats: number;
  point: string;
  /** Issue 36: a train arrives, a flight lands. */
  pointKind: TravelPoint["kind"] | null;
  number: string | null;
  transfer: boolean;
  phone: string | null;
};

function movements(travellers: Traveller[], pointNames: Map<string, string>, pointKinds: Map<string, TravelPoint["kind"]>): Movement[] {
  const out: Movement[] = [];
  for (const t of travellers) {
    for (const direction of ["arrival", "departure"] as const) {
      const leg = t[direction];
      if (!leg) continue;
      out.push({
        travellerId: t.travellerId,
        direction,
        date: leg.date,
        time: leg.time,
        name: t.name,
        people: t.people,
        seats: t.seats,
        point: pointNames.get(leg.pointId) ?? "?",
        pointKind: pointKinds.get(leg.pointId) ?? null,
        number: leg.number,
        transfer: direction === "arrival" ? t.transferArrival : t.transferDeparture,
        phone: t.phone,
      });
    }
  }
  return out.sort((a, b) => `${a.date} ${a.time} ${a.name}`.localeCompare(`${b.date} ${b.time} ${b.name}`));
}

/** Movements grouped by day, then by hour ("14"), in time order. */
export function byDayAndHour(list: Movement[]) {
  const days = new Map<string, Map<string, Movement[]>>();
  for (const m of list) {
    const hours = days.get(m.date) ?? new Map<string, Movement[]>();
    days.set(m.date, hours);
    const h = m.time.slice(0, 2);
    hours.set(h, [...(hours.get(h) ?? []), m]);
  }
  return [...days].map(([date, hours]) => ({ date, hours: [...hours].map(([hour, rows]) => ({ hour: `${hour}:00`, rows })) }));
}

export type BoardRun = ReturnType<typeof boardRuns>[number];

function boardRuns(runs: Pick<RunWithParties, "direction" | "date" | "time" | "seats" | "partyIds">[] & { id?: string }[], ctx: { travellers: Map<string, Traveller>; moves: Movement[]; pointNames: Map<string, string> }, pointOf: (r: never) => string | null) {
  return runs.map((r) => {
    const run = r as RunWithParties;
    const parties = run.partyIds.map((id) => {
      const t = ctx.travellers.get(id);
      const m = ctx.moves.find((x) => x.travellerId === id && x.direction === run.direction);
      return { id, name: t?.name ?? id, people: t?.people ?? [], seats: t?.seats ?? 0, number: m?.number ?? null, time: m?.time ?? null, date: m?.date ?? null, phone: t?.phone ?? null };
    });
    const pointId = pointOf(r as never);
    return { ...run, pointId, point: pointId ? (ctx.pointNames.get(pointId) ?? "?") : "?", parties, seatsUsed: parties.reduce((n, p) => n + p.seats, 0) };
  });
}

/** `lang`: the language of the points' names (decision 071: a Portuguese list reads "Aeroporto do Porto" when the host set it). */
export function travelBoard(lang: Lang = "en") {
  const settings = getTravelSettings();
  const points = listTravelPoints();
  const pointNames = new Map(points.map((p) => [p.id, pointName(p, lang)]));
  const travellerList = listTravellers();
  const travellers = new Map(travellerList.map((t) => [t.travellerId, t]));
  const moves = movements(travellerList, pointNames, new Map(points.map((p) => [p.id, p.kind])));
  const runs = listRuns(travellerList);
  const ctx = { travellers, moves, pointNames };
  return {
    settings,
    points,
    days: byDayAndHour(moves),
    runs: boardRuns(runs, ctx, (r: RunWithParties) => r.pointId),
    warnings: travelWarnings(travellerList, runs),
    ctx,
  };
}

/** The proposal with names, for the host to read, move and lock before saving; `mails`: whose pickup a save changes, mailed or not. */
type Named = { partyId: string; name: string }[];
export function namedProposal(proposal: { runs: ProposedRun[]; unplaced: Unplaced[]; mails?: Named; unmailed?: Named; settings?: PlannerSettings }) {
  const { ctx, points } = travelBoard();
  const misfits = proposalMisfits(proposal.runs, [...ctx.travellers.values()], points, proposal.settings ?? plannerSettings());
  return {
    runs: boardRuns(proposal.runs, ctx, runPointId).map((r, i) => ({
      ...r,
      key: proposal.runs[i]!.key,
      id: proposal.runs[i]!.id,
      locked: proposal.runs[i]!.locked,
      parties: r.parties.map((p) => ({ ...p, misfits: misfits.get(`${p.id}:${r.direction}`) ?? "" })),
    })),
    unplaced: proposal.unplaced.map((u) => ({ ...u, name: ctx.travellers.get(u.partyId)?.name ?? u.partyId })),
    mails: proposal.mails && proposal.unmailed ? { mailed: proposal.mails, unmailed: proposal.unmailed } : null,
  };
}

/**
 * The rules runs break for a party, as one short string (a proposal at 300
 * parties lists ~40 runs per party; tuples weighed twice as much in the
 * page's data): "<run index><b|m|l><minutes>" space-separated, b: before the
 * buffer, m: beyond the longest wait, l: under the lead time. "" for none.
 */
export type Misfits = string;
const RULE_CODE = { buffer: "b", "max-wait": "m", lead: "l" } as const;

/**
 * Issue 36: for each party on the proposal, the runs it may move to (same
 * direction and point, within a day) whose time breaks the planner's rules
 * for it. The page says it in the run's option and under the party: a move
 * beyond the longest wait is seen before saving, with or without JavaScript.
 */
function proposalMisfits(runs: ProposedRun[], travellers: Traveller[], points: TravelPoint[], settings: PlannerSettings) {
  const out = new Map<string, Misfits>();
  // A refused save comes back as the host left it, a bad time and all: such a run is skipped here.
  const readable = (run: ProposedRun) => /^\d{4}-\d{2}-\d{2}$/.test(run.date) && /^([01]\d|2[0-3]):[0-5]\d$/.test(run.time);
  for (const req of transferRequests(travellers, points)) {
    const key = `${req.partyId}:${req.direction}`;
    runs.forEach((run, i) => {
      if (!readable(run)) return;
      if (run.direction !== req.direction || runPointId(run) !== req.pointId || Math.abs(Date.parse(run.date) - Date.parse(req.date)) > 86_400_000) return;
      const misfit = runMisfit(run, req, settings);
      if (misfit) out.set(key, `${out.has(key) ? `${out.get(key)} ` : ""}${i}${RULE_CODE[misfit.rule]}${misfit.minutes}`);
    });
  }
  return out;
}

/** Lists (issue 26.5): per run a manifest, a day's runs, every arrival and departure; point names and "Venue" in `lang` (decision 071). */
export function travelLists(lang: Lang = "en") {
  const board = travelBoard(lang);
  const venue = travelListTexts[lang].venue;
  const runs = board.runs.map((r) => ({
    ...r,
    from: r.direction === "arrival" ? r.point : venue,
    to: r.direction === "arrival" ? venue : r.point,
  }));
  return { runs, movements: board.ctx.moves, days: [...new Set(runs.map((r) => r.date))].sort() };
}

/**
 * One shuttle list's rows, no more: the manifests need every run, a day sheet
 * that day's runs, the whole list only the movements. Sending all three to
 * each page made the manifests 274 KB at 300 parties, half of it rows the
 * page never shows, and each run only the fields a list prints. `date`
 * defaults to the first day with a run.
 */
export function travelListFor(list: "manifests" | "day" | "all", date: string | null, lang: Lang = "en") {
  const { runs, movements, days } = travelLists(lang);
  const day = date ?? days[0] ?? null;
  return {
    days,
    date: day,
    runs: (list === "all" ? [] : list === "day" ? runs.filter((r) => r.date === day) : runs).map((r) => ({
      id: r.id,
      direction: r.direction,
      date: r.date,
      time: r.time,
      from: r.from,
      to: r.to,
      seats: r.seats,
      seatsUsed: r.seatsUsed,
      vehicle: r.vehicle,
      driverPhone: r.driverPhone,
      note: r.note,
      parties: r.parties.map(({ id, name, people, seats, number, time, phone }) => ({ id, name, people, seats, number, time, phone })),
    })),
    // The printed list says "Arrives" for every kind: the point's kind is the Travel page's only.
    movements: list === "all" ? movements.map(({ pointKind: _k, ...m }) => m) : [],
  };
}
