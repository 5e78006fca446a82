import { and, asc, eq, inArray } from "drizzle-orm";
import { boardingTicks, guests, parties, shuttleAssignments, travelAnswers } from "../../db/schema";
import { db, immediate } from "../db.server";
import { ValidationError } from "../utils/errors";
import type { BoardedInput } from "../schemas/weekend";
import { requireRun } from "./shuttle-runs.server";
import { listTravelPoints, pointName } from "./travel-settings.server";
import type { Lang } from "~/i18n";

/*
 * Issue 38: a run's passengers, person by person, and who boarded. A tick is
 * stored once per clientId (the driver's phone resends what it queued
 * offline; a resend is the same tick), and a person's state is their latest
 * tick by the phone's time, so two drivers ticking one person make one
 * boarding. What a driver reads: names, people, flight or train and its
 * time, phone. Never an e-mail, a note or an answer.
 */

const fullName = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`.trim();

/** Each traveller on the run with its people (ids and names), flight or train, its time and a phone to call. */
function passengers(runId: string, direction: "arrival" | "departure") {
  const travellerIds = db.select({ id: shuttleAssignments.travellerId }).from(shuttleAssignments).where(eq(shuttleAssignments.runId, runId)).orderBy(asc(shuttleAssignments.createdAt)).all().map((r) => r.id);
  if (!travellerIds.length) return [];
  const answers = db.select().from(travelAnswers).where(inArray(travelAnswers.travellerId, travellerIds)).all();
  const partyIds = [...new Set(answers.map((a) => a.partyId).filter((x): x is string => !!x))];
  const partyRows = partyIds.length ? db.select({ id: parties.id, name: parties.name, phone: parties.primaryPhone }).from(parties).where(inArray(parties.id, partyIds)).all() : [];
  const guestCols = { id: guests.id, partyId: guests.partyId, firstName: guests.firstName, lastName: guests.lastName, phone: guests.phone, attending: guests.attending };
  const guestIds = answers.map((a) => a.guestId).filter((x): x is string => !!x);
  const people = [
    ...(partyIds.length ? db.select(guestCols).from(guests).where(inArray(guests.partyId, partyIds)).all() : []),
    ...(guestIds.length ? db.select(guestCols).from(guests).where(inArray(guests.id, guestIds)).all() : []),
  ];
  // Members travelling apart are their own travellers, on their own runs.
  const apart = new Set(db.select({ id: travelAnswers.guestId }).from(travelAnswers).where(partyIds.length ? inArray(travelAnswers.partyId, partyIds) : undefined).all().map((r) => r.id).filter(Boolean));
  const points = new Map(listTravelPoints().map((p) => [p.id, p]));
  return travellerIds.flatMap((travellerId) => {
    const a = answers.find((x) => x.travellerId === travellerId);
    if (!a) return [];
    const party = partyRows.find((p) => p.id === a.partyId);
    const solo = a.guestId ? people.find((g) => g.id === a.guestId) : undefined;
    const members = solo ? [solo] : people.filter((g) => g.partyId === a.partyId && g.attending !== false && !apart.has(g.id));
    const pointId = direction === "arrival" ? a.arrivalPointId : a.departurePointId;
    return [
      {
        travellerId,
        name: solo ? fullName(solo) : (party?.name ?? "?"),
        phone: solo?.phone ?? party?.phone ?? members.find((m) => m.phone)?.phone ?? null,
        number: direction === "arrival" ? a.arrivalNumber : a.departureNumber,
        date: direction === "arrival" ? a.arrivalDate : a.departureDate,
        time: direction === "arrival" ? a.arrivalTime : a.departureTime,
        point: pointId ? (points.get(pointId) ?? null) : null,
        people: members.map((m) => ({ guestId: m.id, name: fullName(m) })),
      },
    ];
  });
}

/** Latest tick per person on the run (null: never ticked). */
function boardedState(runId: string) {
  const ticks = db.select().from(boardingTicks).where(eq(boardingTicks.runId, runId)).orderBy(asc(boardingTicks.at), asc(boardingTicks.receivedAt)).all();
  const state = new Map<string, { boarded: boolean; at: string }>();
  for (const t of ticks) state.set(t.guestId, { boarded: t.boarded, at: t.at });
  return state;
}

/** The run with its parties and each person's boarded state: the driver's list and the host's view alike. */
export function runBoarding(runId: string, lang: Lang = "en") {
  const run = requireRun(runId);
  const state = boardedState(runId);
  const list = passengers(runId, run.direction).map(({ point, ...p }) => ({
    ...p,
    point: point ? pointName(point, lang) : null,
    people: p.people.map((x) => ({ ...x, boarded: state.get(x.guestId)?.boarded ?? false, at: state.get(x.guestId)?.at ?? null })),
  }));
  const everyone = list.flatMap((p) => p.people);
  const points = new Map(listTravelPoints().map((p) => [p.id, pointName(p, lang)]));
  return {
    run: {
      id: run.id,
      direction: run.direction,
      date: run.date,
      time: run.time,
      point: run.pointId ? (points.get(run.pointId) ?? null) : null,
      vehicle: run.vehicle,
      seats: run.seats,
    },
    parties: list,
    boarded: everyone.filter((p) => p.boarded).length,
    missing: everyone.filter((p) => !p.boarded).length,
  };
}
export type RunBoarding = ReturnType<typeof runBoarding>;

/**
 * One tick from a driver (or the host). Sent again with the same clientId it
 * is the same tick: nothing new is stored. `created` says whether it was new.
 */
export function recordBoarding(runId: string, input: BoardedInput, linkId: string | null) {
  const run = requireRun(runId);
  const onRun = passengers(runId, run.direction).some((p) => p.people.some((x) => x.guestId === input.guestId));
  if (!onRun) throw new ValidationError("guestId: not a passenger of this run", { guestId: ["Not a passenger of this run"] });
  return immediate(() => {
    const seen = db.select().from(boardingTicks).where(eq(boardingTicks.clientId, input.clientId)).get();
    if (seen) {
      // The same clientId naming another tick is the phone's bug, not a resend: refuse rather than guess.
      if (seen.runId !== runId || seen.guestId !== input.guestId || seen.boarded !== input.boarded) {
        throw new ValidationError("clientId: already used for another tick", { clientId: ["Already used for another tick"] });
      }
      return { created: false };
    }
    db.insert(boardingTicks).values({ clientId: input.clientId, runId, guestId: input.guestId, boarded: input.boarded, at: input.at, linkId }).run();
    return { created: true };
  });
}

/** Parties and guests on a run, for its messages. */
export function runTravellerOwners(runId: string) {
  const travellerIds = db.select({ id: shuttleAssignments.travellerId }).from(shuttleAssignments).where(eq(shuttleAssignments.runId, runId)).all().map((r) => r.id);
  if (!travellerIds.length) return [];
  return db.select({ partyId: travelAnswers.partyId, guestId: travelAnswers.guestId }).from(travelAnswers).where(and(inArray(travelAnswers.travellerId, travellerIds))).all();
}
