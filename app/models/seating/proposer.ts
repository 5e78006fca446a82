import { hardBreaks, indexPlan, names, score, type Indexed, type Seat, type SeatGuest, type SeatRules, type SeatTable } from "./plan-rules";

/*
 * Issue 37 (decision 080): the seating proposer. Parties become units (a
 * party that may split: its kids for the kids' table and the rest), placed
 * largest first on the best table that keeps every hard rule, then improved
 * by moves and swaps that keep them too (a fixed seed: the same input gives
 * the same plan). Whoever cannot be seated is named with the rules that
 * conflict.
 */

export type ProposeInput = {
  guests: SeatGuest[];
  tables: SeatTable[];
  rules: SeatRules;
  /** Seats that stay where they are (locked guests, guests of locked tables). */
  fixed?: Seat[];
  /** The saved plan: guests left where they are score a little (a new proposal moves little). */
  current?: Seat[];
  /** Moves tried by the local search; by default 1200 per unit (about 0.2 s of CPU for 250 guests). */
  iterations?: number;
  seed?: number;
};

export type Broken = { rule: string; guests: string[]; why: string };
export type Proposal = { assignments: Seat[]; unseated: string[]; broken: Broken[]; score: number };

type Unit = { members: number[]; party: string; split: boolean; table: number; forced: number };

