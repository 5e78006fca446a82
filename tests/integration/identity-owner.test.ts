// Issue 22, item 6: an e-mail address or phone number belongs to one invitee
// (a party with its own members, or an individual guest), from every door;
// duplicates saved before the rule are listed for the host and sign in to nobody.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { count, makeGuest, makeParty, query } from "./api-fixtures";

let server: TestServer;
let admin: Client;

const EMAIL_TAKEN = "This email is already used by another invitation.";
const PHONE_TAKEN = "This phone number is already used by another invitation.";
const SHARED_EN = "This email address or phone number belongs to more than one invitation, so it cannot sign you in. Please contact the host.";
const SHARED_PT = "Este e-mail ou número de telefone pertence a mais do que um convite, por isso não pode entrar com ele. Contacte o anfitrião.";

const form = (values: Record<string, string>) => new URLSearchParams(values);
const anon = () => new Client(server.url);
/** React's <!-- --> separators dropped, entities read. */
const shown = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const holders = (column: "email" | "phone", value: string) =>
  count(server, "guests", `lower(trim(${column})) = lower(?)`, value) +
  count(server, "parties", `lower(trim(primary_${column})) = lower(?)`, value);

async function signIn(code: string) {
  const guest = anon();
  expect((await guest.get(`/rsvp?code=${encodeURIComponent(code)}`)).status).toBe(302);
  return guest;
}

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

describe("the finding: a guest adds a member with another party's address", () => {
  it("is refused with 409 naming the field, stores nothing, and the victim's sign-in still reaches the victim", async () => {
    const victim = await makeParty(admin, ["adult"], { primaryEmail: "victim.family@example.pt", primaryPhone: "+351910000001" });
    const attacker = await makeParty(admin, ["adult"]);
    const guest = await signIn(attacker.authCode);

    const page = await guest.request(
      "POST",
      "/rsvp",
      form({ intent: "member-save:new", memberFirstName: "Evil", memberLastName: "Twin", memberEmail: "Victim.FAMILY@Example.PT", memberAgeCategory: "adult" }),
    );
    expect(page.status).toBe(409);
    expect(shown(page.text)).toContain(EMAIL_TAKEN);
    const pt = await guest.request(
      "POST",
      "/rsvp?lang=pt",
      form({ intent: "member-save:new", memberFirstName: "Evil", memberLastName: "Twin", memberPhone: "+351 910 000 001", memberAgeCategory: "adult" }),
    );
    expect(pt.status).toBe(409);
    expect(shown(pt.text)).toContain("Este número de telefone já é usado por outro convite.");

    const api = await guest.post(`/api/parties/${attacker.id}/members`, { firstName: "Evil", lastName: "Twin", email: " VICTIM.family@example.pt " });
    expect(api.status).toBe(409);
    expect(api.json).toEqual({ message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });
    const patch = await guest.patch(`/api/guests/${attacker.memberIds[0]}`, { phone: "+351910000001" });
    expect(patch.status).toBe(409);
    expect(patch.json).toEqual({ message: PHONE_TAKEN, errors: { phone: [PHONE_TAKEN] } });

    expect(count(server, "guests", "party_id = ?", attacker.id)).toBe(1);
    expect(holders("email", "victim.family@example.pt")).toBe(1);
    expect(holders("phone", "+351910000001")).toBe(1);
    for (const [type, identifier] of [["email", "VICTIM.family@example.pt"], ["phone", "+351910000001"]]) {
      const signedIn = await anon().post("/api/guest-auth", { type, identifier });
      expect(signedIn.status).toBe(200);
      expect(signedIn.json.id).toBe(victim.id);
    }
  });

  it("lets a party's own member share the party's address, from the dialog and the API", async () => {
    const party = await makeParty(admin, ["adult"], { primaryEmail: "own.home@example.pt", primaryPhone: "+351910000002" });
    const guest = await signIn(party.authCode);
    const page = await guest.request(
      "POST",
      "/rsvp",
      form({ intent: "member-save:new", memberFirstName: "Rita", memberLastName: "Home", memberEmail: "OWN.home@example.pt", memberAgeCategory: "adult" }),
    );
    expect(page.status).toBe(200);
    const api = await admin.post(`/api/parties/${party.id}/members`, { firstName: "João", lastName: "Home", email: "own.home@example.pt", phone: "+351910000002" });
    expect(api.status).toBe(201);
    expect(count(server, "guests", "party_id = ? and lower(email) = 'own.home@example.pt'", party.id)).toBe(2);
    expect((await anon().post("/api/guest-auth", { type: "email", identifier: "own.home@example.pt" })).json.id).toBe(party.id);
  });
});

