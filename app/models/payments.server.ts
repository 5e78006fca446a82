import { sql, type SQL } from "drizzle-orm";
import { db } from "../db.server";

/**
 * The Payment Status page at full size (issue 16): parties that have rooms,
 * filtered, counted and paged in SQL, so a page reads 50 parties' rooms and
 * not every assignment of the celebration: the counts and one page of
 * parties, summarised (two statements whatever the number of parties), and
 * the rooms of the one party opened for editing.
 */
export type PartyPaymentStatusKey = "paid" | "partial" | "unpaid";

export type PaymentFilters = { search?: string; status?: PartyPaymentStatusKey };

const STATUS_LABEL = { paid: "Paid in Full", partial: "Partially Paid", unpaid: "Unpaid" } as const;

/** One row per party with rooms: its name and payment status (SPEC.md 4), as a subquery. */
const perParty = sql`(
  select p.id as party_id, p.name as party_name,
    case
      when sum(a.confirmation_status = 'confirmed') > 0
        and sum(a.confirmation_status = 'confirmed' and a.is_paid) = sum(a.confirmation_status = 'confirmed') then 'paid'
      when sum(a.confirmation_status = 'confirmed' and a.is_paid) > 0 then 'partial'
      else 'unpaid'
    end as status,
    sum(a.confirmation_status = 'confirmed') > 0 as has_confirmed,
    count(*) as rooms,
    sum(a.confirmation_status = 'confirmed') as confirmed,
    coalesce(sum(case when a.confirmation_status = 'confirmed' then rt.price_per_night * a.quantity end), 0) as total,
    coalesce(sum(case when a.confirmation_status = 'confirmed' and a.is_paid then rt.price_per_night * a.quantity end), 0) as paid_total
  from party_room_assignments a
  join parties p on p.id = a.party_id
  join room_types rt on rt.id = a.room_type_id
  group by p.id
)`;

function searchWhere(search: string | undefined): SQL {
  const q = search?.trim();
  if (!q) return sql`1`;
  const pattern = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`pp.party_name like ${pattern} escape '\\'`;
}

/**
 * Parties counted by payment status among those the search matches (the filter
 * options), the number the status filter leaves (for the pages), and how many
 * parties have a confirmed room at all (for the "paid in full" share).
 */
export function countPartyPayments(filters: PaymentFilters = {}) {
  // The search narrows the counts by status; "with a confirmed room" is over every party.
  const row = db.get<{ all: number; paid: number; partial: number; unpaid: number; withConfirmed: number }>(sql`
    select coalesce(sum(m), 0) as "all",
      coalesce(sum(m and status = 'paid'), 0) as paid,
      coalesce(sum(m and status = 'partial'), 0) as partial,
      coalesce(sum(m and status = 'unpaid'), 0) as unpaid,
      coalesce(sum(has_confirmed), 0) as withConfirmed
    from (select pp.status, pp.has_confirmed, (${searchWhere(filters.search)}) as m from ${perParty} pp)
  `)!;
  const byStatus = { paid: row.paid, partial: row.partial, unpaid: row.unpaid };
  return { all: row.all, byStatus, matching: filters.status ? byStatus[filters.status] : row.all, withConfirmed: row.withConfirmed };
}

/**
 * One page of parties (by name), summarised: rooms, what is due for confirmed
 * rooms, what was received, and the payment status. Only what the list shows.
 */
export function listPartyPayments(filters: PaymentFilters, window: { offset: number; limit: number }) {
  return db
    .all<{ partyId: string; partyName: string; status: PartyPaymentStatusKey; rooms: number; confirmed: number; total: number; paidTotal: number }>(sql`
      select pp.party_id as partyId, pp.party_name as partyName, pp.status as status,
        pp.rooms as rooms, pp.confirmed as confirmed, pp.total as total, pp.paid_total as paidTotal
      from ${perParty} pp
      where ${searchWhere(filters.search)} ${filters.status ? sql`and pp.status = ${filters.status}` : sql``}
      order by pp.party_name, pp.party_id
      limit ${window.limit} offset ${window.offset}
    `)
    .map((p) => ({ ...p, status: STATUS_LABEL[p.status] }));
}

/**
 * One party's rooms with quantity, price, line total and payment, for its card
 * (the paid switches and the inline quantity). `totalUnits` bounds the
 * quantity (SPEC.md 5). Null when the party has no rooms.
 */
export function getPartyPayment(partyId: string) {
  const rooms = db.all<{
    partyName: string;
    assignmentId: string;
    roomTypeName: string;
    quantity: number;
    pricePerNight: number;
    status: "pending" | "confirmed" | "declined";
    isPaid: number;
    paidAt: string | null;
    totalUnits: number;
  }>(sql`
    select p.name as partyName, a.id as assignmentId, rt.name as roomTypeName, a.quantity as quantity,
      rt.price_per_night as pricePerNight, a.confirmation_status as status, a.is_paid as isPaid, a.paid_at as paidAt,
      rt.total_units as totalUnits
    from party_room_assignments a
    join parties p on p.id = a.party_id
    join room_types rt on rt.id = a.room_type_id
    where a.party_id = ${partyId}
    order by rt.name, a.id
  `);
  if (rooms.length === 0) return null;
  const list = rooms.map(({ partyName: _, isPaid, ...r }) => ({ ...r, isPaid: !!isPaid, lineTotal: r.pricePerNight * r.quantity }));
  const billable = list.filter((r) => r.status === "confirmed");
  const paid = billable.filter((r) => r.isPaid);
  return {
    partyId,
    partyName: rooms[0]!.partyName,
    status:
      billable.length > 0 && paid.length === billable.length
        ? STATUS_LABEL.paid
        : paid.length > 0
          ? STATUS_LABEL.partial
          : STATUS_LABEL.unpaid,
    total: billable.reduce((s, r) => s + r.lineTotal, 0),
    paidTotal: paid.reduce((s, r) => s + r.lineTotal, 0),
    rooms: list,
  };
}
