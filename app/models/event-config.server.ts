import { eq } from "drizzle-orm";
import { eventConfig } from "../../db/schema";
import { db, hasChanges, prepared } from "../db.server";
import { DEFAULT_EVENT_CONFIG } from "./seed.server";

export type EventConfig = typeof eventConfig.$inferSelect;
export type EventConfigUpdate = Partial<Omit<EventConfig, "id" | "updatedAt">>;

const byId = prepared(() => db.select().from(eventConfig).where(eq(eventConfig.id, "default")).prepare());

export function getEventConfig(): EventConfig {
  const row = byId().get();
  if (row) return row;
  // Only reachable if someone deleted the row by hand: recreate the defaults.
  db.insert(eventConfig).values(DEFAULT_EVENT_CONFIG).onConflictDoNothing().run();
  return byId().get()!;
}

export function updateEventConfig(changes: EventConfigUpdate): EventConfig {
  const current = getEventConfig();
  if (!hasChanges(changes)) return current;
  return db.update(eventConfig).set(changes).where(eq(eventConfig.id, "default")).returning().get();
}
