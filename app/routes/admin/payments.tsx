import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/payments";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { answerRowIntent, rowInvalid } from "~/routes/admin/action-replies.server";
import { PartyPaymentCard } from "~/components/admin/rooms/party-payment-card";
import { formatEuro } from "~/components/admin/format";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { listRoomAssignments } from "~/models/room-assignments.server";
import { dashboardStats, paymentStatusByParty } from "~/models/stats.server";
import { paymentsActionSchema } from "~/schemas/admin-rooms-assignments";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Payment Status | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  // The inline quantity is bounded by the room type's total units (SPEC.md 5).
  const totalUnits = new Map(listRoomAssignments().map((a) => [a.id, a.roomType.totalUnits]));
  const parties = paymentStatusByParty().map((p) => ({
    ...p,
    rooms: p.rooms.map((r) => ({
      assignmentId: r.assignmentId,
      roomTypeName: r.roomTypeName,
      quantity: r.quantity,
      pricePerNight: r.pricePerNight,
      lineTotal: r.lineTotal,
      status: r.status as "pending" | "confirmed" | "declined",
      isPaid: r.isPaid,
      paidAt: r.paidAt,
      totalUnits: totalUnits.get(r.assignmentId) ?? 100,
    })),
  }));
  return { parties, revenue: dashboardStats().revenue };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: paymentsActionSchema });
  if (submission.status !== "success") return rowInvalid(request, formData, submission.error);
  return answerRowIntent(request, formData, submission.value);
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { parties, revenue } = loaderData;
  const outstanding = revenue.total - revenue.paid;
  const withConfirmedRooms = parties.filter((p) => p.rooms.some((r) => r.status === "confirmed")).length;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Payment Status"
        description="Room payments for the two-night stay (June 12-13, 2026). Prices cover both nights; only confirmed rooms are due."
      />
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals for the event
        </h2>
        <StatGrid>
          <StatCard label="Total Due" value={formatEuro(revenue.total)} hint={`${revenue.roomsConfirmed} confirmed rooms`} />
          <StatCard
            label="Received"
            value={formatEuro(revenue.paid)}
            hint={`${revenue.percentCollected}% collected`}
            percent={revenue.percentCollected}
            tone="info"
          />
          <StatCard label="Outstanding" value={formatEuro(outstanding)} hint={`${revenue.roomsConfirmed - revenue.roomsPaid} rooms unpaid`} tone="muted" />
          <StatCard
            label="Parties Paid in Full"
            value={revenue.partiesPaidInFull}
            hint={`of ${withConfirmedRooms} with confirmed rooms`}
            percent={withConfirmedRooms ? Math.round((revenue.partiesPaidInFull / withConfirmedRooms) * 100) : 0}
            tone="success"
          />
        </StatGrid>
      </section>
      {parties.length === 0 ? (
        <Panel>
          <p className="text-sm text-muted-foreground">No rooms have been assigned yet.</p>
        </Panel>
      ) : (
        <div className="flex flex-col gap-4">
          {parties.map((party) => (
            <PartyPaymentCard key={party.partyId} party={party} />
          ))}
        </div>
      )}
    </div>
  );
}
