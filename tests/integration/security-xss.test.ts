// Issue 7.5, stored XSS: every text field a guest or the host can set holds a
// script payload (with its own marker), then every page is rendered (landing
// page, the guest's RSVP and My RSVP, every admin page and its edit views) and
// the confirmation e-mail is written to the outbox. No page and no e-mail may
// contain a payload unescaped; each field's marker must show up somewhere
// (escaped), so the test knows the field was really rendered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";
import { assignRoom, Client, figure, makeEvent, makeGuest, makeParty, makeRoomType, query, signIn } from "../stress/lib";

let server: TestServer;
let admin: Client;

const fields: Array<{ field: string; marker: string }> = [];
/** A payload for one field: breaks out of attributes and text if anything is unescaped. */
function payload(field: string, max = 200) {
  const marker = `XSS${String(fields.length).padStart(3, "0")}Z`;
  fields.push({ field, marker });
  return `"'><script>alert("${marker}")</script><img src=x onerror=alert("${marker}")>`.slice(0, max);
}
const RAW = [/<script>alert\("XSS\d{3}Z/i, /<img src=x onerror=alert/i, /<svg[^>]*onload=/i];

let partyId = "";
let soloCode = "";
let partyCode = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();

  // The host's fields.
  const config = await admin.patch("/api/event-config", {
    eventTitle: payload("eventConfig.eventTitle"),
    eventDate: payload("eventConfig.eventDate"),
    eventTime: payload("eventConfig.eventTime"),
    venueName: payload("eventConfig.venueName"),
    venueAddress: payload("eventConfig.venueAddress"),
    venueDirections: payload("eventConfig.venueDirections", 2000),
    dressCode: payload("eventConfig.dressCode"),
    welcomeMessage: payload("eventConfig.welcomeMessage", 2000),
    roomConfirmationMessage: payload("eventConfig.roomConfirmationMessage", 2000),
  });
  expect(config.status, config.text).toBe(200);

  const party = await makeParty(admin, 0, {
    name: payload("party.name"),
    primaryContactName: payload("party.primaryContactName"),
    notes: payload("party.notes", 2000),
  });
  partyId = party.id;
  partyCode = party.authCode;
  ids.party = party.id;
  const member = await admin.post(`/api/parties/${party.id}/members`, {
    firstName: payload("guest.firstName (host)", 100),
    lastName: payload("guest.lastName (host)", 100),
    ageCategory: "adult",
  });
  expect(member.status, member.text).toBe(201);
  ids.member = member.json.id;
  const notes = await admin.patch(`/api/guests/${member.json.id}`, { notes: payload("guest.notes", 2000), dateOfBirth: payload("guest.dateOfBirth", 40) });
  expect(notes.status, notes.text).toBe(200);

  const solo = await makeGuest(admin, { firstName: payload("individual.firstName", 100), lastName: payload("individual.lastName", 100) });
  soloCode = solo.customCode;
  ids.solo = solo.id;

  const roomType = await makeRoomType(admin, {
    name: payload("roomType.name"),
    location: payload("roomType.location"),
    description: payload("roomType.description", 2000),
    facilities: [payload("roomType.facilities[0]", 100)],
    totalUnits: 4,
  });
  ids.roomType = roomType.id;
  const declinedType = await makeRoomType(admin, { totalUnits: 4 });
  const room = await assignRoom(admin, party.id, roomType.id, 1);
  const declined = await assignRoom(admin, party.id, declinedType.id, 1);
  ids.assignment = room.id;

  const event = await makeEvent(admin, {
    title: payload("event.title"),
    date: payload("event.date"),
    timeFrom: payload("event.timeFrom", 50),
    timeTo: payload("event.timeTo", 50),
    description: payload("event.description", 2000),
  });
  ids.event = event.id;

  // The guest's fields: a member it adds, a decline reason, its RSVP through the page (which queues the e-mail).
  const guest = await signIn(server.url, party.authCode);
  const added = await guest.post(`/api/parties/${party.id}/members`, {
    firstName: payload("guest.firstName (guest)", 100),
    lastName: payload("guest.lastName (guest)", 100),
    ageCategory: "kid",
  });
  expect(added.status, added.text).toBe(201);
  expect((await guest.post(`/api/room-assignments/${room.id}/confirm`)).status).toBe(200);
  const decline = await guest.post(`/api/room-assignments/${declined.id}/decline`, { reason: payload("assignment.declineReason", 1000) });
  expect(decline.status, decline.text).toBe(200);
  expect((await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending: true })).status).toBe(201);
  const form = new URLSearchParams({
    intent: "submit",
    attending: "yes",
    dietaryRestrictions: payload("rsvp.dietaryRestrictions", 2000),
    messageToHost: payload("rsvp.messageToHost", 5000),
    pendingRooms: "0",
    events: event.id,
  });
  const submitted = await guest.request("POST", "/rsvp", form, { "content-type": "application/x-www-form-urlencoded" });
  expect([200, 302, 303], submitted.text.slice(0, 300)).toContain(submitted.status);
  expect(query(server, "select count(*) n from rsvps where party_id = ?", party.id)[0]!.n).toBe(1);

  // The individual answers through the API too.
  const soloClient = await signIn(server.url, solo.customCode);
  const soloRsvp = await soloClient.post("/api/rsvps", {
    guestId: solo.id,
    attending: true,
    adultsCount: 1,
    dietaryRestrictions: payload("rsvp.dietaryRestrictions (individual)", 2000),
    messageToHost: payload("rsvp.messageToHost (individual)", 5000),
  });
  expect(soloRsvp.status, soloRsvp.text).toBe(201);
}, 90_000);
afterAll(async () => server?.stop());

