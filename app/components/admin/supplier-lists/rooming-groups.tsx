import { DataTable } from "~/components/admin/data-table";
import { formatDate } from "~/components/admin/format";
import { Panel } from "~/components/admin/page-header";
import { fmt, type Lang } from "~/i18n";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";
import type { RoomingView } from "~/models/supplier-views.server";
import { listDate } from "./list-lang";

/** The rooming list's tables (issue 14), on the admin page and on a shared link (issue 27); in English or Portuguese (decision 071). */
export function RoomingGroups({ groups, lang }: { groups: RoomingView["groups"]; lang: Lang }) {
  const t = supplierListTexts[lang];
  if (groups.length === 0) {
    return <p className="rounded-lg border border-dashed bg-background px-4 py-10 text-center text-sm text-muted-foreground">{t.noRooms}</p>;
  }
  // English dates as the admin prints them ("April 30, 2026"); Portuguese ones as a hotel writes them (30/04/2026).
  const payBy = (date: string | null) => (!date ? "-" : lang === "pt" ? listDate(date, lang) : formatDate(date));
  return (
    <div className="flex flex-col gap-6">
      {groups.map((g) => (
        <Panel key={g.key} title={`${g.roomTypeName} (${g.location})`} description={`${g.units} ${g.units === 1 ? t.unitOne : t.unitMany}`} className="break-inside-avoid">
          <DataTable
            caption={g.roomTypeName}
            rows={g.rooms}
            rowKey={(r) => r.key}
            columns={[
              { header: t.party, cell: (r) => <span className="font-medium">{r.partyName}</span> },
              { header: t.guests, cell: (r) => (r.guests.length ? r.guests.join(", ") : <span className="text-muted-foreground">{t.nobodyComing}</span>) },
              { header: t.qty, cell: (r) => r.quantity, className: "tabular-nums" },
              { header: t.nights, cell: (r) => r.nights, className: "whitespace-nowrap" },
              { header: t.status, cell: (r) => t.statuses[r.status] },
              { header: t.paid, cell: (r) => (r.isPaid ? t.paid : t.unpaid) },
              { header: t.payBy, cell: (r) => payBy(r.paymentDeadline), className: "whitespace-nowrap" },
              {
                header: t.contact,
                cell: (r) => (r.phone || r.email ? [r.phone, r.email].filter(Boolean).join(" · ") : "-"),
                className: "break-all",
              },
            ]}
          />
        </Panel>
      ))}
    </div>
  );
}

export const roomingUnits = (groups: RoomingView["groups"]) => groups.reduce((n, g) => n + g.units, 0);

/** The line under the rooming list's heading: the admin's ("For the hotel: ...") or a live link's. */
export function roomingDescription(view: Pick<RoomingView, "groups" | "nights">, lang: Lang, where: "admin" | "shared") {
  const t = supplierListTexts[lang];
  const units = roomingUnits(view.groups);
  return fmt(where === "admin" ? t.roomingFor : t.roomingShared, { units, rooms: units === 1 ? t.roomOne : t.roomMany, nights: view.nights });
}
