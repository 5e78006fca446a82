/*
 * "Add to Calendar": the event dates are free display text ("June 12-13, 2026",
 * "Saturday, June 13, 2026", "4:30 PM"), so they are read leniently here and
 * turned into instants in the venue's time zone (Portugal, by @date-fns/tz).
 * An .ics file (ical-generator) and a Google Calendar link are built from the
 * result (docs/decisions/050-libraries-for-ics-and-csv.md).
 */
import { TZDate } from "@date-fns/tz";
import ical, { escape, ICalCalendarMethod } from "ical-generator";

export const VENUE_TIME_ZONE = "Europe/Lisbon";

const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  janeiro: 1, fevereiro: 2, "março": 3, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
};

export type DayRange = { year: number; month: number; day: number; lastDay: number };

/** The first day (and the last, for "June 12-13, 2026") of a display date, or null. */
export function parseEventDate(text: string | null | undefined): DayRange | null {
  if (!text) return null;
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) {
    const day = Number(iso[3]);
    return { year: Number(iso[1]), month: Number(iso[2]), day, lastDay: day };
  }
  const lower = text.toLowerCase();
  const year = /\b(20\d{2})\b/.exec(lower)?.[1];
  if (!year) return null;
  // "June 12-13" / "June 12th" (month first) or "12-13 June" / "12 de junho" (day first).
  const monthFirst = /([a-zç]+)\.?\s+(\d{1,2})(?!\d)(?:st|nd|rd|th)?(?:\s*[-–]\s*(\d{1,2})(?!\d))?/.exec(lower);
  const dayFirst = /(?<!\d)(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?\s+(?:de\s+)?([a-zç]+)/.exec(lower);
  for (const [monthName, first, last] of [
    [monthFirst?.[1], monthFirst?.[2], monthFirst?.[3]],
    [dayFirst?.[3], dayFirst?.[1], dayFirst?.[2]],
  ]) {
    const month = monthName ? MONTHS[monthName] : undefined;
    if (month && first) {
      const day = Number(first);
      const lastDay = last ? Number(last) : day;
      if (day >= 1 && day <= 31 && lastDay >= day && lastDay <= 31) return { year: Number(year), month, day, lastDay };
    }
  }
  return null;
}