describe("stored XSS", () => {
  it("no page and no e-mail shows a payload unescaped; every field is shown escaped somewhere", async () => {
    const party = await signIn(server.url, partyCode);
    const solo = await signIn(server.url, soloCode);
    const pages: Array<{ name: string; client: Client; path: string }> = [
      { name: "landing", client: new Client(server.url), path: "/" },
      { name: "landing (signed in)", client: party, path: "/" },
      { name: "rsvp (party)", client: party, path: "/rsvp" },
      { name: "my-rsvp (party)", client: party, path: "/my-rsvp" },
      { name: "rsvp (individual)", client: solo, path: "/rsvp" },
      { name: "my-rsvp (individual)", client: solo, path: "/my-rsvp" },
      ...[
        "/admin/dashboard", "/admin/guests", "/admin/parties", `/admin/parties/${ids.party}`, "/admin/rsvps", "/admin/payments",
        "/admin/room-types", "/admin/room-assignments", "/admin/events", "/admin/event-rsvps", `/admin/event-rsvps?eventId=${ids.event}`,
        "/admin/event", "/admin/auth-settings",
        `/admin/guests?edit=${ids.member}`, `/admin/guests?edit=${ids.solo}`, `/admin/parties?edit=${ids.party}`,
        `/admin/room-types?edit=${ids.roomType}`, `/admin/events?edit=${ids.event}`, `/admin/room-assignments?edit=${ids.assignment}`,
        `/admin/guests?delete=${ids.member}`, `/admin/events?delete=${ids.event}`, `/admin/parties?delete=${ids.party}`,
        `/admin/room-types?delete=${ids.roomType}`,
      ].map((path) => ({ name: path, client: admin, path })),
    ];

    const unescaped: string[] = [];
    const shownOn = new Map<string, string[]>(fields.map((f) => [f.marker, []]));
    const rendered: string[] = [];
    for (const page of pages) {
      const res = await page.client.get(page.path);
      // A guest who has answered is sent from /rsvp to /my-rsvp (SPEC.md 2); My RSVP is checked itself.
      if (page.path === "/rsvp" && res.status === 302) continue;
      expect(res.status, `${page.name}: ${res.text.slice(0, 200)}`).toBe(200);
      rendered.push(page.name);
      for (const re of RAW) if (re.test(res.text)) unescaped.push(`${page.name}: ${re.exec(res.text)![0]}`);
      for (const f of fields) if (res.text.includes(f.marker)) shownOn.get(f.marker)!.push(page.name);
      // The document's policy would stop an injected script anyway: no inline script without the nonce.
      expect(res.headers.get("content-security-policy") ?? "", page.name).toMatch(/script-src[^;]*'self'/);
      expect(res.headers.get("content-security-policy") ?? "", page.name).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }

    // The e-mails: every one in the outbox, HTML and text.
    const mails = query<{ subject: string; text: string; html: string | null }>(server, "select subject, text, html from outbox");
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      for (const re of RAW) if (re.test(mail.html ?? "")) unescaped.push(`e-mail html: ${re.exec(mail.html ?? "")![0]}`);
      for (const f of fields) if ((mail.html ?? "").includes(f.marker)) shownOn.get(f.marker)!.push("e-mail");
      expect(mail.html ?? "").toContain("&lt;script&gt;");
    }

    const report = fields.map((f) => `${f.field.padEnd(40)} ${shownOn.get(f.marker)!.length ? `escaped on ${shownOn.get(f.marker)!.length} pages/e-mails` : "NOT SHOWN anywhere"}`);
    console.log(report.join("\n"));
    figure("stored XSS: fields with a payload", fields.length);
    figure("stored XSS: pages rendered", `${rendered.length} pages + ${mails.length} e-mails`);
    figure("stored XSS: payloads found unescaped", unescaped.length);
    expect(unescaped).toEqual([]);
    // Every field is rendered somewhere, so the check above covered it.
    expect(fields.filter((f) => shownOn.get(f.marker)!.length === 0).map((f) => f.field)).toEqual([]);
  }, 120_000);
});
