import { and, eq, inArray } from "drizzle-orm";
import { recordActivity } from "../activity.server";
import { guests, seatAssignments, seatingPlans } from "../../../db/schema";
import { db, immediate } from "../../db.server";
import { ConflictError, ValidationError } from "../../utils/errors";
import type { ApplyInput } from "../../schemas/seating";
import { attendees } from "./attendees.server";
import { hardBreaks, type HardBreak, type Seat, type SeatGuest, type SeatTable } from "./plan-rules";
import { propose } from "./proposer";
import { seatRules } from "./rules.server";
import { listTables, requireSeatingEvent, type SeatingTable } from "./tables.server";

/*
 * Issue 37: an event's saved plan. Only guests still coming hold a seat: a
 * guest who stops coming frees it, a newcomer waits unseated, and the host
 * is warned; nothing moves by itself. Every save and move keeps the hard rules.
 */

type Stored = typeof seatAssignments.$inferSelect;

const storedSeats = (eventId: string): Stored[] => db.select().from(seatAssignments).where(eq(seatAssignments.eventId, eventId)).all();
const asSeatTables = (tables: SeatingTable[]): SeatTable[] => tables.map((t) => ({ id: t.id, name: t.name, seats: t.seats, locked: t.locked }));

/** Everything one plan needs: who comes, the tables, the rules, the seats of those still coming. */
export function loadPlan(eventId: string) {
  requireSeatingEvent(eventId);
  const coming = attendees(eventId);
  const ids = new Set(coming.map((g) => g.id));
  const tables = listTables(eventId);
  const stored = storedSeats(eventId);
  return { eventId, coming, tables, rules: seatRules(eventId, coming), stored, seats: stored.filter((s) => ids.has(s.guestId)) };
}
type Loaded = ReturnType<typeof loadPlan>;

export type SeatingWarning = { kind: "freed" | "unseated" | HardBreak["rule"]; guests: string[]; tableId?: string; message: string };

