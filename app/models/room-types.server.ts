import { asc, eq, sql } from "drizzle-orm";
import { partyRoomAssignments, roomTypes } from "../../db/schema";
import { db, hasChanges, immediate } from "../db.server";
import { ConflictError, NotFoundError } from "../utils/errors";
import { recordActivity, recordEdit } from "./activity.server";

export type RoomType = typeof roomTypes.$inferSelect;
export type RoomTypeInput = Omit<typeof roomTypes.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** CONTRACT.md 5: assigned = sum of quantities of assignments that are not declined. */
export const assignedUnitsSql = sql<number>`coalesce((select sum(a.quantity) from party_room_assignments a where a.room_type_id = "room_types"."id" and a.confirmation_status != 'declined'), 0)`;

export function overbookedMessage(available: number, requested: number) {
  return `Only ${available} rooms available. Cannot assign ${requested} rooms.`;
}

export function getRoomType({ id }: { id: string }) {
  return db.select().from(roomTypes).where(eq(roomTypes.id, id)).get() ?? null;
}

export function requireRoomType({ id }: { id: string }) {
  const roomType = getRoomType({ id });
  if (!roomType) throw new NotFoundError("Room type not found");
  return roomType;
}

export function listRoomTypes() {
  return db.select().from(roomTypes).orderBy(asc(roomTypes.pricePerNight), asc(roomTypes.name)).all();
}

/** Every room type with totalUnits, assignedUnits, availableUnits: one query. */
export function roomTypesInventory() {
  return db
    .select({ roomType: roomTypes, assignedUnits: assignedUnitsSql })
    .from(roomTypes)
    .orderBy(asc(roomTypes.pricePerNight), asc(roomTypes.name))
    .all()
    .map(({ roomType, assignedUnits }) => ({
      ...roomType,
      assignedUnits,
      availableUnits: roomType.totalUnits - assignedUnits,
    }));
}

export function roomTypeInventory({ id }: { id: string }) {
  const row = db.select({ roomType: roomTypes, assignedUnits: assignedUnitsSql }).from(roomTypes).where(eq(roomTypes.id, id)).get();
  if (!row) throw new NotFoundError("Room type not found");
  return {
    ...row.roomType,
    assignedUnits: row.assignedUnits,
    availableUnits: row.roomType.totalUnits - row.assignedUnits,
  };
}

export function createRoomType(input: RoomTypeInput): RoomType {
  return immediate(() => {
    const row = db.insert(roomTypes).values(input).returning().get();
    recordActivity({ actor: "admin", kind: "room", summary: `Room type "${row.name}" added (${row.totalUnits} units)` });
    return row;
  });
}

/** Lowering totalUnits below what is already assigned would over-book: 409. */
export function updateRoomType(id: string, changes: Partial<RoomTypeInput>): RoomType {
  return immediate(() => {
    const current = roomTypeInventory({ id });
    if (!hasChanges(changes)) return requireRoomType({ id });
    if (changes.totalUnits !== undefined && changes.totalUnits < current.assignedUnits) {
      throw new ConflictError(
        `Cannot reduce total units to ${changes.totalUnits}: ${current.assignedUnits} units are already assigned.`,
        { totalUnits: [`At least ${current.assignedUnits} units are assigned`] },
      );
    }
    recordEdit({ kind: "room", what: `Room type "${current.name}"`, before: current, after: changes });
    return db.update(roomTypes).set(changes).where(eq(roomTypes.id, id)).returning().get();
  });
}

/** Returns the deleted row so the caller can remove its photos. */
export function deleteRoomType({ id }: { id: string }) {
  return immediate(() => {
    const deleted = db.delete(roomTypes).where(eq(roomTypes.id, id)).returning().get();
    if (!deleted) throw new NotFoundError("Room type not found");
    recordActivity({ actor: "admin", kind: "room", summary: `Room type "${deleted.name}" deleted` });
    return deleted;
  });
}

/** Units of a room type held by assignments other than `exceptAssignmentId`. */
export function assignedUnitsFor(roomTypeId: string, exceptAssignmentId?: string) {
  const row = db
    .select({ n: sql<number>`coalesce(sum(${partyRoomAssignments.quantity}), 0)` })
    .from(partyRoomAssignments)
    .where(
      sql`${partyRoomAssignments.roomTypeId} = ${roomTypeId} and ${partyRoomAssignments.confirmationStatus} != 'declined'${
        exceptAssignmentId ? sql` and ${partyRoomAssignments.id} != ${exceptAssignmentId}` : sql``
      }`,
    )
    .get();
  return row?.n ?? 0;
}
