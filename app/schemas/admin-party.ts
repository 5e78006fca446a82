import { z } from "zod";
import { partySchema } from "./party";

/*
 * The Parties forms: the API's party schema (SPEC.md 5, "Party form") plus a
 * hidden `intent`. An empty invitation code means "generate one".
 */

const id = z.string({ error: "Missing party" }).min(1, "Missing party");

export const createPartySchema = z.object({ intent: z.literal("create"), ...partySchema.shape });
export const updatePartySchema = z.object({ intent: z.literal("update"), ...partySchema.shape });
export const deletePartySchema = z.object({ intent: z.literal("delete"), id });

/** Party page: a new invitation code (issue 15). */
export const regeneratePartyCodeSchema = z.object({ intent: z.literal("regenerate-code") });

export const partiesActionSchema = z.discriminatedUnion("intent", [createPartySchema, deletePartySchema]);
