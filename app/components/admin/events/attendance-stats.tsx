import { StatCard, StatGrid } from "~/components/admin/stat-card";
import type { AttendanceStats } from "~/models/event-rsvps.server";

/** The seven figures of SPEC.md section 4, each share rounded and 0 when nothing to divide by. */
export function AttendanceStatCards({ stats }: { stats: AttendanceStats }) {
  return (
    <StatGrid className="sm:grid-cols-3 lg:grid-cols-4">
      <StatCard label="Attending" value={stats.attending} hint={`${stats.attendingPercent}% of responses`} percent={stats.attendingPercent} tone="success" />
      <StatCard
        label="Not Attending"
        value={stats.notAttending}
        hint={`${stats.notAttendingPercent}% of responses`}
        percent={stats.notAttendingPercent}
        tone="destructive"
      />
      <StatCard label="Total Responses" value={stats.totalResponses} />
      <StatCard label="Total Guests" value={stats.totalGuests} />
      <StatCard label="Adults" value={stats.adults} hint={`${stats.adultsPercent}% of guests`} percent={stats.adultsPercent} />
      <StatCard label="Kids (>2y)" value={stats.kids} hint={`${stats.kidsPercent}% of guests`} percent={stats.kidsPercent} tone="info" />
      <StatCard label="Babies (≤2y)" value={stats.babies} hint={`${stats.babiesPercent}% of guests`} percent={stats.babiesPercent} tone="muted" />
    </StatGrid>
  );
}