describe("every door refuses a second invitee's address (409, the field, nothing stored)", () => {
  let party: Awaited<ReturnType<typeof makeParty>>;
  let solo: { id: string };
  let other: Awaited<ReturnType<typeof makeParty>>;

  beforeAll(async () => {
    party = await makeParty(admin, ["adult"], { primaryEmail: "door.party@example.pt", primaryPhone: "+351910000010" });
    solo = await makeGuest(admin, { email: "door.solo@example.pt", phone: "+351910000011" });
    other = await makeParty(admin, ["adult"]);
  });

  it("the API: guests, parties and members", async () => {
    const tries: Array<[string, string, Record<string, unknown>, string, string]> = [
      ["POST", "/api/guests", { firstName: "A", lastName: "B", email: "DOOR.PARTY@example.pt" }, "email", EMAIL_TAKEN],
      ["POST", "/api/guests", { firstName: "A", lastName: "B", partyId: other.id, phone: "+351910000011" }, "phone", PHONE_TAKEN],
      ["PATCH", `/api/guests/${solo.id}`, { email: "door.party@example.pt" }, "email", EMAIL_TAKEN],
      ["PATCH", `/api/guests/${other.memberIds[0]}`, { phone: "+351 910 000 010" }, "phone", PHONE_TAKEN],
      ["POST", "/api/parties", { name: "Copy", primaryEmail: "Door.Solo@example.pt" }, "primaryEmail", EMAIL_TAKEN],
      ["PATCH", `/api/parties/${other.id}`, { primaryPhone: "+351910000010" }, "primaryPhone", PHONE_TAKEN],
      ["POST", `/api/parties/${other.id}/members`, { firstName: "A", lastName: "B", email: "door.solo@example.pt" }, "email", EMAIL_TAKEN],
    ];
    const guestsBefore = count(server, "guests");
    const partiesBefore = count(server, "parties");
    for (const [method, path, body, field, message] of tries) {
      const res = await admin.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.json, `${method} ${path}`).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(count(server, "guests")).toBe(guestsBefore);
    expect(count(server, "parties")).toBe(partiesBefore);
    expect(holders("email", "door.party@example.pt")).toBe(1);
    expect(holders("email", "door.solo@example.pt")).toBe(1);
    expect(holders("phone", "+351910000010")).toBe(1);
    expect(holders("phone", "+351910000011")).toBe(1);
  });

  it("the admin forms: Guest Management, Parties and a party's members", async () => {
    const tries: Array<[string, Record<string, string>, string]> = [
      ["/admin/guests?new=1", { intent: "create", firstName: "A", lastName: "B", email: "door.party@example.pt", partyId: "none", ageCategory: "adult" }, EMAIL_TAKEN],
      ["/admin/guests?edit=" + solo.id, { intent: "update", id: solo.id, firstName: "Solo", lastName: "Guest", email: "door.solo@example.pt", phone: "+351910000010", partyId: "none", ageCategory: "adult" }, PHONE_TAKEN],
      ["/admin/parties?new=1", { intent: "create", name: "Copy", primaryEmail: "DOOR.solo@example.pt" }, EMAIL_TAKEN],
      [`/admin/parties/${other.id}?edit=1`, { intent: "update", name: "Other", primaryPhone: "+351910000011" }, PHONE_TAKEN],
      [`/admin/parties/${other.id}?member=new`, { intent: "add-member", firstName: "A", lastName: "B", email: "door.party@example.pt", ageCategory: "adult" }, EMAIL_TAKEN],
      [`/admin/parties/${other.id}?member=${other.memberIds[0]}`, { intent: "update-member", memberId: other.memberIds[0]!, firstName: "M", lastName: "O", phone: "+351910000011", ageCategory: "adult" }, PHONE_TAKEN],
    ];
    const guestsBefore = count(server, "guests");
    const partiesBefore = count(server, "parties");
    for (const [path, values, message] of tries) {
      const res = await admin.request("POST", path, form(values));
      expect(res.status, path).toBe(409);
      expect(shown(res.text), path).toContain(message);
    }
    expect(count(server, "guests")).toBe(guestsBefore);
    expect(count(server, "parties")).toBe(partiesBefore);
    expect(query(server, "select phone from guests where id = ?", solo.id)).toEqual([{ phone: "+351910000011" }]);
    expect(query(server, "select primary_phone as p from parties where id = ?", other.id)).toEqual([{ p: null }]);
  });

  it("the CSV import: a row that would duplicate is that row's error and is not saved", async () => {
    const csv = ["First Name,Last Name,Email,Phone,Party", "Dup,Row,DOOR.PARTY@example.pt,,", "Good,Row,door.good@example.pt,,", "Own,Member,door.party@example.pt,," + party.name].join("\n");
    const preview = await admin.request("POST", "/admin/guests/import", form({ intent: "preview", csv }));
    expect(preview.status).toBe(200);
    expect(shown(preview.text)).toContain("Email: another invitation already uses DOOR.PARTY@example.pt");
    const saved = await admin.request("POST", "/admin/guests/import", form({ intent: "import", csv }));
    expect(saved.status).toBe(302);
    expect(count(server, "guests", "first_name = 'Dup'")).toBe(0);
    expect(count(server, "guests", "first_name = 'Good'")).toBe(1);
    expect(count(server, "guests", "first_name = 'Own' and party_id = ?", party.id)).toBe(1);
    const onlyDup = await admin.request("POST", "/admin/guests/import", form({ intent: "import", csv: "First Name,Last Name,Phone\nDup,Again,+351910000011" }));
    expect(onlyDup.status).toBe(400);
    expect(count(server, "guests", "first_name = 'Dup'")).toBe(0);
  });

  it("two parallel requests for the same free address: one wins", async () => {
    const a = await makeParty(admin, ["adult"]);
    const b = await makeParty(admin, ["adult"]);
    const answers = await Promise.all(
      [a, b, a, b].map((p, i) => admin.post(`/api/parties/${p.id}/members`, { firstName: `Racer${i}`, lastName: "X", email: "race@example.pt" })),
    );
    const winners = new Set(query<{ party_id: string }>(server, "select party_id from guests where email = 'race@example.pt'").map((r) => r.party_id));
    expect(winners.size).toBe(1);
    expect(answers.filter((r) => r.status === 409).length).toBeGreaterThanOrEqual(2);
  });
});

