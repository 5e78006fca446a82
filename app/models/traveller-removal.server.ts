import { eq, inArray } from "drizzle-orm";
import { shuttleAssignments, shuttleNotices, travelAnswers } from "../../db/schema";
import { db } from "../db.server";

/*
 * Issue 26: a traveller id is a party's id or a guest's (an individual guest,
 * or a member travelling apart), so the shuttle rows cannot reference it by a
 * foreign key. A deleted party or guest takes its seats on runs and what it
 * was told of its pickups with it here, inside the caller's transaction
 * (its travel answers go by the foreign keys of travel_answers).
 */

/** Call before the party's row is deleted: the party and its members who travel apart. */
export function forgetPartyTravel(partyId: string) {
  const members = db.select({ id: travelAnswers.travellerId }).from(travelAnswers).where(eq(travelAnswers.partyId, partyId)).all();
  forgetTravellers([partyId, ...members.map((m) => m.id)]);
}

export function forgetTravellers(travellerIds: string[]) {
  db.delete(shuttleAssignments).where(inArray(shuttleAssignments.travellerId, travellerIds)).run();
  db.delete(shuttleNotices).where(inArray(shuttleNotices.travellerId, travellerIds)).run();
}
