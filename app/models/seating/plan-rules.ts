/*
 * Issue 37 (decision 080): what a seating plan must keep (hard rules) and
 * what makes it better (soft rules, the score). Pure: no database; the
 * proposer, the host's moves and a saved plan are all checked here.
 */

export type AgeGroup = "adult" | "kid" | "baby";

export type SeatGuest = { id: string; name: string; partyId: string; partyName: string; age: AgeGroup; language: string };
/** In floor order: tables next to each other in the list are neighbours. A locked table gets nobody new. */
export type SeatTable = { id: string; name: string; seats: number; locked?: boolean };

export type SeatRules = {
  apart: Array<{ id: string; a: string; b: string }>;
  /** Parties already expanded to their guests. */
  together: Array<{ id: string; guestIds: string[] }>;
  kidsTable: { id: string; tableId: string; ages: AgeGroup[] } | null;
  language: boolean;
  /** Parties that may sit at two neighbouring tables. */
  split: string[];
};

export type Seat = { guestId: string; tableId: string };
export type HardBreak = { rule: "seats" | "apart" | "party" | "table"; tableId?: string; guests: string[]; why: string };

/** The soft rules' weights: seating someone outweighs every wish together. */
export const WEIGHTS = { seated: 1000, together: 10, kid: 3, language: 1, split: -5, stay: 20 } as const;

const list = (names: string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
export const names = (guests: Map<string, SeatGuest>, ids: string[]) => list(ids.map((id) => guests.get(id)?.name ?? id));

/**
 * Every hard rule the plan breaks: a table over its seats, two guests who
 * must not sit together at one table, a party at two tables without leave
 * to split (or, with it, at more than two or not neighbouring), a seat at a
 * table that does not exist.
 */
export function hardBreaks(guestList: SeatGuest[], tables: SeatTable[], rules: SeatRules, seats: Seat[]): HardBreak[] {
  const guests = new Map(guestList.map((g) => [g.id, g]));
  const index = new Map(tables.map((t, i) => [t.id, i]));
  const tableOf = new Map(seats.map((s) => [s.guestId, s.tableId]));
  const out: HardBreak[] = [];
  const atTable = new Map<string, string[]>();
  for (const s of seats) {
    if (!index.has(s.tableId)) out.push({ rule: "table", guests: [s.guestId], why: `${names(guests, [s.guestId])} is at a table that does not exist` });
    else atTable.set(s.tableId, [...(atTable.get(s.tableId) ?? []), s.guestId]);
  }
  for (const t of tables) {
    const at = atTable.get(t.id) ?? [];
    if (at.length > t.seats) out.push({ rule: "seats", tableId: t.id, guests: at, why: `Table ${t.name} has ${t.seats} seats and ${at.length} guests` });
  }
  for (const r of rules.apart) {
    const ta = tableOf.get(r.a);
    if (ta && ta === tableOf.get(r.b)) {
      const table = tables[index.get(ta) ?? -1];
      out.push({ rule: "apart", tableId: ta, guests: [r.a, r.b], why: `${names(guests, [r.a, r.b])} must not sit together (both at table ${table?.name ?? ta})` });
    }
  }
  const split = new Set(rules.split);
  const byParty = new Map<string, string[]>();
  for (const g of guestList) if (tableOf.has(g.id)) byParty.set(g.partyId, [...(byParty.get(g.partyId) ?? []), g.id]);
  for (const [partyId, members] of byParty) {
    const at = [...new Set(members.map((m) => index.get(tableOf.get(m)!) ?? -1))].sort((a, b) => a - b);
    if (at.length < 2) continue;
    const party = guests.get(members[0]!)!.partyName;
    const labels = list(at.map((i) => tables[i]?.name ?? "?"));
    if (!split.has(partyId)) out.push({ rule: "party", guests: members, why: `The party ${party} sits together, but is at tables ${labels}` });
    else if (at.length > 2 || at[1]! - at[0]! > 1) out.push({ rule: "party", guests: members, why: `The party ${party} may split only across two neighbouring tables, but is at tables ${labels}` });
  }
  return out;
}

/** Guests of the plan as indices, for the score and the search. */
export type Indexed = {
  guests: SeatGuest[];
  tables: SeatTable[];
  apartOf: number[][];
  together: number[][];
  kidTable: number;
  isKid: boolean[];
  language: number[];
  languages: number;
  splitParties: number[][];
  stay: Int32Array;
};

export function indexPlan(guests: SeatGuest[], tables: SeatTable[], rules: SeatRules, current: Seat[] = []): Indexed {
  const gi = new Map(guests.map((g, i) => [g.id, i]));
  const ti = new Map(tables.map((t, i) => [t.id, i]));
  const apartOf = guests.map(() => [] as number[]);
  for (const r of rules.apart) {
    const a = gi.get(r.a), b = gi.get(r.b);
    if (a !== undefined && b !== undefined && a !== b) (apartOf[a]!.push(b), apartOf[b]!.push(a));
  }
  const together = rules.together.map((w) => [...new Set(w.guestIds.map((id) => gi.get(id)).filter((i): i is number => i !== undefined))]).filter((w) => w.length > 1);
  const kidTable = rules.kidsTable ? (ti.get(rules.kidsTable.tableId) ?? -1) : -1;
  const ages = new Set(rules.kidsTable?.ages ?? []);
  const langs = [...new Set(guests.map((g) => g.language))].sort();
  const split = new Set(rules.split);
  const parties = new Map<string, number[]>();
  guests.forEach((g, i) => split.has(g.partyId) && parties.set(g.partyId, [...(parties.get(g.partyId) ?? []), i]));
  const stay = new Int32Array(guests.length).fill(-1);
  for (const s of current) {
    const g = gi.get(s.guestId), t = ti.get(s.tableId);
    if (g !== undefined && t !== undefined) stay[g] = t;
  }
  return {
    guests,
    tables,
    apartOf,
    together,
    kidTable,
    isKid: guests.map((g) => kidTable >= 0 && ages.has(g.age)),
    language: rules.language ? guests.map((g) => langs.indexOf(g.language)) : [],
    languages: rules.language ? langs.length : 0,
    splitParties: [...parties.values()],
    stay,
  };
}

/** The plan's score: seated guests, wishes kept, kids at their table, speakers together, split parties, guests left where they were. */
export function score(p: Indexed, tableOf: Int32Array): number {
  let s = 0;
  for (let g = 0; g < tableOf.length; g++) {
    const t = tableOf[g]!;
    if (t < 0) continue;
    s += WEIGHTS.seated;
    if (p.isKid[g] && t === p.kidTable) s += WEIGHTS.kid;
    if (p.stay[g] === t) s += WEIGHTS.stay;
  }
  for (const w of p.together) {
    const t = tableOf[w[0]!]!;
    if (t >= 0 && w.every((g) => tableOf[g] === t)) s += WEIGHTS.together;
  }
  for (const members of p.splitParties) {
    const t = tableOf[members[0]!]!;
    if (members.some((g) => tableOf[g] !== t)) s += WEIGHTS.split;
  }
  if (p.languages > 1) {
    const counts = new Int32Array(p.tables.length * p.languages);
    for (let g = 0; g < tableOf.length; g++) if (tableOf[g]! >= 0) counts[tableOf[g]! * p.languages + p.language[g]!]!++;
    // Each table's largest language group counts: speakers of one language sit together.
    for (let t = 0; t < p.tables.length; t++) {
      let best = 0;
      for (let l = 0; l < p.languages; l++) best = Math.max(best, counts[t * p.languages + l]!);
      s += best * WEIGHTS.language;
    }
  }
  return s;
}