/** mulberry32: a small seeded generator, so the search is the same on every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Plan {
  readonly p: Indexed;
  readonly tableOf: Int32Array;
  readonly used: Int32Array;
  readonly units: Unit[] = [];
  readonly partyUnits = new Map<string, Unit[]>();
  readonly fixedAt = new Map<string, number[]>();

  constructor(readonly input: ProposeInput) {
    const guests = [...input.guests].sort((a, b) => (a.partyId < b.partyId ? -1 : a.partyId > b.partyId ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.p = indexPlan(guests, input.tables, input.rules, input.current);
    this.tableOf = new Int32Array(guests.length).fill(-1);
    this.used = new Int32Array(input.tables.length);
    const gi = new Map(guests.map((g, i) => [g.id, i]));
    const ti = new Map(input.tables.map((t, i) => [t.id, i]));
    const fixed = new Set<number>();
    for (const s of input.fixed ?? []) {
      const g = gi.get(s.guestId), t = ti.get(s.tableId);
      if (g === undefined || t === undefined) continue;
      this.tableOf[g] = t;
      this.used[t]!++;
      fixed.add(g);
      this.fixedAt.set(guests[g]!.partyId, [...(this.fixedAt.get(guests[g]!.partyId) ?? []), t]);
    }
    const split = new Set(input.rules.split);
    const byParty = new Map<string, number[]>();
    guests.forEach((g, i) => fixed.has(i) || byParty.set(g.partyId, [...(byParty.get(g.partyId) ?? []), i]));
    for (const [party, members] of byParty) {
      const canSplit = split.has(party);
      const anchor = canSplit ? -1 : (this.fixedAt.get(party)?.[0] ?? -1);
      const kids = members.filter((g) => this.p.isKid[g]);
      const groups = canSplit && kids.length && kids.length < members.length ? [kids, members.filter((g) => !this.p.isKid[g])] : [members];
      for (const m of groups) this.addUnit({ members: m, party, split: canSplit, table: -1, forced: anchor });
    }
  }

  private addUnit(u: Unit) {
    this.units.push(u);
    this.partyUnits.set(u.party, [...(this.partyUnits.get(u.party) ?? []), u]);
  }

  /** Why unit u cannot sit at table t (null: it can), with u off its table. */
  blocker(u: Unit, t: number): { kind: "locked" | "seats" | "apart" | "party"; pair?: [number, number] } | null {
    if (u.forced >= 0 && t !== u.forced) return { kind: "party" };
    if (this.p.tables[t]!.locked) return { kind: "locked" };
    if (this.used[t]! + u.members.length > this.p.tables[t]!.seats) return { kind: "seats" };
    for (const g of u.members) for (const o of this.p.apartOf[g]!) if (this.tableOf[o] === t && !u.members.includes(o)) return { kind: "apart", pair: [g, o] };
    for (let i = 0; i < u.members.length; i++) for (let j = i + 1; j < u.members.length; j++) if (this.p.apartOf[u.members[i]!]!.includes(u.members[j]!)) return { kind: "apart", pair: [u.members[i]!, u.members[j]!] };
    const others = [...(this.partyUnits.get(u.party) ?? []).filter((o) => o !== u && o.table >= 0).map((o) => o.table), ...(this.fixedAt.get(u.party) ?? [])];
    if (!others.length) return null;
    const at = new Set([...others, t]);
    if (!u.split) return at.size === 1 ? null : { kind: "party" };
    const sorted = [...at].sort((a, b) => a - b);
    return sorted.length > 2 || sorted[sorted.length - 1]! - sorted[0]! > 1 ? { kind: "party" } : null;
  }

  place(u: Unit, t: number) {
    u.table = t;
    for (const g of u.members) this.tableOf[g] = t;
    this.used[t]! += u.members.length;
  }

  lift(u: Unit) {
    if (u.table < 0) return;
    this.used[u.table]! -= u.members.length;
    for (const g of u.members) this.tableOf[g] = -1;
    u.table = -1;
  }

  score() {
    return score(this.p, this.tableOf);
  }

  /** Largest units first, each on the table that scores best (fewest seats left on a tie: tables fill before new ones open). */
  greedy() {
    const order = [...this.units].sort((a, b) => b.members.length - a.members.length || (a.party < b.party ? -1 : a.party > b.party ? 1 : 0));
    for (const u of order) {
      let best = -1, bestScore = -Infinity;
      for (let t = 0; t < this.p.tables.length; t++) {
        if (this.blocker(u, t)) continue;
        this.place(u, t);
        const s = this.score() * 64 - (this.p.tables[t]!.seats - this.used[t]!);
        this.lift(u);
        if (s > bestScore) (best = t), (bestScore = s);
      }
      if (best >= 0) this.place(u, best);
      else if (u.split && u.members.length > 1) this.halve(u);
    }
  }

  /** A party that may split and fits nowhere whole: its two halves are tried on neighbouring tables. */
  private halve(u: Unit) {
    const half = Math.ceil(u.members.length / 2);
    const parts = [u.members.slice(0, half), u.members.slice(half)];
    this.units.splice(this.units.indexOf(u), 1);
    this.partyUnits.set(u.party, this.partyUnits.get(u.party)!.filter((o) => o !== u));
    for (const members of parts) {
      const part: Unit = { ...u, members, table: -1 };
      this.addUnit(part);
      for (let t = 0; t < this.p.tables.length; t++) if (!this.blocker(part, t)) (this.place(part, t), (t = this.p.tables.length));
    }
  }

  /**
   * Simulated annealing over moves (a unit to another table, or an unseated
   * one in) and swaps of two units, every one keeping the hard rules. Two
   * moves in five aim at a "together" wish (a unit to its partner's table, or
   * swapped with a unit there). The best plan seen is the one kept.
   */
  search(iterations: number, rand: () => number) {
    const T = this.p.tables.length;
    if (!T || !this.units.length) return;
    const unitOf = new Map<number, Unit>();
    for (const u of this.units) for (const g of u.members) unitOf.set(g, u);
    const wishes = this.p.together;
    let current = this.score();
    let best = current;
    let bestTables = this.units.map((u) => u.table);
    const accept = (s: number, temp: number) => s >= current || rand() < Math.exp((s - current) / temp);
    const waiting = () => this.units.filter((x) => x.table < 0);
    for (let i = 0; i < iterations; i++) {
      const temp = 6 * Math.pow(0.2 / 6, i / iterations);
      // Every 64 moves: each unseated unit tries every table (the swaps may have gathered the seats it needs).
      if ((i & 63) === 0) {
        for (const x of waiting()) {
          const fit = this.p.tables.findIndex((_, k) => !this.blocker(x, k));
          if (fit >= 0) this.place(x, fit);
        }
        current = this.score();
        if (current > best) (best = current), (bestTables = this.units.map((x) => x.table));
      }
      let u: Unit, t: number;
      if (wishes.length && rand() < 0.4) {
        const w = wishes[Math.floor(rand() * wishes.length)]!;
        const a = w[Math.floor(rand() * w.length)]!, b = w[Math.floor(rand() * w.length)]!;
        const found = unitOf.get(a);
        if (!found || this.tableOf[b]! < 0) continue;
        (u = found), (t = this.tableOf[b]!);
      } else {
        (u = this.units[Math.floor(rand() * this.units.length)]!), (t = Math.floor(rand() * T));
      }
      const from = u.table;
      if (t === from) continue;
      let moved = false;
      if (from < 0 || rand() < 0.5) {
        this.lift(u);
        if (!this.blocker(u, t)) {
          this.place(u, t);
          const s = this.score();
          if (accept(s, temp)) (current = s), (moved = true);
          else this.lift(u);
        }
        if (!moved && from >= 0) this.place(u, from);
      } else {
        // u swaps with one unit of table t, or with two: one for two moves free seats between full tables.
        const at = this.units.filter((v) => v.table === t);
        const v = at[Math.floor(rand() * at.length)];
        if (!v) continue;
        const w = rand() < 0.5 ? at.filter((x) => x !== v)[Math.floor(rand() * (at.length - 1))] : undefined;
        const back = w ? [v, w] : [v];
        this.lift(u);
        for (const x of back) this.lift(x);
        const placed: Unit[] = [];
        if (!this.blocker(u, t)) {
          this.place(u, t);
          placed.push(u);
          for (const x of back) {
            if (this.blocker(x, from)) break;
            this.place(x, from);
            placed.push(x);
          }
          if (placed.length === back.length + 1) {
            const s = this.score();
            if (accept(s, temp)) (current = s), (moved = true);
          }
        }
        if (!moved) {
          for (const x of placed) this.lift(x);
          this.place(u, from);
          for (const x of back) this.place(x, t);
        }
      }
      if (moved && current > best) (best = current), (bestTables = this.units.map((x) => x.table));
    }
    if (best > current) {
      for (const u of this.units) this.lift(u);
      this.units.forEach((u, k) => bestTables[k]! >= 0 && this.place(u, bestTables[k]!));
    }
  }

  /** The rules that keep an unseated unit out, in words. */
  why(u: Unit): { rule: string; why: string } {
    const g = this.p.guests;
    const party = g[u.members[0]!]!.partyName;
    const who = u.members.length === 1 ? g[u.members[0]!]!.name : `the party ${party}`;
    const size = u.members.length;
    // Names in alphabetical order: the words do not depend on the guests' ids.
    const pair = (a: number, b: number) => [g[a]!.name, g[b]!.name].sort().join(" and ");
    const pairs = new Set<string>();
    for (let t = 0; t < this.p.tables.length; t++) {
      const b = this.blocker(u, t);
      if (b?.kind === "apart" && b.pair) pairs.add(pair(b.pair[0], b.pair[1]));
    }
    const inside = u.members.flatMap((a) => this.p.apartOf[a]!.filter((b) => u.members.includes(b) && a < b).map((b) => pair(a, b)));
    if (inside.length && !u.split) return { rule: "apart", why: `${inside[0]} must not sit together, and the party ${party} sits together` };
    if (pairs.size) return { rule: "apart", why: `${[...pairs].slice(0, 3).join("; ")} must not sit together, and ${who} has no other table of ${size} left` };
    if (u.forced >= 0) return { rule: "party", why: `The party ${party} sits together at table ${this.p.tables[u.forced]!.name}, which has no ${size} seats left` };
    return { rule: "seats", why: `No table has ${size} ${size === 1 ? "seat" : "seats"} left for ${who}` };
  }
}

