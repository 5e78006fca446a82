import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildIcs, calendarFor, googleCalendarUrl, mainEventToCalendar, parseEventDate, parseTime, sideEventToCalendar, venueTime } from "./calendar";

describe("reading display dates and times", () => {
  it.each([
    ["June 12-13, 2026", { year: 2026, month: 6, day: 12, lastDay: 13 }],
    ["Saturday, June 13, 2026", { year: 2026, month: 6, day: 13, lastDay: 13 }],
    ["12 June 2026", { year: 2026, month: 6, day: 12, lastDay: 12 }],
    ["12 de junho de 2026", { year: 2026, month: 6, day: 12, lastDay: 12 }],
    ["2026-06-12", { year: 2026, month: 6, day: 12, lastDay: 12 }],
    ["June 12th, 2026", { year: 2026, month: 6, day: 12, lastDay: 12 }],
  ])("%s", (text, expected) => {
    expect(parseEventDate(text)).toEqual(expected);
  });

  it("gives up on text without a date", () => {
    expect(parseEventDate("Date TBA")).toBeNull();
    expect(parseEventDate("")).toBeNull();
  });

  it.each([
    ["4:30 PM", { hour: 16, minute: 30 }],
    ["12:00 AM", { hour: 0, minute: 0 }],
    ["10 pm", { hour: 22, minute: 0 }],
    ["16:30", { hour: 16, minute: 30 }],
    ["16h30", { hour: 16, minute: 30 }],
  ])("%s", (text, expected) => {
    expect(parseTime(text)).toEqual(expected);
  });
});

describe("calendar events", () => {
  it("puts the main event in Lisbon summer time (UTC+1) and ends a two-day range at 2 AM", () => {
    const e = mainEventToCalendar({
      eventTitle: "40th Birthday Celebration",
      eventDate: "June 12-13, 2026",
      eventTime: "4:30 PM",
      venueName: "Quinta da Videira",
      venueAddress: "Pinhão, Portugal",
    });
    expect(e.start.toISOString()).toBe("2026-06-12T15:30:00.000Z");
    expect(e.end.toISOString()).toBe("2026-06-14T01:00:00.000Z");
  });

  it("moves an end time before the start to the next day", () => {
    const e = sideEventToCalendar({ id: "x", title: "Dancing", date: "Saturday, June 13, 2026", timeFrom: "10:00 PM", timeTo: "2:00 AM" });
    expect(e?.start.toISOString()).toBe("2026-06-13T21:00:00.000Z");
    expect(e?.end.toISOString()).toBe("2026-06-14T01:00:00.000Z");
  });

  it("reads wall-clock times in Lisbon winter time and across both DST changes", () => {
    const at = (...args: [number, number, number, number, number]) => venueTime(...args).toISOString();
    expect(at(2026, 1, 10, 16, 30)).toBe("2026-01-10T16:30:00.000Z"); // WET, UTC+0
    expect(at(2026, 3, 29, 0, 30)).toBe("2026-03-29T00:30:00.000Z"); // before the spring change
    expect(at(2026, 3, 29, 1, 30)).toBe("2026-03-29T01:30:00.000Z"); // in the skipped hour: read as 02:30 WEST
    expect(at(2026, 3, 29, 3, 0)).toBe("2026-03-29T02:00:00.000Z"); // WEST, UTC+1
    expect(at(2026, 10, 25, 0, 30)).toBe("2026-10-24T23:30:00.000Z"); // still WEST
    expect(at(2026, 10, 25, 1, 30)).toBe("2026-10-25T01:30:00.000Z"); // the repeated hour: the second one (WET)
    expect(at(2026, 6, 12, 26, 0)).toBe("2026-06-13T01:00:00.000Z"); // hour overflow into the next day
    expect(at(2026, 6, 31, 2, 0)).toBe("2026-07-01T01:00:00.000Z"); // day overflow into the next month
  });

  it("writes a valid, escaped and folded .ics file", () => {
    const e = sideEventToCalendar({
      id: "abc",
      title: "Dinner; toasts, and more",
      date: "June 13, 2026",
      timeFrom: "7:30 PM",
      timeTo: "10:00 PM",
      // Folding counts octets, not characters: Portuguese text must fold sooner.
      description: "Line one\nLine two ".repeat(8) + "Celebração à beira-rio, ção ção ção ção ção ção ção ção ção ção ção ção",
    })!;
    const ics = buildIcs([e], { now: new Date("2026-01-01T00:00:00Z") });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("SUMMARY:Dinner\\; toasts\\, and more\r\n");
    expect(ics).toContain("DTSTART:20260613T183000Z\r\n");
    expect(ics).toContain("DTSTAMP:20260101T000000Z\r\n");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
  });

  it("writes an .ics file a calendar parser reads back to the same instants and text", () => {
    const main = mainEventToCalendar({
      eventTitle: "Ana & Rui, 40",
      eventDate: "June 12-13, 2026",
      eventTime: "4:30 PM",
      venueName: "Quinta da Videira",
      venueAddress: "Pinhão; Portugal",
      description: "https://convite.example/my-rsvp",
    });
    const side = sideEventToCalendar({
      id: "d1",
      title: "Dançar; até às 2",
      date: "Saturday, June 13, 2026",
      timeFrom: "10:00 PM",
      timeTo: "2:00 AM",
      description: "Traje: \\ livre,\nsapatos confortáveis. ".repeat(4),
      location: "Adega, Quinta da Videira",
    })!;
    const ics = buildIcs([main, side], { now: new Date("2026-05-01T12:00:00Z"), name: "Ana & Rui, 40; festa" });
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Convite//RSVP//EN");
    // ical.js keeps the text of properties it has no type for (NAME, X-WR-CALNAME) as written:
    // escaped like any TEXT value (RFC 5545 3.3.11), which the library alone does not do.
    expect(calendar.getFirstPropertyValue("name")).toBe("Ana & Rui\\, 40\\; festa");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Ana & Rui\\, 40\\; festa");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(
      events.map((e) => ({
        uid: e.uid,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        utc: [e.startDate.zone?.tzid, e.endDate.zone?.tzid],
        summary: e.summary,
        location: e.location,
        description: e.description,
      })),
    ).toEqual([
      {
        uid: "main-event@convite",
        start: "2026-06-12T15:30:00.000Z",
        end: "2026-06-14T01:00:00.000Z",
        utc: ["UTC", "UTC"],
        summary: "Ana & Rui, 40",
        location: "Quinta da Videira, Pinhão; Portugal",
        description: "https://convite.example/my-rsvp",
      },
      {
        uid: "event-d1@convite",
        start: "2026-06-13T21:00:00.000Z",
        end: "2026-06-14T01:00:00.000Z",
        utc: ["UTC", "UTC"],
        summary: "Dançar; até às 2",
        location: "Adega, Quinta da Videira",
        description: "Traje: \\ livre,\nsapatos confortáveis. ".repeat(4),
      },
    ]);
    expect(events[0]!.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-05-01T12:00:00Z");
  });

  it("links to Google Calendar with UTC dates", () => {
    const e = sideEventToCalendar({ id: "a", title: "Walk", date: "June 13, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM" })!;
    const url = new URL(googleCalendarUrl(e));
    expect(url.hostname).toBe("calendar.google.com");
    expect(url.searchParams.get("dates")).toBe("20260613T100000Z/20260613T120000Z");
    expect(url.searchParams.get("text")).toBe("Walk");
  });
});

