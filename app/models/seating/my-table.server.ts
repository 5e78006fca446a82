import { eq } from "drizzle-orm";
import { events, guests } from "../../../db/schema";
import { db } from "../../db.server";
import type { GuestIdentity } from "../identity";
import { localizeEvent } from "../host-texts";
import { anyPlanPublished, publishedTables } from "./plan.server";

/** /my-rsvp (issue 37): per published plan, the event's title in `lang` and the tables of this party or guest. Unpublished plans stay the host's. */
export function myTables(identity: GuestIdentity, lang: "en" | "pt") {
  // Most of the time no plan is published: one query, then nothing more (a guest page's query budget).
  if (!anyPlanPublished()) return [];
  const ids = identity.type === "party" ? db.select({ id: guests.id }).from(guests).where(eq(guests.partyId, identity.id)).all().map((g) => g.id) : [identity.id];
  return publishedTables(ids).map((p) => {
    const event = db.select().from(events).where(eq(events.id, p.eventId)).get()!;
    return { title: localizeEvent(event, lang).title, tables: p.tables };
  });
}
