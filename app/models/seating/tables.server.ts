import { and, asc, eq, sql } from "drizzle-orm";
import { events, seatAssignments, seatingTables } from "../../../db/schema";
import { db, immediate } from "../../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../../utils/errors";
import type { TableInput, TablePatch } from "../../schemas/seating";
import { recordActivity, recordEdit } from "../activity.server";

/* Issue 37: an event's tables. Their seats are a hard limit; a table with guests goes only when they are unseated with it. */

export type SeatingTable = typeof seatingTables.$inferSelect;

const eventError = () => new ValidationError("eventId: Unknown event", { eventId: ["Unknown event"] });

/** The event a plan belongs to (any side event; the dinner by default). */
export function requireSeatingEvent(eventId: string) {
  const event = db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) throw eventError();
  return event;
}

/** The dinner: the first event called dinner ("jantar"), else the first event. */
export function defaultSeatingEventId(): string | null {
  const all = db.select({ id: events.id, title: events.title }).from(events).orderBy(asc(events.createdAt), asc(sql`rowid`)).all();
  return (all.find((e) => /dinner|jantar/i.test(e.title)) ?? all[0])?.id ?? null;
}

export function listTables(eventId: string): SeatingTable[] {
  return db.select().from(seatingTables).where(eq(seatingTables.eventId, eventId)).orderBy(asc(seatingTables.position), asc(seatingTables.createdAt)).all();
}

export function requireTable(id: string) {
  const table = db.select().from(seatingTables).where(eq(seatingTables.id, id)).get();
  if (!table) throw new NotFoundError("Table not found");
  return table;
}

const seatedAt = (tableId: string) => db.select({ guestId: seatAssignments.guestId }).from(seatAssignments).where(eq(seatAssignments.tableId, tableId)).all();

export function createTable(input: TableInput) {
  requireSeatingEvent(input.eventId);
  return immediate(() => {
    const last = db.get<{ p: number | null }>(sql`select max(position) as p from seating_tables where event_id = ${input.eventId}`);
    const table = db.insert(seatingTables).values({ ...input, locked: input.locked ?? false, position: (last?.p ?? -1) + 1 }).returning().get();
    recordActivity({ actor: "admin", kind: "seating", summary: `Table ${table.name} added (${table.shape}, ${table.seats} seats)` });
    return table;
  });
}

/** Fewer seats than the guests already at the table is 409 naming the table. */
export function updateTable(id: string, patch: TablePatch, seatedGuests: (tableId: string) => number) {
  return immediate(() => {
    const table = requireTable(id);
    const used = seatedGuests(id);
    if (patch.seats !== undefined && patch.seats < used) {
      throw new ConflictError(`Table ${table.name} has ${used} guests: it cannot have ${patch.seats} seats`, { seats: [`${used} guests sit there`] });
    }
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length) {
      db.update(seatingTables).set(changes).where(eq(seatingTables.id, id)).run();
      recordEdit({ kind: "seating", what: `Table ${table.name}`, before: table, after: changes });
    }
    return requireTable(id);
  });
}

/** A table with guests is deleted only with `unseat` (its guests wait unseated). */
export function deleteTable(id: string, unseat: boolean) {
  return immediate(() => {
    const table = requireTable(id);
    const seated = seatedAt(id).length;
    if (seated && !unseat) throw new ConflictError(`Table ${table.name} has ${seated} ${seated === 1 ? "guest" : "guests"}: delete it with ?unseat=1 to unseat them`);
    db.delete(seatAssignments).where(and(eq(seatAssignments.tableId, id))).run();
    db.delete(seatingTables).where(eq(seatingTables.id, id)).run();
    recordActivity({ actor: "admin", kind: "seating", summary: `Table ${table.name} deleted${seated ? ` (${seated} ${seated === 1 ? "guest" : "guests"} unseated)` : ""}` });
    return { deleted: true, unseated: seated };
  });
}
