import { eq } from "drizzle-orm";
import { eventConfig } from "../../db/schema";
import { db, hasChanges, immediate } from "../db.server";
import { recordEdit } from "./activity.server";
import { getEventConfig, mergePayment, type EventConfig, type EventConfigUpdate } from "./event-config.server";

/*
 * The host's change of the event configuration, logged with its person
 * (issue 36). Apart from event-config.server.ts because the activity log's
 * host notices read the configuration: reading it must not need the log.
 */
export function updateEventConfig(changes: EventConfigUpdate): EventConfig {
  return immediate(() => {
    const current = getEventConfig();
    if (!hasChanges(changes)) return current;
    const { payment, ...rest } = changes;
    const set: Partial<EventConfig> = { ...rest };
    if (payment !== undefined) set.payment = mergePayment(current.payment, payment);
    const row = db.update(eventConfig).set(set).where(eq(eventConfig.id, "default")).returning().get();
    recordEdit({ kind: "settings", what: "Event configuration", before: current, after: set });
    return row;
  });
}
