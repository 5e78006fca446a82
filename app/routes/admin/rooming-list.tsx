import { Link } from "react-router";
import type { Route } from "./+types/rooming-list";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
import { DataTable } from "~/components/admin/data-table";
import { formatDate } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { HOTEL_NIGHTS, roomingList } from "~/models/supplier-lists.server";
import { requireAdminPage } from "~/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Rooming List | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { groups: roomingList(), nights: HOTEL_NIGHTS.label, printedAt: new Date().toISOString() };
}

const STATUS = { pending: "Pending", confirmed: "Confirmed", declined: "Declined" } as const;

/** The hotel's rooming list (issue 14): per room type, each party holding rooms that are not declined. */
export default function RoomingList({ loaderData }: Route.ComponentProps) {
  const { groups, nights } = loaderData;
  const units = groups.reduce((n, g) => n + g.units, 0);
  return (
    <>
      <PageHeader
        title="Rooming List"
        description={`For the hotel: ${units} ${units === 1 ? "room" : "rooms"}, nights of ${nights}. Declined rooms are left out.`}
        actions={
          <>
            <Link to="/admin/room-assignments" className="text-sm text-primary underline-offset-4 hover:underline print:hidden">
              Back to Room Assignments
            </Link>
            <PrintButton />
            <CsvLinks href="/admin/rooming-list.csv" />
          </>
        }
      />
      {groups.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-background px-4 py-10 text-center text-sm text-muted-foreground">No rooms assigned yet.</p>
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((g) => (
            <Panel key={g.roomTypeId} title={`${g.roomTypeName} (${g.location})`} description={`${g.units} ${g.units === 1 ? "unit" : "units"}`} className="break-inside-avoid">
              <DataTable
                caption={g.roomTypeName}
                rows={g.rooms}
                rowKey={(r) => r.partyId}
                columns={[
                  { header: "Party", cell: (r) => <span className="font-medium">{r.partyName}</span> },
                  { header: "Guests", cell: (r) => (r.guests.length ? r.guests.join(", ") : <span className="text-muted-foreground">nobody coming</span>) },
                  { header: "Qty", cell: (r) => r.quantity, className: "tabular-nums" },
                  { header: "Nights", cell: (r) => r.nights, className: "whitespace-nowrap" },
                  { header: "Status", cell: (r) => STATUS[r.status] },
                  { header: "Paid", cell: (r) => (r.isPaid ? "Paid" : "Unpaid") },
                  { header: "Pay by", cell: (r) => (r.paymentDeadline ? formatDate(r.paymentDeadline) : "-"), className: "whitespace-nowrap" },
                  {
                    header: "Contact",
                    cell: (r) => (r.phone || r.email ? [r.phone, r.email].filter(Boolean).join(" · ") : "-"),
                    className: "break-all",
                  },
                ]}
              />
            </Panel>
          ))}
        </div>
      )}
    </>
  );
}
