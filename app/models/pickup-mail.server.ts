import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { guests, parties, shuttleAssignments, shuttleNotices, shuttleRuns, travelPoints } from "../../db/schema";
import { db } from "../db.server";
import { fmt, type Lang } from "~/i18n";
import { messagesFor } from "~/i18n/messages";
import { formatDayMonth } from "~/utils/format";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { getEventConfig } from "./event-config.server";
import { localizeEventConfig } from "./host-texts";
import { groupsHtml, mailDocument } from "./mail-html";
import { enqueueMail } from "./outbox.server";
import type { Direction } from "./shuttle-planner";
import { pointName } from "./travel-settings.server";

/* Issue 26: a traveller's pickup as the guest reads it, and the mail when it changes. */

export type Pickup = {
  travellerId: string;
  direction: Direction;
  date: string;
  time: string;
  /** Where to be: the arrival point, or the venue for a departure run. */
  meetingPoint: string;
  destination: string;
  lookFor: string | null;
  driverPhone: string | null;
  driveMinutes: number;
};

/** Each pickup of these travellers: only their own runs' guest-facing fields. */
export function pickupsFor(travellerIds: string[], lang: Lang): Pickup[] {
  if (!travellerIds.length) return [];
  const venue = localizeEventConfig(getEventConfig(), lang).venueName;
  const points = new Map(db.select().from(travelPoints).all().map((p) => [p.id, p]));
  const rows = db
    .select({ a: shuttleAssignments, run: shuttleRuns })
    .from(shuttleAssignments)
    .innerJoin(shuttleRuns, eq(shuttleRuns.id, shuttleAssignments.runId))
    // In SQL, not after: a guest page must not read every party's assignments.
    .where(inArray(shuttleAssignments.travellerId, travellerIds))
    .all();
  return rows
    .map(({ a, run }) => {
      const point = points.get((run.direction === "arrival" ? run.fromPointId : run.toPointId) ?? "");
      const name = point ? pointName(point, lang) : "";
      return {
        travellerId: a.travellerId,
        direction: run.direction,
        date: run.date,
        time: run.time,
        meetingPoint: run.direction === "arrival" ? name : venue,
        destination: run.direction === "arrival" ? venue : name,
        lookFor: [run.vehicle, run.note].filter(Boolean).join(" · ") || null,
        driverPhone: run.driverPhone,
        driveMinutes: point?.driveMinutes || 60,
      };
    })
    .sort((x, y) => `${x.date} ${x.time}`.localeCompare(`${y.date} ${y.time}`));
}

/** The run fields a guest is told of (mail and page). */
export type PickupFields = Pick<typeof shuttleRuns.$inferSelect, "date" | "time" | "fromPointId" | "toPointId" | "vehicle" | "note" | "driverPhone">;

/**
 * What the guest is told, language-free: a change of any of these mails them.
 * Not the run's id (issue 36): a run saved again under a new id, the same
 * pickup, tells the guest nothing new.
 */
export const pickupSignature = ({ date, time, fromPointId, toPointId, vehicle, note, driverPhone }: PickupFields) =>
  JSON.stringify({ date, time, fromPointId, toPointId, vehicle, note, driverPhone });

/** Whether two told pickups are the same; notices stored before issue 36 also carry the run's id, which is ignored. */
export function samePickup(a: string | null, b: string | null) {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return pickupSignature(JSON.parse(a) as PickupFields) === pickupSignature(JSON.parse(b) as PickupFields);
}

function signature(travellerId: string, direction: Direction) {
  const row = db
    .select({ run: shuttleRuns })
    .from(shuttleAssignments)
    .innerJoin(shuttleRuns, eq(shuttleRuns.id, shuttleAssignments.runId))
    .where(and(eq(shuttleAssignments.travellerId, travellerId), eq(shuttleAssignments.direction, direction)))
    .get();
  return row ? pickupSignature(row.run) : null;
}

/**
 * Before a save (issue 36): whose pickup would change if each traveller were
 * on the run given here (absent: on no run), split into those a mail will
 * reach and those without an address. The same comparison the save makes
 * afterwards, so the page names exactly the parties that will be mailed.
 */
export function pickupsToTell(planned: Map<string, PickupFields>) {
  const told = new Map(db.select().from(shuttleNotices).all().map((n) => [`${n.travellerId}:${n.direction}`, n.pickup]));
  const changed = new Set<string>();
  for (const key of new Set([...planned.keys(), ...told.keys()])) {
    const run = planned.get(key);
    if (!samePickup(run ? pickupSignature(run) : null, told.get(key) ?? null)) changed.add(key.slice(0, key.lastIndexOf(":")));
  }
  const reached = [...changed].filter((id) => recipient(id)?.to.length);
  return { mailed: reached, unmailed: [...changed].filter((id) => !reached.includes(id)) };
}

