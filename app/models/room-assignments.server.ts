import { and, asc, desc, eq, sql } from "drizzle-orm";
import { parties, partyRoomAssignments, roomTypes } from "../../db/schema";
import { db, immediate, prepared } from "../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import { recordActivity, type Actor } from "./activity.server";
import { recordPayment, removeSwitchPayment, roomAmount, SWITCH_NOTE, syncPaidFlags } from "./ledger.server";
import { assignedUnitsFor, overbookedMessage } from "./room-types.server";
import { assertMayChange } from "./rsvp-deadline.server";

export type RoomAssignment = typeof partyRoomAssignments.$inferSelect;
export type ConfirmationStatus = RoomAssignment["confirmationStatus"];

export const DECLINE_REASON_REQUIRED = "Reason required - Please provide a reason for declining the room.";
export const PAID_ROOM_LOCKED = "This room has already been paid, so it cannot be changed or cancelled here. Please contact the host.";
export const DUPLICATE_ASSIGNMENT = "This party already has this room type assigned. Edit that assignment instead.";
export const MARK_PAID_NEEDS_CONFIRMED = "Only a confirmed room assignment can be marked as paid.";
export const PAID_BY_LEDGER =
  "This room is paid by the party's payments, not by its switch. Remove a payment on Payment Status to open it again.";

const now = () => new Date().toISOString();

/** "Room Quinta Double x1" for the activity log. */
function roomLabel(roomTypeId: string, quantity: number) {
  const name = db.select({ name: roomTypes.name }).from(roomTypes).where(eq(roomTypes.id, roomTypeId)).get()?.name ?? "(deleted room type)";
  return `Room ${name} x${quantity}`;
}

/** One activity row per change of status (kind "room") and of paid (kind "payment"). */
function logRoomChange(actor: Actor, before: RoomAssignment | null, after: RoomAssignment | null) {
  const row = (after ?? before)!;
  const label = roomLabel(row.roomTypeId, row.quantity);
  const reason = (a: RoomAssignment) => (a.confirmationStatus === "declined" && a.declineReason ? ` (reason: ${a.declineReason})` : "");
  if (!before && after) {
    recordActivity({ actor, partyId: after.partyId, kind: "room", summary: `${label}: assigned, ${after.confirmationStatus}${reason(after)}` });
    return;
  }
  if (before && !after) {
    recordActivity({ actor, partyId: before.partyId, kind: "room", summary: `${label}: assignment removed (was ${before.confirmationStatus})` });
    return;
  }
  if (!before || !after) return;
  const changes: string[] = [];
  if (before.confirmationStatus !== after.confirmationStatus) changes.push(`${before.confirmationStatus} -> ${after.confirmationStatus}${reason(after)}`);
  else if (after.confirmationStatus === "declined" && before.declineReason !== after.declineReason) changes.push(`decline reason -> ${after.declineReason ?? "(none)"}`);
  if (before.quantity !== after.quantity) changes.push(`quantity ${before.quantity} -> ${after.quantity}`);
  if ((before.paymentDeadline ?? null) !== (after.paymentDeadline ?? null)) changes.push(`payment deadline ${before.paymentDeadline ?? "(none)"} -> ${after.paymentDeadline ?? "(none)"}`);
  if (changes.length) recordActivity({ actor, partyId: after.partyId, kind: "room", summary: `${label}: ${changes.join(", ")}` });
  if (before.isPaid !== after.isPaid) {
    recordActivity({ actor, partyId: after.partyId, kind: "payment", summary: `${label}: ${before.isPaid ? "paid" : "unpaid"} -> ${after.isPaid ? "paid" : "unpaid"}` });
  }
}

export function getRoomAssignment({ id }: { id: string }) {
  return db.select().from(partyRoomAssignments).where(eq(partyRoomAssignments.id, id)).get() ?? null;
}

export function requireRoomAssignment({ id }: { id: string }) {
  const row = getRoomAssignment({ id });
  if (!row) throw new NotFoundError("Room assignment not found");
  return row;
}

/** Admin list: each assignment with its party's name and its room type. One query. */
export function listRoomAssignments(filter: { status?: ConfirmationStatus } = {}) {
  return db
    .select({
      assignment: partyRoomAssignments,
      party: { id: parties.id, name: parties.name, authCode: parties.authCode },
      roomType: {
        id: roomTypes.id,
        name: roomTypes.name,
        location: roomTypes.location,
        category: roomTypes.category,
        pricePerNight: roomTypes.pricePerNight,
        totalUnits: roomTypes.totalUnits,
      },
    })
    .from(partyRoomAssignments)
    .innerJoin(parties, eq(parties.id, partyRoomAssignments.partyId))
    .innerJoin(roomTypes, eq(roomTypes.id, partyRoomAssignments.roomTypeId))
    .where(filter.status ? eq(partyRoomAssignments.confirmationStatus, filter.status) : undefined)
    .orderBy(desc(partyRoomAssignments.createdAt), asc(parties.name))
    .all()
    .map(({ assignment, party, roomType }) => ({ ...assignment, party, roomType }));
}