/** What changed since the plan was saved, and any hard rule the saved plan breaks now. */
export function warnings(plan: Loaded): SeatingWarning[] {
  const out: SeatingWarning[] = [];
  const ids = new Set(plan.coming.map((g) => g.id));
  const tableName = new Map(plan.tables.map((t) => [t.id, t.name]));
  const gone = plan.stored.filter((s) => !ids.has(s.guestId));
  if (gone.length) {
    const rows = db.select({ id: guests.id, first: guests.firstName, last: guests.lastName }).from(guests).where(inArray(guests.id, gone.map((s) => s.guestId))).all();
    const name = new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`]));
    for (const s of gone) out.push({ kind: "freed", guests: [s.guestId], tableId: s.tableId, message: `${name.get(s.guestId) ?? "A guest"} no longer comes: a seat at table ${tableName.get(s.tableId)} is free` });
  }
  const seated = new Set(plan.seats.map((s) => s.guestId));
  const waiting = plan.coming.filter((g) => !seated.has(g.id));
  for (const members of groupBy(waiting, (g) => g.partyId).values()) {
    const who = members.map((g) => g.name).join(", ");
    out.push({ kind: "unseated", guests: members.map((g) => g.id), message: `${who} (${members[0]!.partyName}) ${members.length === 1 ? "comes and has" : "come and have"} no seat yet` });
  }
  for (const b of hardBreaks(plan.coming, asSeatTables(plan.tables), plan.rules, plan.seats)) out.push({ kind: b.rule, guests: b.guests, tableId: b.tableId, message: b.why });
  return out;
}

function groupBy<T>(items: T[], key: (t: T) => string) {
  const by = new Map<string, T[]>();
  for (const i of items) by.set(key(i), [...(by.get(key(i)) ?? []), i]);
  return by;
}

export function isPublished(eventId: string) {
  return db.select().from(seatingPlans).where(eq(seatingPlans.eventId, eventId)).get()?.published ?? false;
}

/** GET /api/seating: the tables with their seats used, the seats, the locks, the warnings, published or not. */
export function seatingState(eventId: string) {
  const plan = loadPlan(eventId);
  const used = new Map<string, number>();
  for (const s of plan.seats) used.set(s.tableId, (used.get(s.tableId) ?? 0) + 1);
  return {
    eventId,
    tables: plan.tables.map((t) => ({ id: t.id, name: t.name, shape: t.shape, seats: t.seats, note: t.note, locked: t.locked, seatsUsed: used.get(t.id) ?? 0 })),
    assignments: plan.seats.map((s) => ({ guestId: s.guestId, tableId: s.tableId })),
    locks: plan.seats.filter((s) => s.locked).map((s) => s.guestId),
    warnings: warnings(plan),
    published: isPublished(eventId),
    guests: plan.coming.map((g) => ({ id: g.id, name: g.name, partyId: g.partyId, partyName: g.partyName, age: g.age })),
  };
}

/** POST /api/seating/propose: nothing saved. keepLocked (the default): locked guests and tables stay, the others move little. */
export function proposeSeating(eventId: string, keepLocked = true) {
  const plan = loadPlan(eventId);
  const lockedTables = new Set(plan.tables.filter((t) => t.locked).map((t) => t.id));
  const fixed = keepLocked ? plan.seats.filter((s) => s.locked || lockedTables.has(s.tableId)) : [];
  const tables = asSeatTables(plan.tables).map((t) => (keepLocked ? t : { ...t, locked: false }));
  return propose({ guests: plan.coming, tables, rules: plan.rules, fixed, current: keepLocked ? plan.seats : [] });
}

/** A 409 naming the rule and the guests (or the table over its seats). */
function conflict(plan: Loaded, breaks: HardBreak[]) {
  const b = breaks[0]!;
  return new ConflictError(b.why, { [b.rule === "seats" ? "tableId" : "guestIds"]: [b.why] });
}

function save(plan: Loaded, seats: Array<Seat & { locked: boolean }>, touched: Set<string> | null) {
  const breaks = hardBreaks(plan.coming, asSeatTables(plan.tables), plan.rules, seats).filter(
    (b) => !touched || b.guests.some((g) => touched.has(g)) || (b.tableId && seats.some((s) => touched.has(s.guestId) && s.tableId === b.tableId)),
  );
  if (breaks.length) throw conflict(plan, breaks);
  db.delete(seatAssignments).where(eq(seatAssignments.eventId, plan.eventId)).run();
  for (let i = 0; i < seats.length; i += 200) {
    const chunk = seats.slice(i, i + 200).map((s) => ({ eventId: plan.eventId, guestId: s.guestId, tableId: s.tableId, locked: s.locked }));
    if (chunk.length) db.insert(seatAssignments).values(chunk).run();
  }
}

/** POST /api/seating/apply: the whole plan, all or nothing; a hard rule broken is 409 naming it. */
export function applySeating(input: ApplyInput) {
  immediate(() => {
    const plan = loadPlan(input.eventId);
    const coming = new Set(plan.coming.map((g) => g.id));
    const tables = new Set(plan.tables.map((t) => t.id));
    const seen = new Set<string>();
    input.assignments.forEach((a, i) => {
      if (!coming.has(a.guestId)) throw new ValidationError(`assignments.${i}.guestId: not coming to this event`, { [`assignments.${i}.guestId`]: ["Not coming to this event"] });
      if (!tables.has(a.tableId)) throw new ValidationError(`assignments.${i}.tableId: unknown table for this event`, { [`assignments.${i}.tableId`]: ["Unknown table for this event"] });
      if (seen.has(a.guestId)) throw new ValidationError(`assignments.${i}.guestId: listed twice`, { [`assignments.${i}.guestId`]: ["Listed twice"] });
      seen.add(a.guestId);
    });
    save(plan, input.assignments.map((a) => ({ ...a, locked: a.locked ?? false })), null);
    recordActivity({ actor: "admin", kind: "seating", summary: `Seating plan saved: ${input.assignments.length} of ${plan.coming.length} guests seated` });
  });
  return seatingState(input.eventId);
}

/** 400 naming the first of these guests who is not coming to the plan's event. */
function requireComing(plan: Loaded, guestIds: string[], field: string) {
  const coming = new Set(plan.coming.map((g) => g.id));
  const bad = guestIds.findIndex((id) => !coming.has(id));
  if (bad >= 0) throw new ValidationError(`${field}.${bad}: not coming to this event`, { [`${field}.${bad}`]: ["Not coming to this event"] });
}

/** The host's move: these guests to a table ("" unseats them). Only the rules the move touches are checked (409 naming them). */
export function moveGuests(eventId: string, guestIds: string[], tableId: string) {
  immediate(() => {
    const plan = loadPlan(eventId);
    requireComing(plan, guestIds, "guestIds");
    if (tableId && !plan.tables.some((t) => t.id === tableId)) throw new ValidationError("tableId: unknown table for this event", { tableId: ["Unknown table for this event"] });
    const moving = new Set(guestIds);
    const kept = plan.seats.filter((s) => !moving.has(s.guestId)).map((s) => ({ guestId: s.guestId, tableId: s.tableId, locked: s.locked }));
    const moved = tableId ? guestIds.map((guestId) => ({ guestId, tableId, locked: plan.seats.find((s) => s.guestId === guestId)?.locked ?? false })) : [];
    save(plan, [...kept, ...moved], moving);
    const table = plan.tables.find((t) => t.id === tableId);
    recordActivity({ actor: "admin", kind: "seating", summary: `${guestIds.length} ${guestIds.length === 1 ? "guest" : "guests"} ${table ? `moved to table ${table.name}` : "unseated"}` });
  });
  return seatingState(eventId);
}

/** The one table these guests sit at ("" for none); a party at two tables is 400: gather it first. */
function tableOfGroup(plan: Loaded, guestIds: string[], field: string) {
  const at = new Set(guestIds.map((id) => plan.seats.find((s) => s.guestId === id)?.tableId ?? ""));
  if (at.size > 1) throw new ValidationError(`${field}: sits at more than one table; gather the party first`, { [field]: ["Sits at more than one table; gather the party first"] });
  return [...at][0] ?? "";
}

/** Who of a party (or the guest on their own, "guest:<id>") comes: 400 naming the field when nobody does. */
function comingOf(plan: Loaded, partyId: string, field: string) {
  const ids = plan.coming.filter((g) => g.partyId === partyId).map((g) => g.id);
  if (!ids.length) throw new ValidationError(`${field}: nobody of this party comes to this event`, { [field]: ["Nobody of this party comes to this event"] });
  return ids;
}

/** The guests of a party who come to the event: what a party card dropped on a table moves. */
export const partyGuestIds = (eventId: string, partyId: string) => comingOf(loadPlan(eventId), partyId, "partyId");

/**
 * The host's swap: two parties trade tables at once (either may be
 * unseated). Only the rules the swap touches are checked (409 naming the
 * rule and the guests); locks go with the guests.
 */
export function swapParties(eventId: string, partyId: string, withId: string) {
  immediate(() => {
    const plan = loadPlan(eventId);
    const [first, second] = [comingOf(plan, partyId, "partyId"), comingOf(plan, withId, "with")];
    const [from, to] = [tableOfGroup(plan, first, "partyId"), tableOfGroup(plan, second, "with")];
    if (from === to) throw new ValidationError("with: already at the same table", { with: ["Already at the same table"] });
    const touched = new Set([...first, ...second]);
    const lockOf = new Map(plan.seats.map((s) => [s.guestId, s.locked]));
    const kept = plan.seats.filter((s) => !touched.has(s.guestId)).map((s) => ({ guestId: s.guestId, tableId: s.tableId, locked: s.locked }));
    const seat = (ids: string[], tableId: string) => (tableId ? ids.map((guestId) => ({ guestId, tableId, locked: lockOf.get(guestId) ?? false })) : []);
    save(plan, [...kept, ...seat(first, to), ...seat(second, from)], touched);
    const name = (t: string) => (t ? `table ${plan.tables.find((x) => x.id === t)?.name}` : "no table");
    recordActivity({ actor: "admin", kind: "seating", summary: `Seats swapped: ${first.length} to ${name(to)}, ${second.length} to ${name(from)}` });
  });
  return seatingState(eventId);
}

/** Lock or unlock these guests' seats (a proposal keeps locked seats). */
export function lockGuests(eventId: string, guestIds: string[], locked: boolean) {
  requireSeatingEvent(eventId);
  if (guestIds.length) {
    immediate(() => {
      db.update(seatAssignments).set({ locked }).where(and(eq(seatAssignments.eventId, eventId), inArray(seatAssignments.guestId, guestIds))).run();
      recordActivity({ actor: "admin", kind: "seating", summary: `${guestIds.length} ${guestIds.length === 1 ? "seat" : "seats"} ${locked ? "locked" : "unlocked"}` });
    });
  }
  return seatingState(eventId);
}

/** PATCH /api/seating: publish the plan to guests, or take it back. */
export function publishSeating(eventId: string, published: boolean) {
  requireSeatingEvent(eventId);
  immediate(() => {
    const was = isPublished(eventId);
    db.insert(seatingPlans).values({ eventId, published }).onConflictDoUpdate({ target: seatingPlans.eventId, set: { published } }).run();
    if (was !== published) recordActivity({ actor: "admin", kind: "seating", summary: published ? "Seating plan published to guests" : "Seating plan taken back from guests" });
  });
  return seatingState(eventId);
}

/** Whether any event's plan is published to guests. */
export const anyPlanPublished = () => db.select({ eventId: seatingPlans.eventId }).from(seatingPlans).where(eq(seatingPlans.published, true)).limit(1).get() !== undefined;

/** /my-rsvp: per published plan, the tables of these guests who are coming (names, in table order). */
export function publishedTables(guestIds: string[]): Array<{ eventId: string; tables: string[] }> {
  if (!guestIds.length) return [];
  const published = db.select().from(seatingPlans).where(eq(seatingPlans.published, true)).all();
  const out = [];
  for (const p of published) {
    const plan = loadPlan(p.eventId);
    const mine = new Set(plan.seats.filter((s) => guestIds.includes(s.guestId)).map((s) => s.tableId));
    const tables = plan.tables.filter((t) => mine.has(t.id)).map((t) => t.name);
    if (tables.length) out.push({ eventId: p.eventId, tables });
  }
  return out;
}

export type { SeatGuest };

/** Guests still coming who sit at this table (a table's seats may not drop below it). */
export function seatsUsed(tableId: string) {
  const row = db.select({ eventId: seatAssignments.eventId }).from(seatAssignments).where(eq(seatAssignments.tableId, tableId)).get();
  return row ? loadPlan(row.eventId).seats.filter((s) => s.tableId === tableId).length : 0;
}
