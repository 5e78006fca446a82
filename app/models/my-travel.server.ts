import { and, eq } from "drizzle-orm";
import { guests, travelAnswers } from "../../db/schema";
import { db } from "../db.server";
import { fmt, type Lang } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import type { PickupEntry } from "~/utils/calendar";
import { formatDayMonth } from "~/utils/format";
import { identityToResponder } from "./event-rsvps.server";
import type { GuestIdentity } from "./identity";
import { pickupLines, pickupsFor } from "./pickup-mail.server";
import { getMyTravel, peopleComing, type MyTravel } from "./travel-answers.server";
import { getTravelSettings, listTravelPoints, toGuestPoint, travelDeadlineState } from "./travel-settings.server";

/**
 * Issue 26: what a guest sees of travel, as a list of fields: the host's
 * window and deadline, the points, their own answer and their own pickups
 * (run time, meeting point, what to look for, driver phone): never another
 * party's details.
 */
const NO_TRAVEL_ANSWER: MyTravel = { arrival: null, departure: null, transfer: { arrival: false, departure: false, seats: 1 }, seatsFollowed: null, members: [] };

/** The travellers a signed-in party or guest answers for: itself, and its members travelling apart. */
export function travellerIdsOf(identity: GuestIdentity) {
  const owner = identityToResponder(identity);
  return db
    .select({ id: travelAnswers.travellerId })
    .from(travelAnswers)
    .where(owner.partyId ? eq(travelAnswers.partyId, owner.partyId) : eq(travelAnswers.guestId, owner.guestId!))
    .all()
    .map((r) => r.id);
}

export function myTravelView(identity: GuestIdentity, lang: Lang) {
  const owner = identityToResponder(identity);
  const settings = getTravelSettings();
  const deadline = travelDeadlineState(new Date(), settings);
  const travellerIds = travellerIdsOf(identity);
  // Travel off and nothing told before: the card is hidden, so its reads are skipped (issue 28's page budget).
  const quiet = !settings.enabled && travellerIds.length === 0;
  const members =
    !quiet && identity.type === "party"
      ? db
          .select({ id: guests.id, firstName: guests.firstName, lastName: guests.lastName })
          .from(guests)
          .where(and(eq(guests.partyId, identity.id), eq(guests.attending, true)))
          .all()
          .map((g) => ({ guestId: g.id, name: `${g.firstName} ${g.lastName}`.trim() }))
      : [];
  const names = new Map(members.map((m) => [m.guestId, m.name]));
  return {
    enabled: settings.enabled,
    window: { start: settings.windowStart, end: settings.windowEnd },
    deadline: deadline.deadline,
    open: settings.enabled && !deadline.passed,
    peopleComing: quiet ? 0 : peopleComing(owner),
    points: quiet ? [] : listTravelPoints().map((p) => toGuestPoint(p, lang)),
    members,
    answer: quiet ? NO_TRAVEL_ANSWER : getMyTravel(owner),
    pickups: (quiet ? [] : pickupsFor(travellerIds, lang)).map(({ travellerId, ...p }) => ({ ...p, when: `${formatDayMonth(p.date, lang)}, ${p.time}`, for: names.get(travellerId) ?? null })),
  };
}
export type MyTravelView = ReturnType<typeof myTravelView>;

/** The guest's pickups as calendar entries (issue 26.4): one per run, a stable uid per traveller and run, texts in `lang`. */
export function calendarPickups(identity: GuestIdentity, lang: Lang): PickupEntry[] {
  const view = myTravelView(identity, lang);
  const t = messagesFor(lang).travel;
  return view.pickups.map((p) => ({
    uid: `pickup-${p.direction}-${p.date}-${p.time.replace(":", "")}-${identity.id}@convite`,
    date: p.date,
    time: p.time,
    durationMinutes: p.driveMinutes,
    summary: fmt(p.direction === "arrival" ? t.calendarSummaryArrival : t.calendarSummaryDeparture, {
      point: p.direction === "arrival" ? p.meetingPoint : p.destination,
      venue: p.direction === "arrival" ? p.destination : p.meetingPoint,
    }),
    location: p.meetingPoint,
    description: pickupLines({ ...p, travellerId: "" }, lang).join("\n"),
  }));
}
