import { describe, expect, it } from "vitest";
import { buildIcs, googleCalendarUrl, mainEventToCalendar, parseEventDate, parseTime, sideEventToCalendar } from "./calendar";

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

  it("writes a valid, escaped and folded .ics file", () => {
    const e = sideEventToCalendar({
      id: "abc",
      title: "Dinner; toasts, and more",
      date: "June 13, 2026",
      timeFrom: "7:30 PM",
      timeTo: "10:00 PM",
      description: "Line one\nLine two ".repeat(8),
    })!;
    const ics = buildIcs([e], { now: new Date("2026-01-01T00:00:00Z") });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("SUMMARY:Dinner\\; toasts\\, and more\r\n");
    expect(ics).toContain("DTSTART:20260613T183000Z\r\n");
    expect(ics).toContain("DTSTAMP:20260101T000000Z\r\n");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
  });

  it("links to Google Calendar with UTC dates", () => {
    const e = sideEventToCalendar({ id: "a", title: "Walk", date: "June 13, 2026", timeFrom: "11:00 AM", timeTo: "1:00 PM" })!;
    const url = new URL(googleCalendarUrl(e));
    expect(url.hostname).toBe("calendar.google.com");
    expect(url.searchParams.get("dates")).toBe("20260613T100000Z/20260613T120000Z");
    expect(url.searchParams.get("text")).toBe("Walk");
  });
});
