import { and, asc, eq, inArray } from "drizzle-orm";
import { recordActivity } from "../activity.server";
import { guests, parties, seatingRules, seatingTables } from "../../../db/schema";
import { db, immediate } from "../../db.server";
import { NotFoundError, ValidationError } from "../../utils/errors";
import type { RuleInput } from "../../schemas/seating";
import type { AgeGroup, SeatGuest, SeatRules } from "./plan-rules";
import { requireSeatingEvent } from "./tables.server";

/* Issue 37: the host's seating rules of one event, checked when set, and as the proposer takes them. */

export type SeatingRule = typeof seatingRules.$inferSelect;

const refuse = (field: string, message: string) => new ValidationError(`${field}: ${message}`, { [field]: [message] });

export function listRules(eventId: string): SeatingRule[] {
  return db.select().from(seatingRules).where(eq(seatingRules.eventId, eventId)).orderBy(asc(seatingRules.createdAt)).all();
}

function checkIds(field: "guestIds" | "partyIds", ids: string[]) {
  if (new Set(ids).size !== ids.length) throw refuse(field, "An id is listed twice");
  if (!ids.length) return;
  const table = field === "guestIds" ? guests : parties;
  const found = new Set(db.select({ id: table.id }).from(table).where(inArray(table.id, ids)).all().map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw refuse(field, `Unknown ${field === "guestIds" ? "guest" : "party"} ${missing}`);
}

/**
 * "apart": exactly two guests. "together": two or more guests or parties.
 * "kids-table": a table of this event (ages: kids by default). "split": one
 * or more parties. "language": nothing more (one per event).
 */
const RULE_WORDS: Record<SeatingRule["kind"], string> = {
  apart: "two guests must not sit together",
  together: "guests would like to sit together",
  "kids-table": "a table for children",
  language: "speakers of a language together",
  split: "a party may split",
};

export function createRule(input: RuleInput): SeatingRule {
  requireSeatingEvent(input.eventId);
  const guestIds = input.guestIds ?? [];
  const partyIds = input.partyIds ?? [];
  checkIds("guestIds", guestIds);
  checkIds("partyIds", partyIds);
  let tableId: string | null = null;
  let ages: AgeGroup[] = [];
  if (input.kind === "apart" && guestIds.length !== 2) throw refuse("guestIds", "An apart rule names exactly two guests");
  if (input.kind === "together" && guestIds.length + partyIds.length < 2) throw refuse("guestIds", "Name at least two guests or parties who would like to sit together");
  if (input.kind === "split" && !partyIds.length) throw refuse("partyIds", "Name the party that may split");
  if (input.kind === "kids-table") {
    if (!input.tableId) throw refuse("tableId", "Choose the kids' table");
    const table = db.select().from(seatingTables).where(and(eq(seatingTables.id, input.tableId), eq(seatingTables.eventId, input.eventId))).get();
    if (!table) throw refuse("tableId", "Unknown table for this event");
    tableId = table.id;
    ages = input.ages?.length ? [...new Set(input.ages)] : ["kid"];
  }
  return immediate(() => {
    const same = listRules(input.eventId).find((r) => r.kind === input.kind && (input.kind === "language" || input.kind === "kids-table"));
    if (same) db.delete(seatingRules).where(eq(seatingRules.id, same.id)).run();
    const rule = db.insert(seatingRules).values({ eventId: input.eventId, kind: input.kind, guestIds, partyIds, tableId, ages }).returning().get();
    recordActivity({ actor: "admin", kind: "seating", summary: `Seating rule added: ${RULE_WORDS[input.kind]}` });
    return rule;
  });
}

export function deleteRule(id: string) {
  const rule = db.select().from(seatingRules).where(eq(seatingRules.id, id)).get();
  if (!rule) throw new NotFoundError("Seating rule not found");
  immediate(() => {
    db.delete(seatingRules).where(eq(seatingRules.id, id)).run();
    recordActivity({ actor: "admin", kind: "seating", summary: `Seating rule removed: ${RULE_WORDS[rule.kind]}` });
  });
  return { deleted: true };
}

/** The stored rules as the proposer and the checks take them: parties expanded to the guests coming. */
export function seatRules(eventId: string, coming: SeatGuest[]): SeatRules {
  const rules = listRules(eventId);
  const membersOf = (partyId: string) => coming.filter((g) => g.partyId === partyId).map((g) => g.id);
  const kids = rules.find((r) => r.kind === "kids-table" && r.tableId);
  return {
    apart: rules.filter((r) => r.kind === "apart").map((r) => ({ id: r.id, a: r.guestIds[0]!, b: r.guestIds[1]! })),
    together: rules.filter((r) => r.kind === "together").map((r) => ({ id: r.id, guestIds: [...r.guestIds, ...r.partyIds.flatMap(membersOf)] })),
    kidsTable: kids ? { id: kids.id, tableId: kids.tableId!, ages: kids.ages as AgeGroup[] } : null,
    language: rules.some((r) => r.kind === "language"),
    split: rules.filter((r) => r.kind === "split").flatMap((r) => r.partyIds),
  };
}
