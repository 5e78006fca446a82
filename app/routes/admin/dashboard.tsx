import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { DataTable } from "~/components/admin/data-table";
import { formatCents, formatDate } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { RsvpBadge } from "~/components/admin/status-badge";
import { InvitationFunnel } from "~/components/admin/invitations/funnel";
import { autoReminderPlan } from "~/models/auto-reminder.server";
import { invitationFunnel } from "~/models/invitations.server";
import { dashboardStats, recentRsvps } from "~/models/stats.server";
import { listActivity } from "~/models/activity.server";
import { ActivityList } from "~/components/admin/activity/activity-list";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return {
    stats: dashboardStats(),
    recent: recentRsvps(5),
    activity: listActivity({}, { limit: 5 }),
    funnel: invitationFunnel(),
    plan: autoReminderPlan(),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, recent, activity, funnel, plan } = loaderData;
  const { revenue } = stats;
  return (
    <>
      <PageHeader title="Dashboard" description="Where the answers and the rooms stand today." />

      <section aria-labelledby="rsvps-heading" className="mb-8">
        <h2 id="rsvps-heading" className="mb-3 text-base font-semibold">
          RSVPs
        </h2>
        <StatGrid className="lg:grid-cols-3">
          <StatCard
            label="Total Parties"
            value={stats.totalParties}
            hint={`${stats.parties} ${stats.parties === 1 ? "party" : "parties"}, ${stats.individuals} individual ${stats.individuals === 1 ? "guest" : "guests"}`}
          />
          <StatCard label="Confirmed" value={stats.confirmed} tone="success" percent={pctOf(stats.confirmed, stats.totalParties)} hint="attending" />
          <StatCard label="Pending" value={stats.pending} tone="muted" percent={pctOf(stats.pending, stats.totalParties)} hint="no answer yet" />
          <StatCard label="Declined" value={stats.declined} tone="destructive" percent={pctOf(stats.declined, stats.totalParties)} hint="not attending" />
          <StatCard label="Attendance Rate" value={`${stats.attendanceRate}%`} percent={stats.attendanceRate} hint="of the answers are yes" />
          <StatCard label="Response Rate" value={`${stats.responseRate}%`} percent={stats.responseRate} hint="of invitations answered" />
        </StatGrid>
      </section>

      <div className="mb-8">
        <InvitationFunnel funnel={funnel} plan={plan} />
      </div>

      <section aria-labelledby="guests-heading" className="mb-8">
        <h2 id="guests-heading" className="mb-3 text-base font-semibold">
          Guests attending
        </h2>
        <StatGrid>
          <StatCard label="Total Guests" value={stats.totalGuests} hint="from attending RSVPs" />
          <StatCard label="Adults" value={stats.adults} percent={stats.adultsPercent} hint={`${stats.adultsPercent}% of guests`} />
          <StatCard label="Kids (>2y)" value={stats.kids} percent={stats.kidsPercent} hint={`${stats.kidsPercent}% of guests`} />
          <StatCard label="Babies (≤2y)" value={stats.babies} percent={stats.babiesPercent} hint={`${stats.babiesPercent}% of guests`} />
        </StatGrid>
      </section>

      <section aria-labelledby="revenue-heading" className="mb-8">
        <h2 id="revenue-heading" className="mb-3 text-base font-semibold">
          Room revenue
        </h2>
        <StatGrid>
          <StatCard label="Total Revenue" value={formatCents(revenue.total)} hint="confirmed rooms (2 nights) and charges" />
          <StatCard label="Paid" value={formatCents(revenue.paid)} tone="info" percent={revenue.percentCollected} hint={`${revenue.percentCollected}% collected`} />
          <StatCard
            label="Rooms Paid"
            value={`${revenue.roomsPaid} / ${revenue.roomsConfirmed}`}
            tone="info"
            percent={pctOf(revenue.roomsPaid, revenue.roomsConfirmed)}
            hint="of confirmed rooms"
          />
          <StatCard label="Parties Paid in Full" value={revenue.partiesPaidInFull} tone="info" hint="every confirmed room paid" />
        </StatGrid>
      </section>

      <Panel
        title="Recent RSVPs"
        description="The five latest answers."
        actions={
          <Link to="/admin/rsvps" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            View all
          </Link>
        }
      >
        <DataTable
          caption="Recent RSVPs"
          rows={recent}
          rowKey={(r) => r.id}
          empty="No RSVPs yet."
          columns={[
            { header: "Name", cell: (r) => <span className="font-medium">{r.name}</span> },
            { header: "Type", cell: (r) => (r.partyName ? "Party" : "Individual") },
            { header: "Status", cell: (r) => <RsvpBadge status={r.attending ? "Attending" : "Declined"} /> },
            { header: "Guests", cell: (r) => (r.attending ? r.guestCount : "-"), className: "tabular-nums" },
            { header: "Answered", cell: (r) => formatDate(r.confirmedAt ?? r.updatedAt) },
          ]}
        />
      </Panel>

      <Panel
        className="mt-6"
        title="Latest changes"
        description="The five latest changes, by guests and by you."
        actions={
          <Link to="/admin/activity" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            View all
          </Link>
        }
      >
        <ActivityList items={activity} />
      </Panel>
    </>
  );
}

const pctOf = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 100));
