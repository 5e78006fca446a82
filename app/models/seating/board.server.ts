import { asc, inArray } from "drizzle-orm";
import { events, guests, parties } from "../../../db/schema";
import { db } from "../../db.server";
import { listRules, type SeatingRule } from "./rules.server";
import { seatingState } from "./plan.server";
import { defaultSeatingEventId } from "./tables.server";

/* Issue 37: what /admin/seating shows: the tables, each party with its seats, the rules in words. */

export function seatingEvents() {
  return db.select({ id: events.id, title: events.title }).from(events).orderBy(asc(events.createdAt)).all();
}

export function chosenEventId(asked: string | null) {
  const all = seatingEvents();
  return asked && all.some((e) => e.id === asked) ? asked : defaultSeatingEventId();
}

function ruleWords(rule: SeatingRule, nameOf: Map<string, string>, tableName: Map<string, string>) {
  const who = [...rule.guestIds, ...rule.partyIds].map((id) => nameOf.get(id) ?? "someone no longer invited");
  const list = who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who.at(-1)}` : (who[0] ?? "");
  if (rule.kind === "apart") return `${list} must not sit together`;
  if (rule.kind === "together") return `${list} would like to sit together`;
  if (rule.kind === "split") return `The party ${list} may sit at two neighbouring tables`;
  if (rule.kind === "language") return "Speakers of a language sit together where possible";
  return `Kids' table: ${tableName.get(rule.tableId ?? "") ?? "?"} (${rule.ages.join(", ")})`;
}

export function seatingBoard(eventId: string) {
  const state = seatingState(eventId);
  const tableOf = new Map(state.assignments.map((a) => [a.guestId, a.tableId]));
  const locked = new Set(state.locks);
  const byParty = new Map<string, { partyId: string; name: string; members: Array<{ id: string; name: string; tableId: string | null; locked: boolean }> }>();
  for (const g of state.guests) {
    const p = byParty.get(g.partyId) ?? { partyId: g.partyId, name: g.partyName, members: [] };
    p.members.push({ id: g.id, name: g.name, tableId: tableOf.get(g.id) ?? null, locked: locked.has(g.id) });
    byParty.set(g.partyId, p);
  }
  const rules = listRules(eventId);
  const ids = [...new Set(rules.flatMap((r) => [...r.guestIds, ...r.partyIds]))];
  const nameOf = new Map<string, string>();
  if (ids.length) {
    for (const g of db.select({ id: guests.id, f: guests.firstName, l: guests.lastName }).from(guests).where(inArray(guests.id, ids)).all()) nameOf.set(g.id, `${g.f} ${g.l}`);
    for (const p of db.select({ id: parties.id, name: parties.name }).from(parties).where(inArray(parties.id, ids)).all()) nameOf.set(p.id, p.name);
  }
  const tableName = new Map(state.tables.map((t) => [t.id, t.name]));
  const partyList = [...byParty.values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    ...state,
    parties: partyList,
    rules: rules.map((r) => ({ id: r.id, kind: r.kind, words: ruleWords(r, nameOf, tableName) })),
    // The rule forms' shared list of names: each guest coming and each party.
    names: [...new Set([...state.guests.map((g) => g.name), ...partyList.filter((p) => !p.partyId.startsWith("guest:")).map((p) => p.name)])].sort(),
  };
}

/**
 * What /admin/seating sends (decision 080: under 100 KB at 250 guests): each
 * party's names and where it sits in words; guest ids only for the party whose
 * picker is open; the names the rule forms suggest only while they are open.
 */
export function seatingPageView(eventId: string, open: { party: string | null; rules: boolean }) {
  const { guests: _g, assignments: _a, locks: _l, parties, names, ...board } = seatingBoard(eventId);
  const tableName = new Map(board.tables.map((t) => [t.id, t.name]));
  const view = parties.map((p) => {
    const at = [...new Set(p.members.map((m) => m.tableId))];
    return {
      partyId: p.partyId,
      name: p.name,
      members: p.members.map((m) => m.name).join(", "),
      size: p.members.length,
      where: at.map((t) => (t ? `Table ${tableName.get(t)}` : "Unseated")).join(" + "),
      unseated: at.includes(null),
      locked: p.members.every((m) => m.locked),
    };
  });
  const picked = parties.find((p) => p.partyId === open.party);
  const picker = picked ? { partyId: picked.partyId, name: picked.name, members: picked.members, split: new Set(picked.members.map((m) => m.tableId)).size > 1 } : null;
  return { ...board, parties: view, picker, names: open.rules ? names : [], guestCount: parties.reduce((n, p) => n + p.members.length, 0), seated: _a.length };
}