/** Who a traveller's mail goes to and in which language: a guest's own, else their party's. */
function recipient(travellerId: string) {
  const party = db.select().from(parties).where(eq(parties.id, travellerId)).get();
  if (party) {
    const to = party.primaryEmail
      ? [party.primaryEmail]
      : db.select({ email: guests.email }).from(guests).where(and(eq(guests.partyId, party.id), isNotNull(guests.email))).all().map((g) => g.email!);
    return { to, lang: party.language, name: party.name, partyId: party.id, guestId: null };
  }
  const guest = db.select().from(guests).where(eq(guests.id, travellerId)).get();
  if (!guest) return null;
  const inParty = guest.partyId ? db.select().from(parties).where(eq(parties.id, guest.partyId)).get() : undefined;
  const to = [guest.email ?? inParty?.primaryEmail].filter((x): x is string => !!x);
  return { to, lang: inParty?.language ?? guest.language, name: `${guest.firstName} ${guest.lastName}`.trim(), partyId: inParty?.id ?? null, guestId: guest.id };
}

/** The lines of one pickup, in the guest's language (mail and page say the same). */
export function pickupLines(p: Pickup, lang: Lang) {
  const t = messagesFor(lang).travel;
  return [
    `${p.direction === "arrival" ? t.pickupArrival : t.pickupDeparture}: ${formatDayMonth(p.date, lang)}, ${p.time}`,
    `${t.pickupWhere}: ${p.meetingPoint}`,
    ...(p.lookFor ? [`${t.pickupLookFor}: ${p.lookFor}`] : []),
    ...(p.driverPhone ? [`${t.pickupDriver}: ${p.driverPhone}`] : []),
  ];
}

/**
 * After any saved run change: every traveller whose pickup differs from what
 * they were last told (a new run, another time, a removal) gets one mail in
 * their language on the priority lane, and what they were told is updated.
 * Never throws: the runs are saved whatever happens to a mail. Returns the
 * travellers whose mail was queued.
 */
export function tellChangedPickups(): string[] {
  const mailed: string[] = [];
  try {
    const assigned = db.select({ travellerId: shuttleAssignments.travellerId, direction: shuttleAssignments.direction }).from(shuttleAssignments).all();
    const told = db.select().from(shuttleNotices).all();
    const keys = new Map<string, { travellerId: string; direction: Direction }>();
    for (const k of [...assigned, ...told]) keys.set(`${k.travellerId}:${k.direction}`, { travellerId: k.travellerId, direction: k.direction });
    const changed = new Map<string, { direction: Direction; now: string | null; before: string | null }[]>();
    for (const { travellerId, direction } of keys.values()) {
      const now = signature(travellerId, direction);
      const before = told.find((n) => n.travellerId === travellerId && n.direction === direction)?.pickup ?? null;
      if (samePickup(now, before)) continue;
      changed.set(travellerId, [...(changed.get(travellerId) ?? []), { direction, now, before }]);
    }
    for (const [travellerId, changes] of changed) {
      const who = recipient(travellerId);
      if (who && mailPickupChange(travellerId, changes, who)) mailed.push(travellerId);
      for (const c of changes) {
        const where = and(eq(shuttleNotices.travellerId, travellerId), eq(shuttleNotices.direction, c.direction));
        if (c.now === null) db.delete(shuttleNotices).where(where).run();
        else
          db.insert(shuttleNotices)
            .values({ travellerId, direction: c.direction, pickup: c.now })
            .onConflictDoUpdate({ target: [shuttleNotices.travellerId, shuttleNotices.direction], set: { pickup: c.now, toldAt: new Date().toISOString() } })
            .run();
      }
    }
    if (mailed.length) kickMailer();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "could not queue the pickup mails", error: String(error) }));
  }
  return mailed;
}

function mailPickupChange(travellerId: string, changes: { direction: Direction; now: string | null; before: string | null }[], who: NonNullable<ReturnType<typeof recipient>>) {
  const lang = who.lang;
  const t = messagesFor(lang);
  const title = localizeEventConfig(getEventConfig(), lang).eventTitle;
  const pickups = pickupsFor([travellerId], lang);
  const lines = [fmt(t.email.greeting, { name: who.name }), ""];
  for (const c of changes) {
    const p = pickups.find((x) => x.direction === c.direction);
    if (p) lines.push(c.before ? t.travel.mailChanged : t.travel.mailNew, ...pickupLines(p, lang), "");
    else lines.push(fmt(t.travel.mailRemoved, { direction: c.direction === "arrival" ? t.travel.mailArrivalWord : t.travel.mailDepartureWord }), "");
  }
  const row = enqueueMail({
    to: who.to,
    subject: fmt(t.travel.mailSubject, { title }),
    text: `${lines.join("\n")}\n`,
    // The HTML part as the other guest mails have it (the same lines).
    html: mailDocument(title, lang, groupsHtml(lines)),
    send: mailSendingEnabled(),
    kind: "pickup-change",
    partyId: who.partyId,
    guestId: who.guestId,
  });
  return row.status === "pending";
}
