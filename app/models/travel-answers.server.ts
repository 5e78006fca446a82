import { and, eq, inArray, isNull } from "drizzle-orm";
import { guests, parties, rsvps, travelAnswers } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ForbiddenError, ValidationError, type FieldErrors } from "../utils/errors";
import type { LegInput, MyTravelInput } from "../schemas/travel";
import { recordActivity, type Actor } from "./activity.server";
import type { Responder } from "./event-rsvps.server";
import type { TransferRequest } from "./shuttle-planner";
import { assertTravelMayChange, getTravelSettings, listTravelPoints, type TravelPoint } from "./travel-settings.server";

/* Issue 26: a party's (or individual guest's) arrival and departure, whole or per member travelling apart. */

export type TravelAnswer = typeof travelAnswers.$inferSelect;
export type Leg = { date: string; time: string; pointId: string; number: string | null };
export const NOT_COMING = "Travel details are asked once you are coming.";

const ownerWhere = (owner: Responder) =>
  owner.partyId ? eq(travelAnswers.partyId, owner.partyId) : and(eq(travelAnswers.guestId, owner.guestId!), isNull(travelAnswers.partyId));

/** How many people of this invitation are coming (0: not attending or no answer yet). */
export function peopleComing(owner: Responder) {
  const row = db
    .select({ attending: rsvps.attending, guestCount: rsvps.guestCount })
    .from(rsvps)
    .where(owner.partyId ? eq(rsvps.partyId, owner.partyId) : eq(rsvps.guestId, owner.guestId!))
    .get();
  return row?.attending ? row.guestCount : 0;
}

const legOf = (row: TravelAnswer, side: "arrival" | "departure"): Leg | null => {
  const date = side === "arrival" ? row.arrivalDate : row.departureDate;
  const time = side === "arrival" ? row.arrivalTime : row.departureTime;
  const pointId = side === "arrival" ? row.arrivalPointId : row.departurePointId;
  if (!date || !time || !pointId) return null;
  return { date, time, pointId, number: (side === "arrival" ? row.arrivalNumber : row.departureNumber) ?? null };
};

/** GET /api/my-travel's answer: the whole invitation's legs, its transfer wishes and each member travelling apart. */
export function getMyTravel(owner: Responder) {
  const rows = db.select().from(travelAnswers).where(ownerWhere(owner)).all();
  const whole = rows.find((r) => !r.partyId || !r.guestId) ?? null;
  const members = owner.partyId ? rows.filter((r) => r.guestId) : [];
  const anyRow = whole ?? members[0];
  // Issue 36: the seats follow the people coming; `seatsFollowed` tells the guest when they went down.
  const memberRows = owner.partyId ? db.select({ id: guests.id, attending: guests.attending }).from(guests).where(eq(guests.partyId, owner.partyId)).all() : [];
  const cap = whole ? (seatCaps(rows, new Map(memberRows.map((g) => [g.id, g]))).get(whole.travellerId) ?? 0) : 0;
  const seats = whole ? Math.max(1, Math.min(whole.seats, cap)) : 1;
  return {
    arrival: whole ? legOf(whole, "arrival") : null,
    departure: whole ? legOf(whole, "departure") : null,
    transfer: { arrival: anyRow?.transferArrival ?? false, departure: anyRow?.transferDeparture ?? false, seats },
    seatsFollowed: whole && cap > 0 && whole.seats > cap && (whole.transferArrival || whole.transferDeparture) ? { asked: whole.seats, now: cap } : null,
    members: members.map((m) => ({ guestId: m.guestId!, arrival: legOf(m, "arrival"), departure: legOf(m, "departure") })),
  };
}
export type MyTravel = ReturnType<typeof getMyTravel>;

/**
 * PUT /api/my-travel and the guests' forms: replaces the whole answer, all or
 * nothing. Checked here (the schema checked shapes): dates within the host's
 * window, a known point, departure after arrival, seats at most the people
 * coming, members who are in the party and coming.
 */
