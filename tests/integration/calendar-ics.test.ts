import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { removeDb, startServer, type TestServer } from "../support/server";
import { makeEvent, makeGuest, makeParty, signedIn } from "./api-fixtures";

/*
 * Issue 26: the guest's calendar file holds the celebration and each side
 * event the guest (a party or an individual guest) attends, at the venue's
 * Lisbon time (June is summer time, UTC+1; December is UTC+0), and none of
 * the events they said no to or never answered.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_DISABLED: "1" } });
  admin = await new Client(server.url).loginAdmin();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDb(server.dbPath);
});

/** The file's events, read back by a calendar parser, keyed by title. */
async function calendarOf(guest: Client) {
  const res = await guest.get("/my-rsvp/calendar.ics");
  expect(res.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.text));
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return Object.fromEntries(events.map((e) => [e.summary, [e.startDate.toJSDate().toISOString(), e.endDate.toJSDate().toISOString()]]));
}

describe("the calendar file's side events", () => {
  let dinner: { id: string; title: string };
  let winter: { id: string; title: string };
  let walk: { id: string; title: string };
  let brunch: { id: string; title: string };

  beforeAll(async () => {
    dinner = await makeEvent(admin, { date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM" });
    winter = await makeEvent(admin, { date: "Thursday, December 31, 2026", timeFrom: "10:00 PM", timeTo: "1:00 AM" });
    walk = await makeEvent(admin, { date: "Friday, June 12, 2026", timeFrom: "10:00 AM", timeTo: "12:00 PM" });
    brunch = await makeEvent(admin, { date: "Sunday, June 14, 2026", timeFrom: "11:00", timeTo: "13:30" });
  });

  it("a party's file has the celebration and the events it attends at their Lisbon times, not the others", async () => {
    const party = await makeParty(admin, ["adult", "adult"]);
    const guest = await signedIn(server, party.authCode);
    for (const [event, attending] of [[dinner, true], [winter, true], [walk, false]] as const) {
      const res = await guest.post("/api/event-rsvps", { eventId: event.id, partyId: party.id, attending });
      expect(res.status, res.text).toBe(201);
    }
    const events = await calendarOf(guest);
    expect(events).toEqual({
      "40th Birthday Celebration": ["2026-06-12T15:30:00.000Z", "2026-06-14T01:00:00.000Z"],
      [dinner.title]: ["2026-06-13T18:30:00.000Z", "2026-06-13T21:00:00.000Z"], // 7:30 PM in Lisbon summer time
      [winter.title]: ["2026-12-31T22:00:00.000Z", "2027-01-01T01:00:00.000Z"], // winter: Lisbon is UTC
    });
  });

  it("an individual guest's file has only the events that guest attends", async () => {
    const solo = await makeGuest(admin);
    const guest = await signedIn(server, solo.customCode);
    for (const [event, attending] of [[brunch, true], [dinner, false]] as const) {
      const res = await guest.post("/api/event-rsvps", { eventId: event.id, guestId: solo.id, attending });
      expect(res.status, res.text).toBe(201);
    }
    const events = await calendarOf(guest);
    expect(Object.keys(events).sort()).toEqual(["40th Birthday Celebration", brunch.title].sort());
    expect(events[brunch.title]).toEqual(["2026-06-14T10:00:00.000Z", "2026-06-14T12:30:00.000Z"]);
  });
});
