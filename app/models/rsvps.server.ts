import { eq, sql } from "drizzle-orm";
import { partyRoomAssignments, rsvps } from "../../db/schema";
import { db, immediate, prepared } from "../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import { getGuest, partyMembersSummary } from "./guests.server";
import { getParty } from "./parties.server";
import { decideRoomAssignment, getRoomAssignment } from "./room-assignments.server";

export type Rsvp = typeof rsvps.$inferSelect;

export const ROOM_DECISION_REQUIRED =
  "Room decision required - Please confirm or decline all room assignments before submitting your RSVP.";
export const TOTAL_GUESTS_RANGE = "Total guests must be between 1 and 10.";

export type RoomDecision = { assignmentId: string; status: "confirmed" | "declined"; reason?: string | null };

export type RsvpSubmission = ({ partyId: string; guestId?: undefined } | { guestId: string; partyId?: undefined }) & {
  attending: boolean;
  guestCount?: number;
  adultsCount?: number;
  kidsCount?: number;
  babiesCount?: number;
  dietaryRestrictions?: string | null;
  messageToHost?: string | null;
  roomsConfirmed?: boolean;
  roomConfirmationDecisions?: RoomDecision[];
};

// Prepared once: these run on every RSVP submit (issue 8).
const byParty = prepared(() => db.select().from(rsvps).where(eq(rsvps.partyId, sql.placeholder("id"))).prepare());
const byGuest = prepared(() => db.select().from(rsvps).where(eq(rsvps.guestId, sql.placeholder("id"))).prepare());
const roomStatuses = prepared(() =>
  db
    .select({ status: partyRoomAssignments.confirmationStatus })
    .from(partyRoomAssignments)
    .where(eq(partyRoomAssignments.partyId, sql.placeholder("partyId")))
    .prepare(),
);

export function getRsvpFor(owner: { partyId?: string | null; guestId?: string | null }) {
  if (owner.partyId) return byParty().get({ id: owner.partyId }) ?? null;
  if (owner.guestId) return byGuest().get({ id: owner.guestId }) ?? null;
  return null;
}

/**
 * One RSVP per party or guest (a second submit updates it). A party's counts
 * come from its members; a party's room decisions are saved in the same
 * transaction, and attending with a room still pending is refused (409) with
 * nothing saved.
 */
export function submitRsvp(input: RsvpSubmission): Rsvp {
  return immediate(() => {
    const now = new Date().toISOString();
    let counts: { guestCount: number; adultsCount: number; kidsCount: number; babiesCount: number };
    let roomsConfirmed = false;

    if (input.partyId) {
      if (!getParty({ id: input.partyId })) throw new NotFoundError("Party not found");
      for (const d of input.roomConfirmationDecisions ?? []) {
        // Sending again the decision a paid room already has changes nothing: not a refusal.
        const current = getRoomAssignment({ id: d.assignmentId });
        if (current?.partyId === input.partyId && current.isPaid && current.confirmationStatus === d.status) continue;
        decideRoomAssignment({ id: d.assignmentId, partyId: input.partyId, status: d.status, reason: d.reason });
      }
      const rooms = roomStatuses().all({ partyId: input.partyId });
      const pending = rooms.some((r) => r.status === "pending");
      if (input.attending && pending) throw new ConflictError(ROOM_DECISION_REQUIRED);
      roomsConfirmed = rooms.length > 0 && !pending;
      const summary = partyMembersSummary({ partyId: input.partyId });
      counts = {
        guestCount: Math.min(10, Math.max(1, summary.total)),
        adultsCount: summary.adults,
        kidsCount: summary.kids,
        babiesCount: summary.babies,
      };
    } else {
      if (!input.guestId || !getGuest({ id: input.guestId })) throw new NotFoundError("Guest not found");
      const adultsCount = input.adultsCount ?? 1;
      const kidsCount = input.kidsCount ?? 0;
      const babiesCount = input.babiesCount ?? 0;
      const total = adultsCount + kidsCount + babiesCount;
      if (input.attending && (total < 1 || total > 10)) throw new ValidationError(TOTAL_GUESTS_RANGE, { guestCount: [TOTAL_GUESTS_RANGE] });
      counts = { guestCount: total, adultsCount, kidsCount, babiesCount };
    }
    // SPEC.md 5: when not attending the guest count is 1.
    if (!input.attending) counts.guestCount = 1;

    const values = {
      attending: input.attending,
      ...counts,
      dietaryRestrictions: input.dietaryRestrictions?.trim() || null,
      messageToHost: input.messageToHost?.trim() || null,
      roomsConfirmed,
      confirmedAt: now,
    };
    const existing = getRsvpFor(input);
    if (existing) return db.update(rsvps).set(values).where(eq(rsvps.id, existing.id)).returning().get();
    return db
      .insert(rsvps)
      .values({ ...values, partyId: input.partyId ?? null, guestId: input.guestId ?? null })
      .returning()
      .get();
  });
}