/** A party's rooms with the full room type (the guest's details dialog needs photos and facilities). */
export function listPartyRoomAssignments({ partyId }: { partyId: string }) {
  return roomsOfParty()
    .all({ partyId })
    .map(({ assignment, roomType }) => ({ ...assignment, roomType }));
}

export function partyHasRoomAssignments({ partyId }: { partyId: string }) {
  return !!anyRoomOfParty().get({ partyId });
}

// Prepared once: the signed-in guest pages run it on every request (issue 28).
const roomsOfParty = prepared(() =>
  db
    .select({ assignment: partyRoomAssignments, roomType: roomTypes })
    .from(partyRoomAssignments)
    .innerJoin(roomTypes, eq(roomTypes.id, partyRoomAssignments.roomTypeId))
    .where(eq(partyRoomAssignments.partyId, sql.placeholder("partyId")))
    .orderBy(asc(roomTypes.pricePerNight), asc(roomTypes.name))
    .prepare(),
);
const anyRoomOfParty = prepared(() =>
  db.select({ id: partyRoomAssignments.id }).from(partyRoomAssignments).where(eq(partyRoomAssignments.partyId, sql.placeholder("partyId"))).limit(1).prepare(),
);

/** Throws 409 if holding `quantity` units of the room type would over-book it. */
function assertUnitsAvailable(roomTypeId: string, quantity: number, exceptAssignmentId?: string) {
  const roomType = db.select({ totalUnits: roomTypes.totalUnits }).from(roomTypes).where(eq(roomTypes.id, roomTypeId)).get();
  if (!roomType) throw new NotFoundError("Room type not found");
  const available = roomType.totalUnits - assignedUnitsFor(roomTypeId, exceptAssignmentId);
  if (quantity > available) {
    throw new ConflictError(overbookedMessage(Math.max(0, available), quantity), {
      quantity: [`Quantity exceeds available units. Only ${Math.max(0, available)} available.`],
    });
  }
}

function statusStamps(status: ConfirmationStatus, declineReason?: string | null) {
  if (status === "confirmed") return { confirmationStatus: status, confirmedAt: now(), declinedAt: null, declineReason: null };
  if (status === "declined") return { confirmationStatus: status, declinedAt: now(), declineReason: declineReason?.trim() || null };
  return { confirmationStatus: status, confirmedAt: null, declinedAt: null, declineReason: null };
}

export type AssignmentInput = {
  partyId: string;
  roomTypeId: string;
  quantity: number;
  paymentDeadline?: string | null;
  confirmationStatus?: ConfirmationStatus;
  declineReason?: string | null;
};

/** Check and write in one immediate transaction: racing requests cannot over-book. */
export function createRoomAssignment(input: AssignmentInput): RoomAssignment {
  return immediate(() => {
    if (!db.select({ id: parties.id }).from(parties).where(eq(parties.id, input.partyId)).get()) {
      throw new NotFoundError("Party not found");
    }
    const existing = db
      .select({ id: partyRoomAssignments.id })
      .from(partyRoomAssignments)
      .where(and(eq(partyRoomAssignments.partyId, input.partyId), eq(partyRoomAssignments.roomTypeId, input.roomTypeId)))
      .get();
    if (existing) throw new ConflictError(DUPLICATE_ASSIGNMENT);
    const status = input.confirmationStatus ?? "pending";
    if (status !== "declined") assertUnitsAvailable(input.roomTypeId, input.quantity);
    else if (!db.select({ id: roomTypes.id }).from(roomTypes).where(eq(roomTypes.id, input.roomTypeId)).get()) {
      throw new NotFoundError("Room type not found");
    }
    const created = db
      .insert(partyRoomAssignments)
      .values({
        partyId: input.partyId,
        roomTypeId: input.roomTypeId,
        quantity: input.quantity,
        paymentDeadline: input.paymentDeadline ?? null,
        ...(status === "pending" ? { confirmationStatus: "pending" as const } : statusStamps(status, input.declineReason)),
      })
      .returning()
      .get();
    syncPaidFlags(created.partyId);
    const after = requireRoomAssignment({ id: created.id });
    // Only the host assigns rooms.
    logRoomChange("admin", null, after);
    return after;
  });
}

export type AssignmentChanges = {
  quantity?: number;
  paymentDeadline?: string | null;
  confirmationStatus?: ConfirmationStatus;
  declineReason?: string | null;
  isPaid?: boolean;
};