/** "4:30 PM", "4 pm", "16:30", "16h30" as hours and minutes, or null. */
export function parseTime(text: string | null | undefined): { hour: number; minute: number } | null {
  if (!text) return null;
  const m = /(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  const meridiem = m[3]?.toLowerCase().replace(/\./g, "");
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** The instant of a wall-clock time in the venue's zone (day overflow allowed: day 14 hour 2). */
export function venueTime(year: number, month: number, day: number, hour: number, minute: number, timeZone = VENUE_TIME_ZONE) {
  return new Date(+new TZDate(year, month - 1, day, hour, minute, timeZone));
}

export type CalendarEvent = {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location?: string;
  description?: string;
};

/** A side event ("Saturday, June 13, 2026", "10:00 PM" to "2:00 AM" ends the next day), or null. */
export function sideEventToCalendar(event: {
  id: string;
  title: string;
  date: string;
  timeFrom: string;
  timeTo: string;
  description?: string | null;
  location?: string;
}): CalendarEvent | null {
  const day = parseEventDate(event.date);
  const from = parseTime(event.timeFrom);
  if (!day || !from) return null;
  const to = parseTime(event.timeTo);
  const start = venueTime(day.year, day.month, day.day, from.hour, from.minute);
  let end = to ? venueTime(day.year, day.month, day.day, to.hour, to.minute) : new Date(start.getTime() + 2 * 3600_000);
  if (end <= start) end = new Date(end.getTime() + 24 * 3600_000);
  return {
    uid: `event-${event.id}@convite`,
    title: event.title,
    start,
    end,
    location: event.location,
    description: event.description ?? undefined,
  };
}

/**
 * A shuttle pickup (issue 26) for the calendar: its texts already in the
 * guest's language, its date (YYYY-MM-DD) and time (HH:MM) on the venue's
 * clock. The caller picks a stable uid (one per party and run), so a calendar
 * that imports the file again moves the entry instead of adding one.
 */
export type PickupEntry = {
  uid: string;
  date: string;
  time: string;
  durationMinutes: number;
  summary: string;
  location?: string;
  description?: string;
};

/** A pickup at its Lisbon time, or null when its date or time cannot be read. */
export function pickupToCalendar(pickup: PickupEntry): CalendarEvent | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(pickup.date);
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(pickup.time);
  if (!day || !time) return null;
  const start = venueTime(Number(day[1]), Number(day[2]), Number(day[3]), Number(time[1]), Number(time[2]));
  return {
    uid: pickup.uid,
    title: pickup.summary,
    start,
    end: new Date(start.getTime() + Math.max(1, pickup.durationMinutes) * 60_000),
    location: pickup.location,
    description: pickup.description,
  };
}

/** The stay of SPEC.md 9, used when the configured date cannot be read. */
const FALLBACK_DAYS: DayRange = { year: 2026, month: 6, day: 12, lastDay: 13 };

/**
 * The main celebration: from the configured date and time; a range such as
 * "June 12-13, 2026" ends at 2:00 AM after its last day (the dancing ends
 * then, per the landing page's programme), a single day five hours later.
 */
export function mainEventToCalendar(config: {
  eventTitle: string;
  eventDate: string;
  eventTime: string;
  venueName: string;
  venueAddress: string;
  description?: string;
}): CalendarEvent {
  const days = parseEventDate(config.eventDate) ?? FALLBACK_DAYS;
  const time = parseTime(config.eventTime) ?? { hour: 16, minute: 30 };
  const start = venueTime(days.year, days.month, days.day, time.hour, time.minute);
  const end =
    days.lastDay > days.day
      ? venueTime(days.year, days.month, days.lastDay + 1, 2, 0)
      : new Date(start.getTime() + 5 * 3600_000);
  return {
    uid: "main-event@convite",
    title: config.eventTitle,
    start,
    end,
    location: `${config.venueName}, ${config.venueAddress}`,
    description: config.description,
  };
}

/** 20260612T153000Z */
export function icsDate(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** An .ics file (RFC 5545) with the instants in UTC, written by ical-generator. */
export function buildIcs(events: CalendarEvent[], { now = new Date(), name }: { now?: Date; name?: string } = {}) {
  const calendar = ical({
    prodId: { company: "Convite", product: "RSVP", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    // The library writes NAME and X-WR-CALNAME as given, unescaped.
    name: name ? escape(name, false) : null,
  });
  for (const e of events) {
    calendar.createEvent({
      id: e.uid,
      stamp: now,
      start: e.start,
      end: e.end,
      summary: e.title,
      location: e.location || null,
      description: e.description || null,
    });
  }
  return calendar.toString();
}

/**
 * The guest's calendar file: the celebration first, then the side events they
 * attend and their pickups in time order.
 */
export function calendarFor({
  celebration,
  sideEvents = [],
  pickups = [],
  name,
  now,
}: {
  celebration: CalendarEvent;
  sideEvents?: CalendarEvent[];
  pickups?: PickupEntry[];
  name?: string;
  now?: Date;
}) {
  const rest = [...sideEvents, ...pickups.map(pickupToCalendar).filter((e) => e !== null)];
  rest.sort((a, b) => a.start.getTime() - b.start.getTime());
  return buildIcs([celebration, ...rest], { name, now });
}

export function googleCalendarUrl(e: CalendarEvent) {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${icsDate(e.start)}/${icsDate(e.end)}`,
    ctz: VENUE_TIME_ZONE,
  });
  if (e.location) params.set("location", e.location);
  if (e.description) params.set("details", e.description);
  return `https://calendar.google.com/calendar/render?${params}`;
}
