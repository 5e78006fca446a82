/*
 * The RSVP deadline (issue 14): `rsvpDeadline` is a calendar date; answers
 * close at the end of that day in Europe/Lisbon (24:00 local, so 23:00 or
 * 24:00 UTC depending on summer time). Pure functions: pages, e-mails and the
 * models' rule (models/rsvp-deadline.server.ts) all read it from here.
 */

export const EVENT_TIME_ZONE = "Europe/Lisbon";
export const DEADLINE_PASSED_MESSAGE = "The RSVP deadline has passed. Please contact the host to make changes.";

export type DeadlineLang = "en" | "pt";

const REPLY_BY: Record<DeadlineLang, string> = {
  en: "Please reply by {date}",
  pt: "Por favor, responda até {date}",
};
export const DEADLINE_PASSED_TEXT: Record<DeadlineLang, string> = {
  en: DEADLINE_PASSED_MESSAGE,
  pt: "O prazo de resposta terminou. Por favor, contacte o anfitrião para fazer alterações.",
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isCalendarDate = (v: string) => {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
};

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: EVENT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The wall clock in Lisbon at an instant. */
export function lisbonClock(at: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    minute: Number(p.minute),
    offsetMs: Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(at.getTime() / 1000) * 1000,
  };
}

/** "2026-05-12" → "2026-05-13" (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** The instant a Lisbon calendar day starts (midnight is never skipped by Portugal's clock changes). */
export function lisbonDayStart(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y!, m! - 1, d!);
  return new Date(guess - lisbonClock(new Date(guess)).offsetMs);
}

/** The Lisbon calendar day an instant falls on. */
export const lisbonDay = (at: Date) => lisbonClock(at).day;

/** When answers close: the end of the deadline's day in Lisbon. */
export const deadlineClosesAt = (deadline: string) => lisbonDayStart(addDays(deadline, 1));

export type RsvpDeadlineState = { deadline: string | null; closesAt: string | null; passed: boolean };

/** Whether guest changes are still accepted at `now`. No deadline: always open. */
export function rsvpDeadlineState(config: { rsvpDeadline: string | null }, now: Date = new Date()): RsvpDeadlineState {
  const deadline = config.rsvpDeadline && isCalendarDate(config.rsvpDeadline) ? config.rsvpDeadline : null;
  if (!deadline) return { deadline: null, closesAt: null, passed: false };
  const closesAt = deadlineClosesAt(deadline);
  return { deadline, closesAt: closesAt.toISOString(), passed: now.getTime() >= closesAt.getTime() };
}

const longDate: Record<DeadlineLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  pt: new Intl.DateTimeFormat("pt-PT", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};

/** "12 May 2026" / "12 de maio de 2026". */
export const formatDeadlineDate = (deadline: string, lang: DeadlineLang) => longDate[lang].format(new Date(`${deadline}T12:00:00Z`));

/** "Please reply by 12 May 2026" / "Por favor, responda até 12 de maio de 2026"; null without a deadline. */
export function replyByText(config: { rsvpDeadline: string | null }, lang: DeadlineLang) {
  const { deadline } = rsvpDeadlineState(config);
  return deadline ? REPLY_BY[lang].replace("{date}", formatDeadlineDate(deadline, lang)) : null;
}
