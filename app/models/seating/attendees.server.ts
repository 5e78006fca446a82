import { sql } from "drizzle-orm";
import { db } from "../../db.server";
import type { AgeGroup, SeatGuest } from "./plan-rules";

/*
 * Issue 37: who sits at an event's tables, person by person. As the
 * caterer's list counts them (decision 004): each coming member of a party
 * that ticked the event, and each individual guest who ticked it.
 */

type Row = { id: string; firstName: string; lastName: string; age: AgeGroup; language: string; partyId: string | null; partyName: string | null; partyLanguage: string | null };

export function attendees(eventId: string): SeatGuest[] {
  const rows = db.all<Row>(sql`
    select g.id as id, g.first_name as firstName, g.last_name as lastName, g.age_category as age, g.language as language,
      p.id as partyId, p.name as partyName, p.language as partyLanguage
    from event_rsvps er
    join guests g on (er.party_id is not null and g.party_id = er.party_id and coalesce(g.attending, 1) = 1) or g.id = er.guest_id
    left join parties p on p.id = g.party_id
    where er.event_id = ${eventId} and er.attending = 1
    order by g.id
  `);
  const seen = new Set<string>();
  const out: SeatGuest[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const name = `${r.firstName} ${r.lastName}`.trim();
    // A guest without a party is a party of one: the unit the proposer seats.
    out.push({ id: r.id, name, partyId: r.partyId ?? `guest:${r.id}`, partyName: r.partyName ?? name, age: r.age, language: r.partyLanguage ?? r.language });
  }
  return out;
}
