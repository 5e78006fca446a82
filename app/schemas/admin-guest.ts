import { z } from "zod";
import { AGE_CATEGORIES, guestSchema, memberSchema } from "./guest";

/*
 * The Guest Management forms (SPEC.md 5, "Guest form (admin)"): the API's
 * guest schema plus a hidden `intent`, so the page and /api/guests agree.
 */

export { AGE_CATEGORIES };
export const AGE_LABELS: Record<(typeof AGE_CATEGORIES)[number], string> = {
  adult: "Adult",
  kid: "Kid (>2y)",
  baby: "Baby (≤2y)",
};
/** A select option may not have an empty value (SPEC.md 5), so "no party" is spelled out. */
export const NO_PARTY = "none";

const partyChoice = guestSchema.shape.partyId.transform((v) => (v === NO_PARTY ? null : v));
const id = z.string({ error: "Missing guest" }).min(1, "Missing guest");

export const guestFields = { ...guestSchema.shape, partyId: partyChoice };

export const createGuestSchema = z.object({ intent: z.literal("create"), ...guestFields });
export const updateGuestSchema = z.object({ intent: z.literal("update"), id, ...guestFields });
export const deleteGuestSchema = z.object({ intent: z.literal("delete"), id });

/** Edit Guest: a new custom code (issue 15). */
export const regenerateGuestCodeSchema = z.object({ intent: z.literal("regenerate-code"), id });

export const guestActionSchema = z.discriminatedUnion("intent", [createGuestSchema, updateGuestSchema, deleteGuestSchema, regenerateGuestCodeSchema]);

/** A party's member dialog (SPEC.md 5, "Member form"). */
export const addMemberSchema = z.object({ intent: z.literal("add-member"), ...memberSchema.shape });
export const updateMemberSchema = z.object({ intent: z.literal("update-member"), memberId: id, ...memberSchema.shape });
export const removeMemberSchema = z.object({ intent: z.literal("remove-member"), memberId: id });

/** GET filters of the guest list (unknown values are ignored, not errors). */
export const guestFiltersSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  party: z
    .string()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => (v === "all" ? undefined : v)),
  age: z.enum(AGE_CATEGORIES).optional().catch(undefined),
  rsvp: z.enum(["pending", "attending", "declined"]).optional().catch(undefined),
});