export function saveMyTravel({ owner, input, actor }: { owner: Responder; input: MyTravelInput; actor: Actor }) {
  assertTravelMayChange(actor);
  const coming = peopleComing(owner);
  if (coming === 0) throw new ForbiddenError(NOT_COMING);
  const settings = getTravelSettings();
  const points = new Map(listTravelPoints().map((p) => [p.id, p]));
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const checkLeg = (leg: LegInput, prefix: string) => {
    if (!leg) return;
    if (!points.has(leg.pointId)) add(`${prefix}.pointId`, "Unknown travel point");
    if ((settings.windowStart && leg.date < settings.windowStart) || (settings.windowEnd && leg.date > settings.windowEnd)) {
      add(`${prefix}.date`, `The date must be between ${settings.windowStart ?? "…"} and ${settings.windowEnd ?? "…"}`);
    }
  };
  const checkOrder = (arrival: LegInput, departure: LegInput, prefix: string) => {
    if (arrival && departure && `${departure.date} ${departure.time}` <= `${arrival.date} ${arrival.time}`) {
      add(`${prefix}departure.date`, "The departure must be after the arrival");
    }
  };
  checkLeg(input.arrival, "arrival");
  checkLeg(input.departure, "departure");
  checkOrder(input.arrival, input.departure, "");
  if (input.transfer.seats > coming) add("transfer.seats", `At most ${coming} seat${coming === 1 ? "" : "s"}: the people coming`);
  const members = input.members ?? [];
  if (members.length && !owner.partyId) add("members", "Only a party has members");
  const comingMembers = owner.partyId
    ? new Set(db.select({ id: guests.id }).from(guests).where(and(eq(guests.partyId, owner.partyId), eq(guests.attending, true))).all().map((g) => g.id))
    : new Set<string>();
  const seen = new Set<string>();
  members.forEach((m, i) => {
    if (!comingMembers.has(m.guestId)) add(`members.${i}.guestId`, "Not a member of this party who is coming");
    if (seen.has(m.guestId)) add(`members.${i}.guestId`, "This member is listed twice");
    seen.add(m.guestId);
    checkLeg(m.arrival, `members.${i}.arrival`);
    checkLeg(m.departure, `members.${i}.departure`);
    checkOrder(m.arrival, m.departure, `members.${i}.`);
  });
  const first = Object.entries(errors)[0];
  if (first) throw new ValidationError(`${first[0]}: ${first[1][0]}`, errors);

  const legColumns = (side: "arrival" | "departure", leg: LegInput) => ({
    [`${side}Date`]: leg?.date ?? null,
    [`${side}Time`]: leg?.time ?? null,
    [`${side}PointId`]: leg?.pointId ?? null,
    [`${side}Number`]: leg?.number ?? null,
  });
  const transfer = { transferArrival: input.transfer.arrival, transferDeparture: input.transfer.departure };
  return immediate(() => {
    db.delete(travelAnswers).where(ownerWhere(owner)).run();
    const empty = !input.arrival && !input.departure && !input.transfer.arrival && !input.transfer.departure;
    // The rest of the party (or the guest) travels on the whole answer; members apart on their own rows.
    if (!empty) {
      db.insert(travelAnswers)
        .values({
          travellerId: owner.partyId ?? owner.guestId!,
          partyId: owner.partyId ?? null,
          guestId: owner.partyId ? null : owner.guestId!,
          ...legColumns("arrival", input.arrival),
          ...legColumns("departure", input.departure),
          ...transfer,
          seats: Math.max(1, input.transfer.seats - members.length),
        })
        .run();
    }
    for (const m of members) {
      db.insert(travelAnswers)
        .values({ travellerId: m.guestId, partyId: owner.partyId!, guestId: m.guestId, ...legColumns("arrival", m.arrival), ...legColumns("departure", m.departure), ...transfer, seats: 1 })
        .run();
    }
    recordActivity({ actor, partyId: owner.partyId ?? null, guestId: owner.partyId ? null : owner.guestId, kind: "travel", summary: travelSummary(input, points) });
    return getMyTravel(owner);
  });
}

/** The answer in one line: "Travel: arrives 2026-06-12 13:10 at Porto airport (TP1234), leaves -; transfer there, 2 seats". */
function travelSummary(input: MyTravelInput, points: Map<string, TravelPoint>) {
  const leg = (l: LegInput) => (l ? `${l.date} ${l.time} at ${points.get(l.pointId)?.name ?? "?"}${l.number ? ` (${l.number})` : ""}` : "-");
  const transfer = [input.transfer.arrival && "there", input.transfer.departure && "back"].filter(Boolean).join(" and ");
  const apart = (input.members ?? []).length;
  return `Travel: arrives ${leg(input.arrival)}, leaves ${leg(input.departure)}; ${transfer ? `transfer ${transfer}, ${input.transfer.seats} seat${input.transfer.seats === 1 ? "" : "s"}` : "no transfer"}${apart ? `; ${apart} travelling apart` : ""}`;
}

