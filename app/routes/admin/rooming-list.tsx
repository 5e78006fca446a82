import { Link } from "react-router";
import type { Route } from "./+types/rooming-list";
import { CsvLinks, PrintButton } from "~/components/admin/csv-links";
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
              <div className="overflow-x-auto">
                <table className="w-full min-w-[44rem] text-left text-sm">
                  <caption className="sr-only">{g.roomTypeName}</caption>
                  <thead className="border-b text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-medium">Party</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Guests</th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">Qty</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Nights</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Paid</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Pay by</th>
                      <th scope="col" className="py-2 font-medium">Contact</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y align-top">
                    {g.rooms.map((r) => (
                      <tr key={r.partyId} data-testid="rooming-row">
                        <td className="py-2 pr-3 font-medium">{r.partyName}</td>
                        <td className="py-2 pr-3">{r.guests.length ? r.guests.join(", ") : <span className="text-muted-foreground">nobody coming</span>}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{r.quantity}</td>
                        <td className="py-2 pr-3 whitespace-nowrap">{r.nights}</td>
                        <td className="py-2 pr-3">{STATUS[r.status]}</td>
                        <td className="py-2 pr-3">{r.isPaid ? "Paid" : "Unpaid"}</td>
                        <td className="py-2 pr-3 whitespace-nowrap">{r.paymentDeadline ? formatDate(r.paymentDeadline) : "-"}</td>
                        <td className="py-2 break-all">
                          {r.phone ?? ""}
                          {r.phone && r.email ? <br /> : null}
                          {r.email ?? ""}
                          {!r.phone && !r.email ? "-" : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Panel>
          ))}
        </div>
      )}
    </>
  );
}
