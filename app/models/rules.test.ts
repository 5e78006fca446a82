// CONTRACT.md section 5, one rule at a time, against a real SQLite file.
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "../db.server";
import { updateAuthSettings, getAuthSettings, LAST_METHOD_MESSAGE } from "./auth-settings.server";
import { createEvent, deleteEvent } from "./events.server";
import { attendanceStats, listEventsFor, setEventRsvp } from "./event-rsvps.server";
import { addPartyMember, createGuest, LAST_MEMBER_MESSAGE, partyMembersSummary, removePartyMember } from "./guests.server";
import { createParty, deleteParty, getParty } from "./parties.server";
import {
  confirmRoomAssignment,
  createRoomAssignment,
  declineRoomAssignment,
  DECLINE_REASON_REQUIRED,
  getRoomAssignment,
  PAID_ROOM_LOCKED,
  setRoomAssignmentPaid,
  updateRoomAssignment,
} from "./room-assignments.server";
import { createRoomType, roomTypeInventory, updateRoomType } from "./room-types.server";
import { getRsvpFor, ROOM_DECISION_REQUIRED, submitRsvp } from "./rsvps.server";
import { ensureSingletons } from "./seed.server";

function wipe() {
  for (const table of ["event_rsvps", "rsvps", "party_room_assignments", "events", "room_types", "guests", "parties"]) {
    db.run(sql.raw(`delete from ${table}`));
  }
  ensureSingletons();
  updateAuthSettings({ emailEnabled: true, phoneEnabled: true, customCodeEnabled: true });
}

function partyWith(members: Array<"adult" | "kid" | "baby">) {
  const party = createParty({ name: `Party ${Math.random()}` });
  members.forEach((ageCategory, i) => addPartyMember(party.id, { firstName: `M${i}`, lastName: "Test", ageCategory }, "admin"));
  return party;
}

const room = (totalUnits = 5, pricePerNight = 300) =>
  createRoomType({ name: "Double", location: "Main", category: "Room", areaSqM: 20, areaSqFt: 215, maxOccupancyAdults: 2, totalUnits, pricePerNight });

beforeEach(wipe);