describe("the guest's calendar with pickups (issue 26)", () => {
  const celebration = mainEventToCalendar({
    eventTitle: "Ana & Rui, 40",
    eventDate: "June 12-13, 2026",
    eventTime: "4:30 PM",
    venueName: "Quinta da Videira",
    venueAddress: "Pinhão",
  });
  const dinner = sideEventToCalendar({ id: "d", title: "Dinner", date: "June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM" })!;
  const pickup = (uid: string, date: string, time: string, summary: string) => ({
    uid,
    date,
    time,
    durationMinutes: 150,
    summary,
    location: "Porto Airport (OPO), arrivals hall, exit 2",
    description: "Look for the Convite sign. Driver: +351 912 345 678",
  });

  it("puts each pickup at its Lisbon time, after the celebration and in time order", () => {
    const ics = calendarFor({
      celebration,
      sideEvents: [dinner],
      pickups: [
        pickup("pickup-dep@convite", "2026-06-14", "10:15", "Shuttle to Porto Airport"),
        pickup("pickup-arr@convite", "2026-06-12", "00:25", "Recolha no aeroporto do Porto"),
        pickup("pickup-bad@convite", "2026-06-12", "25:00", "Unreadable"),
      ],
      now: new Date("2026-05-01T12:00:00Z"),
    });
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.startDate.toJSDate().toISOString(), e.endDate.toJSDate().toISOString(), e.summary])).toEqual([
      ["main-event@convite", "2026-06-12T15:30:00.000Z", "2026-06-14T01:00:00.000Z", "Ana & Rui, 40"],
      // 00:25 in Lisbon summer time is 23:25 UTC the day before.
      ["pickup-arr@convite", "2026-06-11T23:25:00.000Z", "2026-06-12T01:55:00.000Z", "Recolha no aeroporto do Porto"],
      ["event-d@convite", "2026-06-13T18:30:00.000Z", "2026-06-13T21:00:00.000Z", "Dinner"],
      ["pickup-dep@convite", "2026-06-14T09:15:00.000Z", "2026-06-14T11:45:00.000Z", "Shuttle to Porto Airport"],
    ]);
    expect(events[1]!.location).toBe("Porto Airport (OPO), arrivals hall, exit 2");
    expect(events[1]!.description).toBe("Look for the Convite sign. Driver: +351 912 345 678");
  });

  it("reads a pickup in winter time as UTC", () => {
    const ics = calendarFor({ celebration, pickups: [pickup("w@convite", "2026-12-30", "18:00", "Pickup")] });
    const [, winter] = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(winter!.startDate.toJSDate().toISOString()).toBe("2026-12-30T18:00:00.000Z");
  });
});
