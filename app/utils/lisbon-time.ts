/** Europe/Lisbon wall-clock helpers (the celebration's time zone: UTC+0 in winter, UTC+1 in summer). */
const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Lisbon",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function lisbonFields(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** Minutes Lisbon is ahead of UTC at that instant. */
function offsetMinutes(at: Date) {
  const f = lisbonFields(at);
  const asUtc = Date.UTC(f.y, f.m - 1, f.d, f.h, f.min, f.s);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a Lisbon wall-clock time (YYYY-MM-DD, hour) happens. */
export function lisbonTime(date: string, hour: number): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  return new Date(guess - offsetMinutes(new Date(guess)) * 60_000);
}

/** Today's date in Lisbon, YYYY-MM-DD. */
export function lisbonDate(at = new Date()) {
  const f = lisbonFields(at);
  return `${f.y}-${String(f.m).padStart(2, "0")}-${String(f.d).padStart(2, "0")}`;
}

/** YYYY-MM-DD plus (or minus) whole days. */
export function addDays(date: string, days: number) {
  const t = new Date(`${date}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
