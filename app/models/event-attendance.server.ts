import { sql, type SQL } from "drizzle-orm";
import { db } from "../db.server";

/**
 * The Event Attendance list at full size (issue 16): answers filtered by
 * event, status and name, counted and paged in SQL, and only the columns the
 * table shows. Two statements whatever the number of answers.
 */
export type AttendanceFilters = { eventId?: string; search?: string; status?: "attending" | "declined" };

/** Event, search and status, as a WHERE clause over event_rsvps er / parties p / guests g. */
function attendanceWhere(filters: AttendanceFilters, withStatus: boolean): SQL {
  const where: SQL[] = [sql`1`];
  if (filters.eventId) where.push(sql`er.event_id = ${filters.eventId}`);
  const q = filters.search?.trim();
  if (q) {
    const pattern = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(p.name like ${pattern} escape '\\' or (g.first_name || ' ' || g.last_name) like ${pattern} escape '\\')`);
  }
  if (withStatus && filters.status) where.push(sql`er.attending = ${filters.status === "attending" ? 1 : 0}`);
  return sql.join(where, sql` and `);
}

const from = sql`event_rsvps er
  join events e on e.id = er.event_id
  left join parties p on p.id = er.party_id
  left join guests g on g.id = er.guest_id`;

/** Answers the event and search match, by status (the filter's counts), and how many the status filter leaves. */
export function countEventAttendance(filters: AttendanceFilters = {}) {
  const row = db.get<{ all: number; attending: number; declined: number }>(sql`
    select count(*) as "all", coalesce(sum(er.attending = 1), 0) as attending, coalesce(sum(er.attending = 0), 0) as declined
    from ${from}
    where ${attendanceWhere(filters, false)}
  `)!;
  return { ...row, matching: filters.status ? row[filters.status] : row.all };
}

/** One page of answers, newest first: what the table shows and nothing else. */
export function listEventAttendance(filters: AttendanceFilters, window: { offset: number; limit: number }) {
  return db
    .all<{ id: string; eventTitle: string; name: string | null; isParty: number; attending: number; createdAt: string | null }>(sql`
      select er.id as id, e.title as eventTitle,
        coalesce(nullif(p.name, ''), nullif(trim(coalesce(g.first_name, '') || ' ' || coalesce(g.last_name, '')), '')) as name,
        er.party_id is not null as isParty, er.attending as attending, er.created_at as createdAt
      from ${from}
      where ${attendanceWhere(filters, true)}
      order by er.created_at desc, er.id
      limit ${window.limit} offset ${window.offset}
    `)
    .map((r) => ({
      id: r.id,
      eventTitle: r.eventTitle,
      name: r.name ?? "Unknown",
      type: r.isParty ? ("Party" as const) : ("Individual" as const),
      status: r.attending ? ("Attending" as const) : ("Not Attending" as const),
      createdAt: r.createdAt,
    }));
}