describe("parties", () => {
  it("generates a 10-character code from the 64-symbol alphabet", () => {
    const codes = new Set(Array.from({ length: 50 }, () => createParty({ name: "P" }).authCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{10}$/);
  });

  it("refuses a custom code that is taken (409)", () => {
    createParty({ name: "A", authCode: "FAMILY2026" });
    expect(() => createParty({ name: "B", authCode: "FAMILY2026" })).toThrowError(expect.objectContaining({ status: 409 }));
  });

  it("deleting a party keeps its guests (partyId cleared) and removes its RSVP, rooms and event answers", () => {
    const party = partyWith(["adult"]);
    const rt = room();
    createRoomAssignment({ partyId: party.id, roomTypeId: rt.id, quantity: 1 });
    const ev = createEvent({ title: "Dinner", date: "June 13", timeFrom: "7:30 PM", timeTo: "10:00 PM" });
    setEventRsvp({ eventId: ev.id, partyId: party.id, attending: true, actor: "admin" });
    submitRsvp({ partyId: party.id, attending: false, actor: "admin" });
    const [member] = partyMembersSummary({ partyId: party.id }).members;
    deleteParty({ id: party.id });
    expect(getParty({ id: party.id })).toBeNull();
    const counts = db.get<{ g: string | null; r: number; a: number; e: number }>(
      sql`select (select party_id from guests where id = ${member!.id}) g, (select count(*) from rsvps) r, (select count(*) from party_room_assignments) a, (select count(*) from event_rsvps) e`,
    );
    expect(counts).toEqual({ g: null, r: 0, a: 0, e: 0 });
  });
});

describe("members", () => {
  it("summarises members by age category", () => {
    const party = partyWith(["adult", "adult", "kid", "baby"]);
    const s = partyMembersSummary({ partyId: party.id });
    expect([s.total, s.adults, s.kids, s.babies]).toEqual([4, 2, 1, 1]);
  });

  it("never removes the last member", () => {
    const party = partyWith(["adult", "adult"]);
    const [a, b] = partyMembersSummary({ partyId: party.id }).members;
    removePartyMember({ partyId: party.id, memberId: a!.id, actor: "admin" });
    expect(() => removePartyMember({ partyId: party.id, memberId: b!.id, actor: "admin" })).toThrowError(LAST_MEMBER_MESSAGE);
    expect(partyMembersSummary({ partyId: party.id }).total).toBe(1);
  });
});

describe("RSVPs", () => {
  it("is one per party: a second submit updates it, counts come from the members", () => {
    const party = partyWith(["adult", "kid", "baby"]);
    submitRsvp({ partyId: party.id, attending: true, adultsCount: 9, actor: "admin" });
    const second = submitRsvp({ partyId: party.id, attending: true, dietaryRestrictions: " vegan ", actor: "admin" });
    expect(second).toMatchObject({ guestCount: 3, adultsCount: 1, kidsCount: 1, babiesCount: 1, dietaryRestrictions: "vegan" });
    expect(db.get<{ n: number }>(sql`select count(*) n from rsvps`)!.n).toBe(1);
  });

  it("counts 1 guest when not attending", () => {
    const guest = createGuest({ firstName: "Solo", lastName: "Guest" }, "admin");
    expect(submitRsvp({ guestId: guest.id, attending: false, adultsCount: 3, actor: "admin" }).guestCount).toBe(1);
    expect(submitRsvp({ guestId: guest.id, attending: true, adultsCount: 2, kidsCount: 1, actor: "admin" }).guestCount).toBe(3);
  });

  it("refuses attending with a pending room and saves nothing, not even the decisions", () => {
    const party = partyWith(["adult"]);
    const a = createRoomAssignment({ partyId: party.id, roomTypeId: room().id, quantity: 1 });
    const b = createRoomAssignment({ partyId: party.id, roomTypeId: room().id, quantity: 1 });
    expect(() =>
      submitRsvp({ partyId: party.id, attending: true, roomConfirmationDecisions: [{ assignmentId: a.id, status: "confirmed" }], actor: "admin" }),
    ).toThrowError(ROOM_DECISION_REQUIRED);
    expect(getRsvpFor({ partyId: party.id })).toBeNull();
    expect(getRoomAssignment({ id: a.id })!.confirmationStatus).toBe("pending");

    const saved = submitRsvp({
      partyId: party.id,
      attending: true,
      roomConfirmationDecisions: [
        { assignmentId: a.id, status: "confirmed" },
        { assignmentId: b.id, status: "declined", reason: "Staying with friends" },
      ],
      actor: "admin",
    });
    expect(saved.roomsConfirmed).toBe(true);
    expect(getRoomAssignment({ id: b.id })).toMatchObject({ confirmationStatus: "declined", declineReason: "Staying with friends" });
  });

  it("lets a party decline the celebration with rooms still pending", () => {
    const party = partyWith(["adult"]);
    createRoomAssignment({ partyId: party.id, roomTypeId: room().id, quantity: 1 });
    expect(submitRsvp({ partyId: party.id, attending: false, actor: "admin" }).attending).toBe(false);
  });
});

describe("rooms", () => {
  it("declining needs a reason that is not blank; confirming clears the decline", () => {
    const party = partyWith(["adult"]);
    const a = createRoomAssignment({ partyId: party.id, roomTypeId: room().id, quantity: 1 });
    expect(() => declineRoomAssignment({ id: a.id, reason: "   ", actor: "admin" })).toThrowError(DECLINE_REASON_REQUIRED);
    declineRoomAssignment({ id: a.id, reason: "Too far", actor: "admin" });
    const confirmed = confirmRoomAssignment({ id: a.id, actor: "admin" });
    expect(confirmed).toMatchObject({ confirmationStatus: "confirmed", declineReason: null, declinedAt: null });
    expect(confirmed.confirmedAt).toBeTruthy();
  });

  it("a paid room cannot be confirmed, declined or re-confirmed by a guest", () => {
    const party = partyWith(["adult"]);
    const a = createRoomAssignment({ partyId: party.id, roomTypeId: room().id, quantity: 1 });
    confirmRoomAssignment({ id: a.id, actor: "admin" });
    setRoomAssignmentPaid({ id: a.id, isPaid: true });
    expect(() => declineRoomAssignment({ id: a.id, reason: "changed plans", actor: "admin" })).toThrowError(PAID_ROOM_LOCKED);
    expect(() => confirmRoomAssignment({ id: a.id, actor: "admin" })).toThrowError(PAID_ROOM_LOCKED);
  });

  it("mark-paid only on a confirmed room; paidAt set and cleared", () => {
    const party = partyWith(["adult"]);
    const a = createRoomAssignment({ partyId: party.id, roomTypeId: room().id, quantity: 1 });
    expect(() => setRoomAssignmentPaid({ id: a.id, isPaid: true })).toThrowError(expect.objectContaining({ status: 409 }));
    confirmRoomAssignment({ id: a.id, actor: "admin" });
    expect(setRoomAssignmentPaid({ id: a.id, isPaid: true }).paidAt).toBeTruthy();
    expect(setRoomAssignmentPaid({ id: a.id, isPaid: false }).paidAt).toBeNull();
  });

  it("inventory counts every assignment that is not declined, and never goes negative", () => {
    const rt = room(5);
    const [p1, p2, p3] = [partyWith(["adult"]), partyWith(["adult"]), partyWith(["adult"])];
    const a1 = createRoomAssignment({ partyId: p1.id, roomTypeId: rt.id, quantity: 3 });
    createRoomAssignment({ partyId: p2.id, roomTypeId: rt.id, quantity: 2 });
    expect(roomTypeInventory({ id: rt.id })).toMatchObject({ assignedUnits: 5, availableUnits: 0 });
    expect(() => createRoomAssignment({ partyId: p3.id, roomTypeId: rt.id, quantity: 1 })).toThrowError("Only 0 rooms available. Cannot assign 1 rooms.");
    declineRoomAssignment({ id: a1.id, reason: "No", actor: "admin" });
    expect(roomTypeInventory({ id: rt.id })).toMatchObject({ assignedUnits: 2, availableUnits: 3 });
    createRoomAssignment({ partyId: p3.id, roomTypeId: rt.id, quantity: 3 });
    // Re-confirming the declined 3 would over-book: refused.
    expect(() => confirmRoomAssignment({ id: a1.id, actor: "admin" })).toThrowError(expect.objectContaining({ status: 409 }));
    expect(() => updateRoomAssignment(a1.id, { confirmationStatus: "pending" })).toThrowError(expect.objectContaining({ status: 409 }));
    expect(() => updateRoomType(rt.id, { totalUnits: 4 })).toThrowError(expect.objectContaining({ status: 409 }));
    expect(roomTypeInventory({ id: rt.id }).availableUnits).toBe(0);
  });

  it("one assignment per party and room type", () => {
    const party = partyWith(["adult"]);
    const rt = room();
    createRoomAssignment({ partyId: party.id, roomTypeId: rt.id, quantity: 1 });
    expect(() => createRoomAssignment({ partyId: party.id, roomTypeId: rt.id, quantity: 1 })).toThrowError(expect.objectContaining({ status: 409 }));
  });
});

describe("side events", () => {
  it("hotel-only events are hidden from parties without rooms and their answers refused", () => {
    const withRoom = partyWith(["adult"]);
    const without = partyWith(["adult"]);
    createRoomAssignment({ partyId: withRoom.id, roomTypeId: room().id, quantity: 1 });
    const open = createEvent({ title: "Dinner", date: "June 13", timeFrom: "7:30 PM", timeTo: "10:00 PM" });
    const hotel = createEvent({ title: "Wine tasting", date: "June 13", timeFrom: "11:00 AM", timeTo: "1:00 PM", hotelGuestsOnly: true });
    expect(listEventsFor({ partyId: without.id }).map((e) => e.id)).toEqual([open.id]);
    expect(listEventsFor({ partyId: withRoom.id }).map((e) => e.id)).toEqual([open.id, hotel.id]);
    expect(() => setEventRsvp({ eventId: hotel.id, partyId: without.id, attending: true, actor: "admin" })).toThrowError(expect.objectContaining({ status: 403 }));
  });

  it("answers are upserts, and deleting an event deletes them", () => {
    const party = partyWith(["adult"]);
    const ev = createEvent({ title: "Dinner", date: "June 13", timeFrom: "7:30 PM", timeTo: "10:00 PM" });
    setEventRsvp({ eventId: ev.id, partyId: party.id, attending: true, actor: "admin" });
    setEventRsvp({ eventId: ev.id, partyId: party.id, attending: false, actor: "admin" });
    expect(db.get<{ n: number }>(sql`select count(*) n from event_rsvps`)!.n).toBe(1);
    deleteEvent({ id: ev.id });
    expect(db.get<{ n: number }>(sql`select count(*) n from event_rsvps`)!.n).toBe(0);
  });

  it("attendance counts per SPEC section 4, with 0% for empty denominators", () => {
    const ev = createEvent({ title: "Dinner", date: "June 13", timeFrom: "7:30 PM", timeTo: "10:00 PM" });
    expect(attendanceStats({ eventId: ev.id })).toMatchObject({ totalResponses: 0, attendingPercent: 0, adultsPercent: 0 });
    const family = partyWith(["adult", "adult", "kid", "baby"]);
    submitRsvp({ partyId: family.id, attending: true, actor: "admin" });
    setEventRsvp({ eventId: ev.id, partyId: family.id, attending: true, actor: "admin" });
    const noMainRsvp = partyWith(["adult"]);
    setEventRsvp({ eventId: ev.id, partyId: noMainRsvp.id, attending: true, actor: "admin" });
    const solo = createGuest({ firstName: "S", lastName: "G" }, "admin");
    submitRsvp({ guestId: solo.id, attending: true, adultsCount: 1, actor: "admin" });
    setEventRsvp({ eventId: ev.id, guestId: solo.id, attending: false, actor: "admin" });
    expect(attendanceStats({ eventId: ev.id })).toEqual({
      attending: 2,
      notAttending: 1,
      totalResponses: 3,
      totalGuests: 4,
      adults: 2,
      kids: 1,
      babies: 1,
      attendingPercent: 67,
      notAttendingPercent: 33,
      adultsPercent: 50,
      kidsPercent: 25,
      babiesPercent: 25,
    });
  });
});

describe("auth settings", () => {
  it("never lets the last method be switched off", () => {
    updateAuthSettings({ emailEnabled: false, phoneEnabled: false });
    expect(() => updateAuthSettings({ customCodeEnabled: false })).toThrowError(LAST_METHOD_MESSAGE);
    expect(getAuthSettings().customCodeEnabled).toBe(true);
  });
});

describe("guest list", () => {
  it("shows each guest's RSVP status (its own or its party's) and filters by it", async () => {
    const { listGuests } = await import("./guests.server");
    const family = partyWith(["adult", "kid"]);
    const waiting = partyWith(["adult"]);
    const solo = createGuest({ firstName: "Solo", lastName: "Zed", email: "solo@example.com" }, "admin");
    submitRsvp({ partyId: family.id, attending: true, dietaryRestrictions: "no nuts", actor: "admin" });
    submitRsvp({ guestId: solo.id, attending: false, actor: "admin" });
    const all = listGuests();
    expect(all).toHaveLength(4);
    expect(listGuests({ rsvpStatus: "attending" }).map((g) => g.partyId)).toEqual([family.id, family.id]);
    expect(listGuests({ rsvpStatus: "attending" })[0]!.dietaryRestrictions).toBe("no nuts");
    expect(listGuests({ rsvpStatus: "declined" }).map((g) => g.id)).toEqual([solo.id]);
    expect(listGuests({ rsvpStatus: "pending" }).map((g) => g.partyId)).toEqual([waiting.id]);
    expect(listGuests({ search: "solo@" }).map((g) => g.id)).toEqual([solo.id]);
    expect(listGuests({ search: "%" })).toHaveLength(0);
    expect(listGuests({ ageCategory: "kid" })).toHaveLength(1);
    expect(listGuests({ partyId: "none" }).map((g) => g.id)).toEqual([solo.id]);
  });
});
