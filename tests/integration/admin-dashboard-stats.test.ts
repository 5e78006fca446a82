// The dashboard's figures (SPEC.md 9) against a data set counted by hand.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { addPartyMember, createGuest } from "~/models/guests.server";
import { createParty } from "~/models/parties.server";
import { createRoomAssignment, setRoomAssignmentPaid } from "~/models/room-assignments.server";
import { createRoomType } from "~/models/room-types.server";
import { submitRsvp } from "~/models/rsvps.server";
import { ensureSingletons } from "~/models/seed.server";
import { dashboardStats, recentRsvps } from "~/models/stats.server";

function wipe() {
  for (const table of ["event_rsvps", "rsvps", "party_room_assignments", "events", "room_types", "guests", "parties"]) {
    db.run(sql.raw(`delete from ${table}`));
  }
  ensureSingletons();
}

function party(name: string, members: Array<"adult" | "kid" | "baby">) {
  const p = createParty({ name });
  members.forEach((ageCategory, i) => addPartyMember(p.id, { firstName: `${name}${i}`, lastName: "Test", ageCategory }, "admin"));
  return p;
}
const individual = (firstName: string) => createGuest({ firstName, lastName: "Solo" }, "admin");
const roomType = (name: string, pricePerNight: number, totalUnits: number) =>
  createRoomType({ name, location: "Main", category: "Room", areaSqM: 20, areaSqFt: 215, maxOccupancyAdults: 2, totalUnits, pricePerNight });

const ZERO = {
  totalParties: 0,
  parties: 0,
  individuals: 0,
  confirmed: 0,
  pending: 0,
  declined: 0,
  attendanceRate: 0,
  responseRate: 0,
  totalGuests: 0,
  adults: 0,
  kids: 0,
  babies: 0,
  adultsPercent: 0,
  kidsPercent: 0,
  babiesPercent: 0,
  revenue: { total: 0, paid: 0, percentCollected: 0, roomsPaid: 0, roomsConfirmed: 0, partiesPaidInFull: 0 },
};

beforeEach(wipe);

describe("dashboardStats", () => {
  it("is all zeros on an empty database (no division by zero)", () => {
    expect(dashboardStats()).toEqual(ZERO);
    expect(recentRsvps()).toEqual([]);
  });

  it("gives 0% while nobody has answered", () => {
    party("A", ["adult"]);
    party("B", ["adult", "kid"]);
    expect(dashboardStats()).toEqual({ ...ZERO, totalParties: 2, parties: 2, pending: 2 });
  });

  it("gives 0% of guests and 0% attendance when every answer is no", () => {
    const a = party("A", ["adult", "kid"]);
    const solo = individual("Nina");
    submitRsvp({ partyId: a.id, attending: false, actor: "admin" });
    submitRsvp({ guestId: solo.id, attending: false, actor: "admin" });
    expect(dashboardStats()).toEqual({
      ...ZERO,
      totalParties: 2,
      parties: 1,
      individuals: 1,
      declined: 2,
      responseRate: 100,
      attendanceRate: 0,
    });
  });

  it("matches the figures counted by hand for a mixed celebration", () => {
    // Invitations: 3 parties + 3 individual guests = 6.
    const a = party("A", ["adult", "adult", "kid"]);
    const b = party("B", ["adult", "baby"]);
    const c = party("C", ["adult"]);
    const g1 = individual("Gil");
    individual("Gwen"); // never answers
    const g3 = individual("Gus");

    // Rooms: R1 €300 for the two nights, R2 €500.
    const r1 = roomType("R1", 300, 5);
    const r2 = roomType("R2", 500, 3);
    const a1 = createRoomAssignment({ partyId: a.id, roomTypeId: r1.id, quantity: 2, confirmationStatus: "confirmed" });
    createRoomAssignment({ partyId: a.id, roomTypeId: r2.id, quantity: 1, confirmationStatus: "confirmed" });
    const c1 = createRoomAssignment({ partyId: c.id, roomTypeId: r1.id, quantity: 1, confirmationStatus: "confirmed" });
    createRoomAssignment({ partyId: b.id, roomTypeId: r2.id, quantity: 1, confirmationStatus: "declined", declineReason: "Staying with family" });
    createRoomAssignment({ partyId: c.id, roomTypeId: r2.id, quantity: 1 }); // pending: not revenue
    setRoomAssignmentPaid({ id: a1.id, isPaid: true });
    setRoomAssignmentPaid({ id: c1.id, isPaid: true });

    // Answers: A yes (its members: 2 adults, 1 kid), B no, G1 yes (2 adults, 1 baby), G3 no.
    submitRsvp({ partyId: a.id, attending: true, actor: "admin" });
    submitRsvp({ partyId: b.id, attending: false, actor: "admin" });
    submitRsvp({ guestId: g1.id, attending: true, adultsCount: 2, kidsCount: 0, babiesCount: 1, actor: "admin" });
    submitRsvp({ guestId: g3.id, attending: false, actor: "admin" });

    expect(dashboardStats()).toEqual({
      totalParties: 6,
      parties: 3,
      individuals: 3,
      confirmed: 2,
      declined: 2,
      pending: 2, // C and Gwen
      attendanceRate: 50, // 2 yes of 4 answers
      responseRate: 67, // 4 of 6 answered = 66.7%
      totalGuests: 6, // (2 + 1 + 0) + (2 + 0 + 1)
      adults: 4,
      kids: 1,
      babies: 1,
      adultsPercent: 67, // 4/6
      kidsPercent: 17, // 1/6
      babiesPercent: 17,
      revenue: {
        // issue 25: in cents, from the ledger (the switches recorded A's R1 and C's R1 as payments)
        total: 140_000, // A: 2 x 300 + 1 x 500; C: 1 x 300 (the declined and the pending rooms do not count)
        paid: 90_000, // A's R1 and C's R1
        percentCollected: 64, // 900 / 1400 = 64.3%
        roomsPaid: 3, // 2 + 1 units
        roomsConfirmed: 4,
        partiesPaidInFull: 1, // C (its pending room is not billed); A still owes R2
      },
    });

    const recent = recentRsvps();
    expect(recent).toHaveLength(4);
    expect(recent.map((r) => r.name).sort()).toEqual(["A", "B", "Gil Solo", "Gus Solo"]);
  });

  it("shows only the five most recent answers", () => {
    for (let i = 0; i < 7; i++) submitRsvp({ guestId: individual(`P${i}`).id, attending: true, actor: "admin" });
    expect(recentRsvps()).toHaveLength(5);
  });
});
