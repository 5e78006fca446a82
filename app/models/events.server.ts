import { asc, eq, sql } from "drizzle-orm";
import { events } from "../../db/schema";
import { db, hasChanges, immediate, prepared } from "../db.server";
import { NotFoundError } from "../utils/errors";
import { recordActivity, recordEdit } from "./activity.server";

export type SideEvent = typeof events.$inferSelect;
export type SideEventInput = {
  title: string;
  date: string;
  timeFrom: string;
  timeTo: string;
  description?: string | null;
  hotelGuestsOnly?: boolean;
  // Issue 18: Portuguese texts (null: guests read the English).
  titlePt?: string | null;
  datePt?: string | null;
  timeFromPt?: string | null;
  timeToPt?: string | null;
  descriptionPt?: string | null;
};

export function listEvents({ includeHotelOnly = true }: { includeHotelOnly?: boolean } = {}) {
  return (includeHotelOnly ? allEvents() : eventsForAll()).all();
}

const eventsWhere = (includeHotelOnly: boolean) =>
  db
    .select()
    .from(events)
    .where(includeHotelOnly ? undefined : eq(events.hotelGuestsOnly, false))
    // rowid breaks ties: events made in the same millisecond (the demo seed) keep their order.
    .orderBy(asc(events.createdAt), asc(sql`rowid`))
    .prepare();
// Prepared once: the signed-in guest pages run it on every request (issue 28).
const allEvents = prepared(() => eventsWhere(true));
const eventsForAll = prepared(() => eventsWhere(false));

export function getEvent({ id }: { id: string }) {
  return db.select().from(events).where(eq(events.id, id)).get() ?? null;
}

export function requireEvent({ id }: { id: string }) {
  const event = getEvent({ id });
  if (!event) throw new NotFoundError("Event not found");
  return event;
}

export function createEvent(input: SideEventInput): SideEvent {
  return immediate(() => {
    const row = db.insert(events).values(input).returning().get();
    recordActivity({ actor: "admin", kind: "event", summary: `Event "${row.title}" added (${row.date}, ${row.timeFrom})` });
    return row;
  });
}

export function updateEvent(id: string, changes: Partial<SideEventInput>): SideEvent {
  return immediate(() => {
    const current = requireEvent({ id });
    if (!hasChanges(changes)) return current;
    const row = db.update(events).set(changes).where(eq(events.id, id)).returning().get();
    recordEdit({ kind: "event", what: `Event "${current.title}"`, before: current, after: changes });
    return row;
  });
}

/** Its event RSVPs go with it (ON DELETE CASCADE). */
export function deleteEvent({ id }: { id: string }) {
  return immediate(() => {
    const deleted = db.delete(events).where(eq(events.id, id)).returning({ id: events.id, title: events.title }).get();
    if (!deleted) throw new NotFoundError("Event not found");
    recordActivity({ actor: "admin", kind: "event", summary: `Event "${deleted.title}" deleted` });
    return { id: deleted.id };
  });
}
