import { eq } from "drizzle-orm";
import { guests, parties } from "../../db/schema";
import { db } from "../db.server";
import type { GuestIdentity } from "./identity";

/** The name an invitee goes by: the party's name, or the guest's first and last name; null when gone. */
export function inviteeName(identity: Pick<GuestIdentity, "type" | "id">): string | null {
  if (identity.type === "party") {
    return db.select({ name: parties.name }).from(parties).where(eq(parties.id, identity.id)).get()?.name ?? null;
  }
  const guest = db.select({ first: guests.firstName, last: guests.lastName }).from(guests).where(eq(guests.id, identity.id)).get();
  return guest ? `${guest.first} ${guest.last}`.trim() : null;
}

/** Whether two identities are the same invitee, however each signed in. */
export const sameInvitee = (a: Pick<GuestIdentity, "type" | "id">, b: Pick<GuestIdentity, "type" | "id">) => a.type === b.type && a.id === b.id;
