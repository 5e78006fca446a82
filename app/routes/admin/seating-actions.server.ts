import { applySeating, loadPlan, lockGuests, moveGuests, partyGuestIds, proposeSeating, publishSeating, seatsUsed, swapParties } from "~/models/seating/plan.server";
import { createRule, deleteRule } from "~/models/seating/rules.server";
import { createTable, deleteTable, updateTable } from "~/models/seating/tables.server";
import { applySchema, moveSchema, ruleSchema, swapSchema, tablePatchSchema, tableSchema } from "~/schemas/seating";
import { createHash } from "node:crypto";
import { ConflictError, ValidationError } from "~/utils/errors";
import { parseNamed as parseWith } from "./parse-named.server";

/*
 * /admin/seating's forms (issue 37), each through the model function of its
 * /api route. Guests and parties in the rule forms are typed by name (one
 * shared list of names keeps the page small) and found here.
 */

const str = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const num = (v: string) => (v === "" ? undefined : Number(v));

const tableFields = (form: FormData) => ({ name: str(form, "name"), shape: str(form, "shape") || "round", seats: num(str(form, "seats")), note: str(form, "note"), locked: form.get("locked") === "on" });

export const addTable = (eventId: string, form: FormData) => createTable(parseWith(tableSchema, { eventId, ...tableFields(form) }));
export const saveTable = (form: FormData) => updateTable(str(form, "id"), parseWith(tablePatchSchema, tableFields(form)), seatsUsed);
export const removeTable = (form: FormData) => deleteTable(str(form, "id"), form.get("unseat") === "on");

/** A proposal's fingerprint: "Save this plan" saves it only if proposing again gives the very same plan. */
const fingerprint = (assignments: Array<{ guestId: string; tableId: string }>) =>
  createHash("sha256").update(JSON.stringify(assignments)).digest("base64url").slice(0, 16);

/**
 * The proposal as the page shows it: each table's guests by name, who cannot
 * be seated and why. The plan itself is not sent: the proposer gives the same
 * plan for the same answers, so saving proposes again and checks the fingerprint.
 */
export function propose(eventId: string, form: FormData) {
  const keepLocked = form.get("keepLocked") === "on";
  const plan = proposeSeating(eventId, keepLocked);
  const { coming, tables } = loadPlan(eventId);
  const name = new Map(coming.map((g) => [g.id, g.name]));
  return {
    proposal: {
      keepLocked,
      fingerprint: fingerprint(plan.assignments),
      seated: plan.assignments.length,
      unseated: plan.unseated.length,
      hard: plan.broken.filter((b) => !["together", "kids-table"].includes(b.rule)).map((b) => b.why),
      soft: plan.broken.filter((b) => ["together", "kids-table"].includes(b.rule)).length,
      tables: tables.map((t) => {
        const at = plan.assignments.filter((a) => a.tableId === t.id).map((a) => name.get(a.guestId) ?? "");
        return { id: t.id, name: t.name, seats: t.seats, guests: at.join(", "), count: at.length };
      }),
    },
  };
}

/** "Save this plan": the proposal proposed again; saved as POST /api/seating/apply saves it, unless the answers changed since. */
export function applyFromForm(eventId: string, form: FormData) {
  const plan = proposeSeating(eventId, form.get("keepLocked") === "on");
  if (fingerprint(plan.assignments) !== str(form, "fingerprint")) {
    throw new ConflictError("The answers or the tables changed since this proposal: propose again");
  }
  return applySeating(parseWith(applySchema, { eventId, assignments: plan.assignments }));
}

/** The picker's move (the guests ticked), or a party card dropped on a table (its partyId: everyone of it who comes). */
export function move(eventId: string, form: FormData) {
  const partyId = str(form, "partyId");
  const guestIds = partyId && !form.has("guestId") ? partyGuestIds(eventId, partyId) : form.getAll("guestId").map(String);
  const input = parseWith(moveSchema, { eventId, guestIds, tableId: str(form, "tableId") });
  return moveGuests(eventId, input.guestIds, input.tableId);
}

/** "Swap with…": the two parties trade tables. */
export function swap(eventId: string, form: FormData) {
  const input = parseWith(swapSchema, { eventId, partyId: str(form, "partyId"), with: str(form, "with") });
  return swapParties(eventId, input.partyId, input.with);
}

export const lock = (eventId: string, form: FormData) => lockGuests(eventId, form.getAll("guestId").map(String), form.get("locked") === "1");
export const publish = (eventId: string, form: FormData) => publishSeating(eventId, form.get("published") === "1");

/** A name typed in a rule form: a guest coming (or a party) of this event, found by its exact name. */
function resolve(eventId: string, field: string, name: string, parties: boolean, partyFirst = false) {
  const coming = loadPlan(eventId).coming;
  const lower = name.toLowerCase();
  const guest = partyFirst ? [] : coming.filter((g) => g.name.toLowerCase() === lower);
  if (guest.length === 1) return { guestId: guest[0]!.id };
  if (guest.length > 1) throw new ValidationError(`${field}: two guests are called ${name}`, { [field]: ["Two guests have this name"] });
  const party = parties ? coming.find((g) => g.partyName.toLowerCase() === lower && !g.partyId.startsWith("guest:")) : undefined;
  if (party) return { partyId: party.partyId };
  throw new ValidationError(`${field}: nobody coming is called ${name || "that"}`, { [field]: ["Nobody coming has this name"] });
}

export function addRule(eventId: string, form: FormData) {
  const kind = str(form, "kind");
  const names = [str(form, "first"), str(form, "second")].filter(Boolean);
  const found = names.map((n, i) => resolve(eventId, i ? "second" : "first", n, kind !== "apart", kind === "split"));
  return createRule(
    parseWith(ruleSchema, {
      eventId,
      kind,
      guestIds: found.flatMap((f) => ("guestId" in f ? [f.guestId] : [])),
      partyIds: found.flatMap((f) => ("partyId" in f && f.partyId ? [f.partyId] : [])),
      tableId: str(form, "tableId") || undefined,
      ages: form.getAll("ages").map(String),
    }),
  );
}

export const removeRule = (form: FormData) => deleteRule(str(form, "id"));