/** The host's edit: any status, any quantity that fits, paid only when confirmed. */
export function updateRoomAssignment(id: string, changes: AssignmentChanges): RoomAssignment {
  return immediate(() => {
    const current = requireRoomAssignment({ id });
    const status = changes.confirmationStatus ?? current.confirmationStatus;
    const quantity = changes.quantity ?? current.quantity;
    if (status !== "declined" && (quantity !== current.quantity || current.confirmationStatus === "declined")) {
      assertUnitsAvailable(current.roomTypeId, quantity, id);
    }
    const set: Partial<RoomAssignment> = { quantity };
    if (changes.paymentDeadline !== undefined) set.paymentDeadline = changes.paymentDeadline;
    if (changes.confirmationStatus && changes.confirmationStatus !== current.confirmationStatus) {
      Object.assign(set, statusStamps(status, changes.declineReason));
    } else if (changes.declineReason !== undefined && status === "declined") {
      set.declineReason = changes.declineReason?.trim() || null;
    }
    if (changes.isPaid === true && status !== "confirmed") throw new ConflictError(MARK_PAID_NEEDS_CONFIRMED);
    db.update(partyRoomAssignments).set(set).where(eq(partyRoomAssignments.id, id)).run();
    // A room that leaves "confirmed" is switched off with it (as before the ledger); the switch, then the ledger, decide paid.
    if (status !== "confirmed") removeSwitchPayment(id);
    if (changes.isPaid !== undefined && status === "confirmed") switchRoomPaid(id, changes.isPaid);
    syncPaidFlags(current.partyId);
    const updated = requireRoomAssignment({ id });
    logRoomChange("admin", current, updated);
    return updated;
  });
}

export function deleteRoomAssignment({ id }: { id: string }) {
  return immediate(() => {
    // The switch's payment goes with its room (a payment booked by hand or from the bank stays, as credit).
    removeSwitchPayment(id);
    const deleted = db.delete(partyRoomAssignments).where(eq(partyRoomAssignments.id, id)).returning().get();
    if (!deleted) throw new NotFoundError("Room assignment not found");
    syncPaidFlags(deleted.partyId);
    logRoomChange("admin", deleted, null);
    return { id: deleted.id };
  });
}

/**
 * The "Payment Received" switch (issue 25): on records a payment of the room's
 * amount (today, naming the room), off removes that payment; the ledger then
 * sets the flags. A room paid by the party's other payments has no switch
 * payment to remove: switching it off is a 409 naming where to undo it.
 */
function switchRoomPaid(id: string, isPaid: boolean) {
  const room = requireRoomAssignment({ id });
  if (isPaid) {
    if (room.isPaid) return;
    recordPayment({ partyId: room.partyId, amount: roomAmount(id), date: now().slice(0, 10), method: "other", note: SWITCH_NOTE, roomAssignmentId: id });
  } else if (!removeSwitchPayment(id) && room.isPaid) {
    throw new ConflictError(PAID_BY_LEDGER);
  }
}

/** mark-paid: only on a confirmed assignment (409); paidAt set on paid, cleared on unpaid. */
export function setRoomAssignmentPaid({ id, isPaid }: { id: string; isPaid: boolean }) {
  return immediate(() => {
    const current = requireRoomAssignment({ id });
    if (current.confirmationStatus !== "confirmed") throw new ConflictError(MARK_PAID_NEEDS_CONFIRMED);
    switchRoomPaid(id, isPaid);
    const updated = requireRoomAssignment({ id });
    logRoomChange("admin", current, updated);
    return updated;
  });
}

/**
 * A guest's decision on one of its rooms: confirm (also re-confirm after a
 * decline, which must fit the inventory again), decline with a reason, or back
 * to pending. A paid room is locked (409). Runs inside the caller's transaction
 * when there is one (better-sqlite3 nests it as a savepoint).
 */
export function decideRoomAssignment({
  id,
  partyId,
  status,
  reason,
  actor,
}: {
  id: string;
  partyId?: string;
  status: ConfirmationStatus;
  reason?: string | null;
  actor: Actor;
}) {
  return immediate(() => {
    assertMayChange(actor);
    const current = requireRoomAssignment({ id });
    if (partyId && current.partyId !== partyId) throw new NotFoundError("Room assignment not found");
    if (status === "declined" && !reason?.trim()) {
      throw new ValidationError(DECLINE_REASON_REQUIRED, { reason: [DECLINE_REASON_REQUIRED] });
    }
    if (current.isPaid) throw new ConflictError(PAID_ROOM_LOCKED);
    if (status !== "declined" && current.confirmationStatus === "declined") {
      assertUnitsAvailable(current.roomTypeId, current.quantity, id);
    }
    db.update(partyRoomAssignments).set(statusStamps(status, reason)).where(eq(partyRoomAssignments.id, id)).run();
    // A confirmed or declined room changes what the party owes, so its other rooms' paid flags may change.
    syncPaidFlags(current.partyId);
    const updated = requireRoomAssignment({ id });
    logRoomChange(actor, current, updated);
    return updated;
  });
}

export const confirmRoomAssignment = (args: { id: string; partyId?: string; actor: Actor }) =>
  decideRoomAssignment({ ...args, status: "confirmed" });
export const declineRoomAssignment = (args: { id: string; partyId?: string; reason: string | null | undefined; actor: Actor }) =>
  decideRoomAssignment({ ...args, status: "declined" });
