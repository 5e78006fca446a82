// Event Attendance figures (SPEC.md section 4) against hand-computed values:
// through the models, then as the page and its CSV show them over HTTP.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toAttendanceRow } from "~/components/admin/events/attendance-rows";
import { db } from "~/db.server";
import { attendanceStats, listAllEventRsvps, setEventRsvp } from "~/models/event-rsvps.server";
import { createEvent, deleteEvent } from "~/models/events.server";
import { addPartyMember, createGuest } from "~/models/guests.server";
import { createParty } from "~/models/parties.server";
import { submitRsvp } from "~/models/rsvps.server";
import { ensureSingletons } from "~/models/seed.server";
import { Client } from "../support/http";
import { startServer, type TestServer } from "../support/server";

type Age = "adult" | "kid" | "baby";

function wipe() {
  for (const table of ["event_rsvps", "rsvps", "party_room_assignments", "events", "room_types", "guests", "parties"]) {
    db.run(sql.raw(`delete from ${table}`));
  }
  ensureSingletons();
}

function partyWith(name: string, members: Age[]) {
  const party = createParty({ name });
  members.forEach((ageCategory, i) => addPartyMember(party.id, { firstName: `M${i}`, lastName: name, ageCategory }, "admin"));
  return party;
}

const event = (title: string) => createEvent({ title, date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM" });

describe("attendance figures (models)", () => {
  beforeEach(wipe);

  it("counts answers, and guests only from attending answers with a main RSVP", () => {
    const dinner = event("Dinner");
    const other = event("Walk");
    // Attending, main RSVP from members: 2 adults, 1 kid, 1 baby.
    const family = partyWith("Family", ["adult", "adult", "kid", "baby"]);
    submitRsvp({ partyId: family.id, attending: true, actor: "admin" });
    setEventRsvp({ eventId: dinner.id, partyId: family.id, attending: true, actor: "admin" });
    // Not attending the dinner: an answer, but no guests.
    const couple = partyWith("Couple", ["adult", "adult"]);
    submitRsvp({ partyId: couple.id, attending: true, actor: "admin" });
    setEventRsvp({ eventId: dinner.id, partyId: couple.id, attending: false, actor: "admin" });
    // Attending, but no main RSVP yet: an answer, no guests.
    const friends = partyWith("Friends", ["adult", "kid"]);
    setEventRsvp({ eventId: dinner.id, partyId: friends.id, attending: true, actor: "admin" });
    // An individual guest: 1 adult and 1 kid on the main RSVP.
    const solo = createGuest({ firstName: "Laura", lastName: "Bianchi" }, "admin");
    submitRsvp({ guestId: solo.id, attending: true, adultsCount: 1, kidsCount: 1, babiesCount: 0, actor: "admin" });
    setEventRsvp({ eventId: dinner.id, guestId: solo.id, attending: true, actor: "admin" });
    // Another event's answers never leak into this one.
    setEventRsvp({ eventId: other.id, partyId: couple.id, attending: true, actor: "admin" });

    // Responses 4: attending 3 (75%), not 1 (25%). Guests: family 2+1+1 and solo 1+1+0
    // = adults 3, kids 2, babies 1, total 6 -> 50%, 33%, 17%.
    expect(attendanceStats({ eventId: dinner.id })).toEqual({
      attending: 3,
      notAttending: 1,
      totalResponses: 4,
      totalGuests: 6,
      adults: 3,
      kids: 2,
      babies: 1,
      attendingPercent: 75,
      notAttendingPercent: 25,
      adultsPercent: 50,
      kidsPercent: 33,
      babiesPercent: 17,
    });
    // The other event: one answer (the couple, 2 adults).
    expect(attendanceStats({ eventId: other.id })).toMatchObject({ attending: 1, totalResponses: 1, totalGuests: 2, adults: 2, adultsPercent: 100 });

    // The table's rows: name, type and status as the page shows them.
    const rows = listAllEventRsvps({ eventId: dinner.id }).map(toAttendanceRow);
    expect(rows.map((r) => [r.name, r.type, r.status]).sort()).toEqual([
      ["Couple", "Party", "Not Attending"],
      ["Family", "Party", "Attending"],
      ["Friends", "Party", "Attending"],
      ["Laura Bianchi", "Individual", "Attending"],
    ]);
    expect(rows.every((r) => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(r.respondedOn))).toBe(true);
  });

  it("shows 0%, never a division by zero, for an event nobody has answered or only declined", () => {
    const quiet = event("Quiet");
    expect(attendanceStats({ eventId: quiet.id })).toEqual({
      attending: 0,
      notAttending: 0,
      totalResponses: 0,
      totalGuests: 0,
      adults: 0,
      kids: 0,
      babies: 0,
      attendingPercent: 0,
      notAttendingPercent: 0,
      adultsPercent: 0,
      kidsPercent: 0,
      babiesPercent: 0,
    });
    const party = partyWith("Declines", ["adult"]);
    submitRsvp({ partyId: party.id, attending: true, actor: "admin" });
    setEventRsvp({ eventId: quiet.id, partyId: party.id, attending: false, actor: "admin" });
    expect(attendanceStats({ eventId: quiet.id })).toMatchObject({
      notAttending: 1,
      notAttendingPercent: 100,
      attendingPercent: 0,
      totalGuests: 0,
      adultsPercent: 0,
    });
  });

  it("names an answer 'Unknown' when neither a party nor a guest name is there, and '-' for no date", () => {
    expect(
      toAttendanceRow({
        id: "x",
        attending: false,
        createdAt: null,
        partyId: null,
        event: { title: "Dinner", date: "June 13" },
        party: null,
        guest: { firstName: "", lastName: "" },
        mainRsvp: null,
      }),
    ).toMatchObject({ name: "Unknown", type: "Individual", status: "Not Attending", respondedOn: "-", adults: null });
  });

  it("an event's answers go with it", () => {
    const gone = event("Gone");
    const party = partyWith("P", ["adult"]);
    setEventRsvp({ eventId: gone.id, partyId: party.id, attending: true, actor: "admin" });
    deleteEvent({ id: gone.id });
    expect(listAllEventRsvps()).toEqual([]);
    expect(attendanceStats()).toMatchObject({ totalResponses: 0, attendingPercent: 0 });
  });
});

describe("the Event Attendance page and its CSV (HTTP)", () => {
  let server: TestServer;
  let admin: Client;
  const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&gt;/g, ">").replace(/&lt;/g, "<");

  beforeAll(async () => {
    server = await startServer({ env: { QUERY_COUNT: "1" } });
    admin = await new Client(server.url).loginAdmin();
  });
  afterAll(async () => server?.stop());

  async function answering(name: string, ages: Age[], eventId: string, attending: boolean, mainRsvp?: boolean) {
    const party = (await admin.post("/api/parties", { name })).json as { id: string; authCode: string };
    for (const [i, ageCategory] of ages.entries()) {
      await admin.post(`/api/parties/${party.id}/members`, { firstName: `M${i}`, lastName: name, ageCategory });
    }
    const guest = new Client(server.url);
    expect((await guest.post("/api/party-auth", { authCode: party.authCode })).status).toBe(200);
    if (mainRsvp !== undefined) expect((await guest.post("/api/rsvps", { partyId: party.id, attending: mainRsvp })).status).toBeLessThan(300);
    const res = await guest.post("/api/event-rsvps", { eventId, partyId: party.id, attending });
    expect(res.status, res.text).toBeLessThan(300);
  }

  it("shows the seven figures for one event, the Event column only for all events, and exports the same", async () => {
    const ev = (await admin.post("/api/events", { title: "Port Tasting", date: "Friday, June 12, 2026", timeFrom: "5:00 PM", timeTo: "6:00 PM", hotelGuestsOnly: false }))
      .json as { id: string };
    await answering("Teixeira", ["adult", "adult", "kid"], ev.id, true, true);
    await answering("Ulrich", ["adult"], ev.id, false, false);
    await answering("=HYPERLINK(evil)", ["adult", "baby"], ev.id, true, true);

    const all = decode((await admin.get("/admin/event-rsvps")).text);
    expect(all).toMatch(/<th[^>]*>Event<\/th>/);
    expect(all).not.toContain('data-slot="stat-card"');

    const one = decode((await admin.get(`/admin/event-rsvps?event=${ev.id}`)).text);
    expect(one).not.toMatch(/<th[^>]*>Event<\/th>/);
    // Responses 3: attending 2 (67%), not 1 (33%). Guests: 2+1+0 and 1+0+1 = adults 3, kids 1, babies 1 -> 60%, 20%, 20%.
    const figure = (label: string) => new RegExp(`<dt[^>]*>${label.replace(/[()]/g, "\\$&")}</dt><dd[^>]*><span[^>]*>(\\d+)</span>(?:<span[^>]*>([^<]*)</span>)?`).exec(one)?.slice(1, 3);
    expect(figure("Attending")).toEqual(["2", "67% of responses"]);
    expect(figure("Not Attending")).toEqual(["1", "33% of responses"]);
    expect(figure("Total Responses")).toEqual(["3", undefined]);
    expect(figure("Total Guests")).toEqual(["5", undefined]);
    expect(figure("Adults")).toEqual(["3", "60% of guests"]);
    expect(figure("Kids (>2y)")).toEqual(["1", "20% of guests"]);
    expect(figure("Babies (≤2y)")).toEqual(["1", "20% of guests"]);

    const csv = await admin.get(`/admin/event-rsvps/export?event=${ev.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain('filename="event-attendance-port-tasting.csv"');
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Event,Event Date,Guest/Party,Type,Status,Date Responded,Adults,Kids (>2y),Babies (≤2y)");
    // The date answered has a comma, so it is quoted; the counts come from the main RSVP.
    expect(lines.find((l) => l.includes("Ulrich"))).toMatch(/^Port Tasting,"Friday, June 12, 2026",Ulrich,Party,Not Attending,"[A-Z][a-z]+ \d{1,2}, \d{4}",0,0,0$/); // a "no" counts nobody (docs/decisions/004)
    // A name a spreadsheet would run as a formula is neutralised.
    expect(csv.text).toContain("'=HYPERLINK(evil)");
    expect(lines).toContain("Attending,2,67%");
    expect(lines).toContain("Babies (≤2y),1,20%");

    // Without an admin session: the login, not the data.
    const anonymous = await new Client(server.url).get(`/admin/event-rsvps/export?event=${ev.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin");
  });

  it("reads the page in a fixed number of queries, however many answers", async () => {
    const ev = (await admin.post("/api/events", { title: "Budget Walk", date: "Saturday", timeFrom: "9:00 AM", timeTo: "10:00 AM" })).json as { id: string };
    const count = async () => ({
      all: (await admin.get("/admin/event-rsvps")).headers.get("x-query-count"),
      one: (await admin.get(`/admin/event-rsvps?event=${ev.id}`)).headers.get("x-query-count"),
      events: (await admin.get("/admin/events")).headers.get("x-query-count"),
    });
    const before = await count();
    for (let i = 0; i < 5; i++) await answering(`Budget ${i}`, ["adult"], ev.id, i % 2 === 0, true);
    expect(await count()).toEqual(before);
  });
});
