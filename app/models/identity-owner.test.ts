// Issue 22, item 6: an e-mail address or phone number belongs to one invitee (a party with its members, or an individual guest).
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "../db.server";
import { updateAuthSettings } from "./auth-settings.server";
import { findInvitation } from "./guest-auth.server";
import { previewGuestImport } from "./guest-import.server";
import { addPartyMember, createGuest, getGuest, updateGuest } from "./guests.server";
import { EMAIL_TAKEN, listSharedContacts, PHONE_TAKEN } from "./identity-owner.server";
import { createParty, getParty, updateParty } from "./parties.server";
import { ensureSingletons } from "./seed.server";

function wipe() {
  for (const table of ["email_sign_in_codes", "event_rsvps", "rsvps", "party_room_assignments", "guests", "parties"]) db.run(sql.raw(`delete from ${table}`));
  ensureSingletons();
  updateAuthSettings({ emailEnabled: true, phoneEnabled: true, customCodeEnabled: true, emailCodeRequired: false });
}
beforeEach(wipe);

const guestCount = () => db.get<{ n: number }>(sql`select count(*) as n from guests`)!.n;
const conflict = (field: string, message: string) => expect.objectContaining({ status: 409, message, errors: { [field]: [message] } });

describe("one address, one invitee", () => {
  it("refuses a member with another party's primary e-mail in other capitals, and that party still signs in", () => {
    const victim = createParty({ name: "Victim", primaryEmail: "ana@example.pt" });
    const attacker = createParty({ name: "Attacker" });
    const before = guestCount();
    expect(() => addPartyMember(attacker.id, { firstName: "Evil", lastName: "Twin", email: "  ANA@Example.PT " }, "guest")).toThrowError(
      conflict("email", EMAIL_TAKEN),
    );
    expect(guestCount()).toBe(before);
    expect(findInvitation("email", "ana@example.pt")).toMatchObject({ type: "party", id: victim.id });
  });

  it("lets a party's own member share the party's address and phone, but no one else", () => {
    const party = createParty({ name: "Home", primaryEmail: "home@example.pt", primaryPhone: "+351911111111" });
    const member = addPartyMember(party.id, { firstName: "Rita", lastName: "Home", email: "Home@example.pt", phone: "+351911111111" }, "admin");
    addPartyMember(party.id, { firstName: "João", lastName: "Home", email: "home@example.pt" }, "guest");
    expect(() => createGuest({ firstName: "Solo", lastName: "X", phone: "+351 911 111 111" }, "admin")).toThrowError(conflict("phone", PHONE_TAKEN));
    expect(() => createParty({ name: "Other", primaryEmail: "HOME@example.pt" })).toThrowError(conflict("primaryEmail", EMAIL_TAKEN));
    // Moving the member (with its address) to another party would give the address to two invitees.
    const other = createParty({ name: "Other" });
    expect(() => updateGuest(member.id, { partyId: other.id }, "admin")).toThrowError(conflict("email", EMAIL_TAKEN));
    expect(getGuest({ id: member.id })!.partyId).toBe(party.id);
    // Its own values unchanged (an edit of the name) are no change of owner.
    expect(updateGuest(member.id, { firstName: "Rita Maria", email: "HOME@example.pt" }, "admin").firstName).toBe("Rita Maria");
  });

  it("keeps an individual guest's address to itself, and checks a party's new contacts", () => {
    const solo = createGuest({ firstName: "Solo", lastName: "Guest", email: "solo@example.com", phone: "+447700900123" }, "admin");
    expect(updateGuest(solo.id, { email: "SOLO@example.com" }, "admin").email).toBe("SOLO@example.com");
    expect(() => createGuest({ firstName: "Copy", lastName: "Cat", email: "solo@example.com" }, "admin")).toThrowError(conflict("email", EMAIL_TAKEN));
    const party = createParty({ name: "P" });
    expect(() => updateParty(party.id, { primaryPhone: "+447700900123" })).toThrowError(conflict("primaryPhone", PHONE_TAKEN));
    expect(getParty({ id: party.id })!.primaryPhone).toBeNull();
    expect(() => updateGuest(solo.id, { partyId: party.id }, "admin")).not.toThrow();
    // Now the address is the party's: the party may take it as its primary e-mail.
    expect(updateParty(party.id, { primaryEmail: "solo@example.com" }).primaryEmail).toBe("solo@example.com");
  });

  it("lists duplicates saved before the rule, and signs in to neither of their holders", () => {
    const a = createParty({ name: "Alpha" });
    const b = createGuest({ firstName: "Bea", lastName: "Beta" }, "admin");
    db.run(sql`update parties set primary_email = 'Dup@Example.com', primary_phone = '+351900000001' where id = ${a.id}`);
    db.run(sql`update guests set email = ' dup@example.com', phone = '+351900000001' where id = ${b.id}`);
    const { contacts, total } = listSharedContacts();
    expect(total).toBe(2);
    expect(contacts).toEqual([
      { kind: "email", value: "dup@example.com", holders: [{ type: "party", id: a.id, name: "Alpha" }, { type: "guest", id: b.id, name: "Bea Beta" }] },
      { kind: "phone", value: "+351900000001", holders: [{ type: "party", id: a.id, name: "Alpha" }, { type: "guest", id: b.id, name: "Bea Beta" }] },
    ]);
    expect(() => findInvitation("email", "dup@example.com")).toThrowError(expect.objectContaining({ status: 409, message: expect.stringMatching(/contact the host/) }));
    expect(() => findInvitation("phone", "+351900000001")).toThrowError(expect.objectContaining({ status: 409 }));
    expect(getParty({ id: a.id })!.firstOpenedAt).toBeNull();
  });

  it("reports an import row whose contact another invitation holds, and allows one party's rows to share", () => {
    createParty({ name: "Costas", primaryEmail: "costa@example.pt" });
    createGuest({ firstName: "Old", lastName: "Friend", phone: "+351922222222" }, "admin");
    const preview = previewGuestImport(
      [
        "First Name,Last Name,Email,Phone,Party",
        "Miguel,Costa,COSTA@example.pt,,costas",
        "Intruder,X,costa@example.pt,,",
        "Ana,New,ana@new.pt,,New Crew",
        "Rui,New,ANA@new.pt,,New Crew",
        "Eva,Solo,ana@new.pt,+351 922 222 222,",
      ].join("\n"),
    );
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [],
      ["Email: another invitation already uses costa@example.pt"],
      [],
      [],
      ["Email: another invitation already uses ana@new.pt", "Phone: another invitation already uses +351922222222"],
    ]);
  });
});
