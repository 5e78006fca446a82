import { describe, expect, it } from "vitest";
import { guestMemberView, guestPartyView, guestSelfView, paymentReference } from "./guest-views.server";

/*
 * Issue 15: the guest views are explicit lists. These pin the exact keys, so
 * adding a field to what guests read is a decision made here, in review.
 */

const party = {
  id: "p1-abc_DEF",
  name: "The Party",
  primaryContactName: "Ana",
  primaryEmail: "a@example.com",
  primaryPhone: "+351900000000",
  authCode: "SECRETCODE",
  notes: "host only",
  language: "en" as const,
  invitedAt: "x",
  invitedVia: "email" as const,
  firstOpenedAt: "x",
  remindedAt: "x",
  paymentReference: null,
  createdAt: "x",
  updatedAt: "x",
};
const guest = {
  id: "g1",
  partyId: "p1-abc_DEF",
  firstName: "Ana",
  lastName: "Silva",
  email: null,
  phone: null,
  customCode: "OWNCODE",
  ageCategory: "adult" as const,
  dateOfBirth: null,
  paymentStatus: "pending",
  paymentAmount: 10,
  notes: "host only",
  language: "pt" as const,
  invitedAt: null,
  invitedVia: null,
  firstOpenedAt: null,
  remindedAt: null,
  attending: null,
  createdAt: "x",
  updatedAt: "x",
};

describe("guest views", () => {
  it("a member: guest fields only, never notes, payment, tracking, timestamps or its own code", () => {
    expect(Object.keys(guestMemberView(guest)).sort()).toEqual(
      ["id", "partyId", "firstName", "lastName", "email", "phone", "ageCategory", "dateOfBirth", "language", "attending"].sort(),
    );
  });

  it("a party: the code only for a session that signed in with it", () => {
    const byCode = guestPartyView(party, [guest], null, { via: "code" });
    const byEmail = guestPartyView(party, [guest], null, { via: "email" });
    const base = ["id", "name", "primaryContactName", "primaryEmail", "primaryPhone", "language", "paymentReference", "guests", "rsvp"];
    expect(Object.keys(byEmail).sort()).toEqual(base.sort());
    expect(Object.keys(byCode).sort()).toEqual([...base, "authCode"].sort());
    expect(JSON.stringify(byEmail)).not.toContain("SECRETCODE");
    expect(JSON.stringify(byEmail)).not.toContain("OWNCODE");
    expect(guestPartyView(party, [], null, {})).not.toHaveProperty("authCode");
  });

  it("an individual guest: its own code only to the holder", () => {
    expect(guestSelfView({ ...guest, partyId: null }, null, { via: "code" })).toHaveProperty("customCode", "OWNCODE");
    expect(guestSelfView({ ...guest, partyId: null }, null, { via: "phone" })).not.toHaveProperty("customCode");
  });

  it("the payment reference is derived from the id, not the code", () => {
    expect(paymentReference(party.id)).toBe("RSVP-P1ABCDEF");
  });
});
