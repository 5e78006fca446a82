import { z } from "zod";
import { idField, optionalText, requiredText } from "./fields";

/* Issue 37: tables, rules and plans as the API and the Seating page take them. */

/** The kinds of db/schema.ts seating_rules (schemas may not import the database module). */
const SEATING_RULE_KINDS = ["apart", "together", "kids-table", "language", "split"] as const;
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const eventIdField = idField("eventId is required");
const idList = (name: string) => z.array(idField(`${name} must be a list of ids`), { error: `${name} must be a list of ids` }).max(500, `${name}: too many`);

export const tableSchema = z.object({
  eventId: eventIdField,
  name: requiredText("Please enter the table's name or number", 60),
  shape: z.enum(["round", "long"], { error: 'shape must be "round" or "long"' }).default("round"),
  seats: z.number({ error: "seats must be a number" }).int("seats must be a whole number").min(1, "seats must be at least 1").max(60, "seats must be at most 60"),
  note: optionalText(200),
  locked: flag("locked").optional(),
});
export type TableInput = z.output<typeof tableSchema>;
/** PATCH /api/tables/{id}: the same fields, any subset (the event stays). */
export const tablePatchSchema = tableSchema.omit({ eventId: true }).partial();
export type TablePatch = z.output<typeof tablePatchSchema>;

export const ruleSchema = z.object({
  eventId: eventIdField,
  kind: z.enum(SEATING_RULE_KINDS, { error: 'kind must be "apart", "together", "kids-table", "language" or "split"' }),
  guestIds: idList("guestIds").optional(),
  partyIds: idList("partyIds").optional(),
  tableId: idField("tableId must be an id").optional(),
  ages: z.array(z.enum(["adult", "kid", "baby"], { error: 'ages must list "adult", "kid" or "baby"' }), { error: "ages must be a list" }).max(3).optional(),
});
export type RuleInput = z.output<typeof ruleSchema>;

export const proposeSchema = z.object({ eventId: eventIdField, keepLocked: flag("keepLocked").optional() });

export const applySchema = z.object({
  eventId: eventIdField,
  assignments: z
    .array(z.object({ guestId: idField("assignments.guestId is required"), tableId: idField("assignments.tableId is required"), locked: flag("assignments.locked").optional() }), {
      error: "assignments must be a list",
    })
    .max(2000, "assignments: too many"),
});
export type ApplyInput = z.output<typeof applySchema>;

export const publishSchema = z.object({ eventId: eventIdField, published: flag("published") });

/** The page's "move": a party (or some of its guests) to a table, or off every table (tableId ""). */
export const moveSchema = z.object({
  eventId: eventIdField,
  guestIds: idList("guestIds").min(1, "guestIds: choose someone"),
  tableId: z.string({ error: "tableId must be an id" }).trim().max(100, "tableId must be an id"),
});

/** The page's "swap": two parties (or guests on their own, "guest:<id>") trade tables. */
export const swapSchema = z.object({
  eventId: eventIdField,
  partyId: idField("partyId is required"),
  with: idField("with: choose the party to swap with"),
});