describe("duplicates saved before the rule", () => {
  let alpha: Awaited<ReturnType<typeof makeParty>>;
  let beta: { id: string };

  beforeAll(async () => {
    alpha = await makeParty(admin, ["adult"], { name: "Zz Alpha Family" });
    beta = await makeGuest(admin, { firstName: "Bea", lastName: "Zz Beta" });
    // As an older build could store them: straight into the database.
    const db = new Database(server.dbPath);
    db.prepare("update parties set primary_email = 'Shared@Example.com', primary_phone = '+351919999999' where id = ?").run(alpha.id);
    db.prepare("update guests set email = 'shared@example.com ', phone = '+351919999999' where id = ?").run(beta.id);
    db.close();
  });

  it("are listed on the Guests page with each holder linked", async () => {
    const page = await admin.get("/admin/guests");
    expect(page.status).toBe(200);
    const text = shown(page.text);
    expect(text).toContain("2 e-mails or phones belong to more than one invitation");
    expect(text).toContain("shared@example.com");
    expect(text).toContain("+351919999999");
    expect(text).toContain(`href="/admin/parties/${alpha.id}"`);
    expect(text).toContain(`href="/admin/guests?edit=${beta.id}"`);
    expect(text).toContain("Zz Alpha Family (party)");
    expect(text).toContain("Bea Zz Beta (guest)");
  });

  it("sign in to neither holder, and say to contact the host (API and pages, both languages)", async () => {
    for (const [type, identifier] of [["email", "SHARED@example.com"], ["phone", "+351919999999"]]) {
      const res = await anon().post("/api/guest-auth", { type, identifier });
      expect(res.status, identifier).toBe(409);
      expect(res.json).toEqual({ message: `Authentication failed - ${SHARED_EN}` });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const en = await anon().request("POST", "/rsvp", form({ intent: "sign-in", method: "email", identifier: "shared@example.com" }));
    expect(en.status).toBe(409);
    expect(shown(en.text)).toContain(SHARED_EN);
    expect(en.headers.get("set-cookie")).toBeNull();
    const pt = await anon().request("POST", "/my-rsvp?lang=pt", form({ intent: "sign-in", method: "whatsapp", identifier: "+351919999999" }));
    expect(pt.status).toBe(409);
    expect(shown(pt.text)).toContain(SHARED_PT);
    expect(query(server, "select first_opened_at as o from parties where id = ?", alpha.id)).toEqual([{ o: null }]);
  });

  it("with the one-time e-mail code on, a code request for the address sends no code and says to contact the host", async () => {
    expect((await admin.patch("/api/auth-settings", { emailCodeRequired: true })).status).toBe(200);
    try {
      const api = await anon().post("/api/guest-auth", { type: "email", identifier: "shared@example.com" });
      expect(api.status).toBe(409);
      expect(api.json.message).toBe(`Authentication failed - ${SHARED_EN}`);
      const page = await anon().request("POST", "/rsvp", form({ intent: "sign-in", method: "email", identifier: "Shared@example.com" }));
      expect(page.status).toBe(409);
      expect(shown(page.text)).toContain(SHARED_EN);
      expect(count(server, "outbox", "kind = 'sign-in-code'")).toBe(0);
      expect(count(server, "email_sign_in_codes")).toBe(0);
    } finally {
      await admin.patch("/api/auth-settings", { emailCodeRequired: false });
    }
  });
});
