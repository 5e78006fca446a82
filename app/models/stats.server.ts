import { desc, eq, sql } from "drizzle-orm";
import { guests, parties, rsvps } from "../../db/schema";
import { db } from "../db.server";
import { ledgerPerParty } from "./ledger.server";

const pct = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 100));

/**
 * SPEC.md section 9, computed in SQL. An "invitation" is a party or an
 * individual guest (a guest with no party): each answers one RSVP.
 */
export function dashboardStats() {
  const r = db.get<{
    parties: number;
    individuals: number;
    confirmed: number;
    declined: number;
    adults: number;
    kids: number;
    babies: number;
  }>(sql`
    select
      (select count(*) from parties) as parties,
      (select count(*) from guests where party_id is null) as individuals,
      (select count(*) from rsvps where attending = 1) as confirmed,
      (select count(*) from rsvps where attending = 0) as declined,
      (select coalesce(sum(adults_count), 0) from rsvps where attending = 1) as adults,
      (select coalesce(sum(kids_count), 0) from rsvps where attending = 1) as kids,
      (select coalesce(sum(babies_count), 0) from rsvps where attending = 1) as babies
  `)!;
  const rooms = db.get<{ roomsPaid: number; roomsConfirmed: number }>(sql`
    select
      coalesce(sum(case when a.is_paid = 1 then a.quantity else 0 end), 0) as roomsPaid,
      coalesce(sum(a.quantity), 0) as roomsConfirmed
    from party_room_assignments a
    where a.confirmation_status = 'confirmed'
  `)!;
  // Issue 25: the money comes from the ledger, in cents: due (confirmed rooms and charges), paid (payments booked).
  const money = db.get<{ total: number; paid: number; paidInFull: number }>(sql`
    select coalesce(sum(due), 0) as total, coalesce(sum(paid), 0) as paid, coalesce(sum(due > 0 and paid >= due), 0) as paidInFull
    from ${ledgerPerParty}
  `)!;
  const totalParties = r.parties + r.individuals;
  const responded = r.confirmed + r.declined;
  const pending = Math.max(0, totalParties - responded);
  const totalGuests = r.adults + r.kids + r.babies;
  return {
    totalParties,
    parties: r.parties,
    individuals: r.individuals,
    confirmed: r.confirmed,
    pending,
    declined: r.declined,
    attendanceRate: pct(r.confirmed, responded),
    responseRate: pct(totalParties - pending, totalParties),
    totalGuests,
    adults: r.adults,
    kids: r.kids,
    babies: r.babies,
    adultsPercent: pct(r.adults, totalGuests),
    kidsPercent: pct(r.kids, totalGuests),
    babiesPercent: pct(r.babies, totalGuests),
    /** In cents (issue 25): total due and paid from the ledger; rooms paid counts the rooms' flags. */
    revenue: {
      total: money.total,
      paid: money.paid,
      percentCollected: pct(money.paid, money.total),
      roomsPaid: rooms.roomsPaid,
      roomsConfirmed: rooms.roomsConfirmed,
      partiesPaidInFull: money.paidInFull,
    },
  };
}

/** The five most recent answers, with who gave them. */
export function recentRsvps(limit = 5) {
  return db
    .select({
      id: rsvps.id,
      attending: rsvps.attending,
      guestCount: rsvps.guestCount,
      confirmedAt: rsvps.confirmedAt,
      updatedAt: rsvps.updatedAt,
      partyName: parties.name,
      firstName: guests.firstName,
      lastName: guests.lastName,
    })
    .from(rsvps)
    .leftJoin(parties, eq(parties.id, rsvps.partyId))
    .leftJoin(guests, eq(guests.id, rsvps.guestId))
    .orderBy(desc(rsvps.updatedAt), desc(sql`${rsvps}.rowid`))
    .limit(limit)
    .all()
    .map((r) => ({
      ...r,
      name: r.partyName ?? ([r.firstName, r.lastName].filter(Boolean).join(" ") || "Unknown"),
    }));
}

/** Payment Status: per party, its confirmed rooms' lines and whether they are paid. */
export function paymentStatusByParty() {
  const rows = db.all<{
    partyId: string;
    partyName: string;
    assignmentId: string;
    roomTypeName: string;
    quantity: number;
    pricePerNight: number;
    status: string;
    isPaid: number;
    paidAt: string | null;
  }>(sql`
    select p.id as partyId, p.name as partyName, a.id as assignmentId, rt.name as roomTypeName,
           a.quantity as quantity, rt.price_per_night as pricePerNight, a.confirmation_status as status,
           a.is_paid as isPaid, a.paid_at as paidAt
    from party_room_assignments a
    join parties p on p.id = a.party_id
    join room_types rt on rt.id = a.room_type_id
    order by p.name, rt.name
  `);
  const byParty = new Map<string, { partyId: string; partyName: string; rooms: Array<Omit<(typeof rows)[number], "isPaid"> & { lineTotal: number; isPaid: boolean }> }>();
  for (const row of rows) {
    const entry = byParty.get(row.partyId) ?? { partyId: row.partyId, partyName: row.partyName, rooms: [] };
    entry.rooms.push({ ...row, isPaid: !!row.isPaid, lineTotal: row.pricePerNight * row.quantity });
    byParty.set(row.partyId, entry);
  }
  return [...byParty.values()].map((p) => {
    const billable = p.rooms.filter((r) => r.status === "confirmed");
    const paid = billable.filter((r) => r.isPaid);
    const total = billable.reduce((s, r) => s + r.lineTotal, 0);
    const paidTotal = paid.reduce((s, r) => s + r.lineTotal, 0);
    const status =
      billable.length > 0 && paid.length === billable.length ? ("Paid in Full" as const) : paid.length > 0 ? ("Partially Paid" as const) : ("Unpaid" as const);
    return { ...p, total, paidTotal, status };
  });
}