/** Propose a plan: every hard rule kept; who could not be seated and why; the soft rules not kept. */
export function propose(input: ProposeInput): Proposal {
  const plan = new Plan(input);
  plan.greedy();
  plan.search(input.iterations ?? 1200 * plan.units.length, random(input.seed ?? 37));
  return describe(plan);
}

export function describe(plan: Plan): Proposal {
  const { guests, tables } = plan.p;
  const assignments: Seat[] = [];
  const unseated: string[] = [];
  guests.forEach((g, i) => (plan.tableOf[i]! >= 0 ? assignments.push({ guestId: g.id, tableId: tables[plan.tableOf[i]!]!.id }) : unseated.push(g.id)));
  const broken: Broken[] = plan.units.filter((u) => u.table < 0).map((u) => ({ ...plan.why(u), guests: u.members.map((m) => guests[m]!.id) }));
  const byId = new Map(guests.map((g) => [g.id, g]));
  const tableOf = new Map(assignments.map((a) => [a.guestId, a.tableId]));
  for (const w of plan.input.rules.together) {
    const present = w.guestIds.filter((id) => byId.has(id));
    const at = new Set(present.map((id) => tableOf.get(id)));
    if (present.length > 1 && (at.size > 1 || at.has(undefined))) broken.push({ rule: "together", guests: present, why: `${names(byId, present)} would like to sit together` });
  }
  const kids = plan.input.rules.kidsTable;
  if (kids) {
    const away = guests.filter((g, i) => plan.p.isKid[i] && tableOf.get(g.id) !== kids.tableId && tableOf.has(g.id)).map((g) => g.id);
    if (away.length) broken.push({ rule: "kids-table", guests: away, why: `${names(byId, away)} ${away.length === 1 ? "is" : "are"} not at the kids' table` });
  }
  // Only the host's fixed seats can break a hard rule (the search never does): said, not hidden.
  for (const h of hardBreaks(guests, tables, plan.input.rules, assignments)) broken.push({ rule: h.rule, guests: h.guests, why: h.why });
  return { assignments, unseated, broken, score: plan.score() };
}
