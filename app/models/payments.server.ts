import { sql, type SQL } from "drizzle-orm";
import { db } from "../db.server";
import { backfillMissingReferences, ledgerPerParty } from "./ledger.server";

/**
 * The Payment Status page at full size (issue 16): parties that have rooms,
 * filtered, counted and paged in SQL, so a page reads 50 parties' rooms and
 * not every assignment of the celebration: the counts and one page of
 * parties, summarised (two statements whatever the number of parties), and
 * the rooms of the one party opened for editing.
 */
export type PartyPaymentStatusKey = "paid" | "partial" | "unpaid" | "credit";

export type PaymentFilters = { search?: string; status?: PartyPaymentStatusKey };

const STATUS_LABEL = { paid: "Paid in Full", partial: "Partially Paid", unpaid: "Unpaid", credit: "Credit" } as const;

/**
 * One row per party with a ledger (rooms, charges or payments), as a
 * subquery: its figures in cents from the ledger (issue 25) and its status,
 * the same rule as ledgerStatus.
 */
const perParty = sql`(
  select l.party_id as party_id, l.party_name as party_name, l.reference as reference, l.due as due, l.paid as paid,
    l.due - l.paid as balance, l.last_payment as last_payment,
    case
      when l.due - l.paid < 0 then 'credit'
      when l.due - l.paid = 0 and l.due > 0 then 'paid'
      when l.paid > 0 then 'partial'
      else 'unpaid'
    end as status,
    (select count(*) from party_room_assignments a where a.party_id = l.party_id) as rooms,
    (select count(*) from party_room_assignments a where a.party_id = l.party_id and a.confirmation_status = 'confirmed') as confirmed
  from ${ledgerPerParty} l
)`;

function searchWhere(search: string | undefined): SQL {
  const q = search?.trim();
  if (!q) return sql`1`;
  const pattern = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`(pp.party_name like ${pattern} escape '\\' or pp.reference like ${pattern} escape '\\')`;
}

/**
 * Parties counted by payment status among those the search matches (the filter
 * options), the number the status filter leaves (for the pages), the parties
 * that owe something (for the "paid in full" share), and the totals in cents.
 */
export function countPartyPayments(filters: PaymentFilters = {}) {
  backfillMissingReferences();
  // The search narrows the counts by status; the totals are over every party.
  const row = db.get<{ all: number; paid: number; partial: number; unpaid: number; credit: number; withConfirmed: number; due: number; received: number; outstanding: number; settled: number }>(sql`
    select coalesce(sum(m), 0) as "all",
      coalesce(sum(m and status = 'paid'), 0) as paid,
      coalesce(sum(m and status = 'partial'), 0) as partial,
      coalesce(sum(m and status = 'unpaid'), 0) as unpaid,
      coalesce(sum(m and status = 'credit'), 0) as credit,
      coalesce(sum(due > 0), 0) as withConfirmed,
      coalesce(sum(due > 0 and balance <= 0), 0) as settled,
      coalesce(sum(due), 0) as due,
      coalesce(sum(paid), 0) as received,
      coalesce(sum(max(balance, 0)), 0) as outstanding
    from (select pp.*, (${searchWhere(filters.search)}) as m from ${perParty} pp)
  `)!;
  const byStatus = { paid: row.paid, partial: row.partial, unpaid: row.unpaid, credit: row.credit };
  return {
    all: row.all,
    byStatus,
    matching: filters.status ? byStatus[filters.status] : row.all,
    withConfirmed: row.withConfirmed,
    totals: { due: row.due, paid: row.received, outstanding: row.outstanding, partiesSettled: row.settled },
  };
}

export type PartyPaymentRow = {
  partyId: string;
  partyName: string;
  reference: string;
  status: PartyPaymentStatusKey;
  rooms: number;
  confirmed: number;
  due: number;
  paid: number;
  balance: number;
  lastPayment: string | null;
};

function partyRows(filters: PaymentFilters, window?: { offset: number; limit: number }) {
  return db
    .all<PartyPaymentRow>(sql`
      select pp.party_id as partyId, pp.party_name as partyName, pp.reference as reference, pp.status as status,
        pp.rooms as rooms, pp.confirmed as confirmed, pp.due as due, pp.paid as paid, pp.balance as balance, pp.last_payment as lastPayment
      from ${perParty} pp
      where ${searchWhere(filters.search)} ${filters.status ? sql`and pp.status = ${filters.status}` : sql``}
      order by pp.party_name, pp.party_id
      ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}
    `)
    .map((p) => ({ ...p, status: STATUS_LABEL[p.status] }));
}

/** One page of parties (by name), summarised from the ledger: due, paid, balance (cents), last payment, status. */
export function listPartyPayments(filters: PaymentFilters, window: { offset: number; limit: number }) {
  return partyRows(filters, window);
}

/** Every party the filters leave, for the CSV. */
export function exportPartyPayments(filters: PaymentFilters) {
  backfillMissingReferences();
  return partyRows(filters);
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