/** Who a traveller is, for the host's lists: the party's or guest's name, names of people, contact and language. */
export function listTravellers() {
  const rows = db.select().from(travelAnswers).all();
  const partyIds = [...new Set(rows.map((r) => r.partyId).filter((x): x is string => !!x))];
  const guestIds = [...new Set(rows.map((r) => r.guestId).filter((x): x is string => !!x))];
  const partyRows = partyIds.length ? db.select().from(parties).where(inArray(parties.id, partyIds)).all() : [];
  const memberRows = partyIds.length || guestIds.length
    ? db.select().from(guests).where(partyIds.length ? inArray(guests.partyId, partyIds) : inArray(guests.id, guestIds)).all()
    : [];
  const soloRows = guestIds.length ? db.select().from(guests).where(inArray(guests.id, guestIds)).all() : [];
  const partyById = new Map(partyRows.map((p) => [p.id, p]));
  const guestById = new Map([...memberRows, ...soloRows].map((g) => [g.id, g]));
  const apart = new Set(rows.filter((r) => r.partyId && r.guestId).map((r) => r.guestId!));
  const caps = seatCaps(rows, guestById);
  const fullName = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`.trim();
  return rows.map((r) => {
    const party = r.partyId ? partyById.get(r.partyId) : undefined;
    const guest = r.guestId ? guestById.get(r.guestId) : undefined;
    const people = guest
      ? [fullName(guest)]
      : memberRows.filter((g) => g.partyId === r.partyId && g.attending !== false && !apart.has(g.id)).map(fullName);
    return {
      ...r,
      seats: Math.min(r.seats, caps.get(r.travellerId) ?? 0),
      name: party && guest ? `${fullName(guest)} (${party.name})` : (party?.name ?? (guest ? fullName(guest) : "?")),
      people,
      phone: guest?.phone ?? party?.primaryPhone ?? null,
      email: guest?.email ?? party?.primaryEmail ?? null,
      language: (party?.language ?? guest?.language ?? "en") as "en" | "pt",
      arrival: legOf(r, "arrival"),
      departure: legOf(r, "departure"),
    };
  });
}
export type Traveller = ReturnType<typeof listTravellers>[number];

/**
 * Issue 36: the most seats each traveller may hold, from who is coming now.
 * A member marked not coming after the answer was saved left the party's
 * transfer at the seats asked (4 seats for 3 people); read through this the
 * seats follow the people, whatever changed the RSVP. A party's whole answer:
 * the people coming less its members travelling apart who still come; a member
 * apart: 1 while coming; nobody coming: 0 (no transfer is asked).
 */
function seatCaps(rows: TravelAnswer[], guestById: Map<string, { attending: boolean | null }>) {
  const partyIds = [...new Set(rows.map((r) => r.partyId).filter((x): x is string => !!x))];
  const soloIds = rows.filter((r) => !r.partyId && r.guestId).map((r) => r.guestId!);
  const answers = [
    ...(partyIds.length ? db.select().from(rsvps).where(inArray(rsvps.partyId, partyIds)).all() : []),
    ...(soloIds.length ? db.select().from(rsvps).where(inArray(rsvps.guestId, soloIds)).all() : []),
  ];
  const coming = new Map(answers.map((a) => [(a.partyId ?? a.guestId)!, a.attending ? a.guestCount : 0]));
  const memberComes = (r: TravelAnswer) => (coming.get(r.partyId!) ?? 0) > 0 && guestById.get(r.guestId!)?.attending !== false;
  const caps = new Map<string, number>();
  for (const r of rows) {
    if (r.partyId && r.guestId) caps.set(r.travellerId, memberComes(r) ? 1 : 0);
    else if (r.partyId) caps.set(r.travellerId, Math.max(0, (coming.get(r.partyId) ?? 0) - rows.filter((m) => m.partyId === r.partyId && m.guestId && memberComes(m)).length));
    else caps.set(r.travellerId, coming.get(r.guestId!) ?? 0);
  }
  return caps;
}

/** The planner's requests: each traveller's wished transfers from points that offer one. */
export function transferRequests(travellers: Traveller[] = listTravellers(), points: TravelPoint[] = listTravelPoints()): TransferRequest[] {
  const byId = new Map(points.map((p) => [p.id, p]));
  const out: TransferRequest[] = [];
  for (const t of travellers) {
    for (const direction of ["arrival", "departure"] as const) {
      const leg = t[direction];
      const wanted = direction === "arrival" ? t.transferArrival : t.transferDeparture;
      const point = leg ? byId.get(leg.pointId) : undefined;
      if (!leg || !wanted || !point?.transfer || t.seats < 1) continue;
      out.push({ partyId: t.travellerId, direction, pointId: point.id, date: leg.date, time: leg.time, seats: t.seats, driveMinutes: point.driveMinutes });
    }
  }
  return out;
}
