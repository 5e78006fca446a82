import { z } from "zod";

// Issue 36: every admin write and guest answer has a kind (a party's details, side events, settings, questions, invitations, travel, shuttles).
export const ACTIVITY_KIND_VALUES = [
  "rsvp", "member", "room", "payment", "event-rsvp", "announcement", "answer", "team", "share-link",
  "party", "event", "settings", "question", "invitation", "travel", "shuttle", "gift", "seating", "album",
] as const;

/** GET /api/activity?partyId=&kind=&limit= (limit default 50, at most 200). */
export const activityQuerySchema = z.object({
  partyId: z.string().trim().max(100).optional().transform((v) => v || undefined),
  kind: z.enum(ACTIVITY_KIND_VALUES, { error: "Unknown kind" }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
});

/** The /admin/activity filters: bad values are ignored, not errors. */
export const activityPageFilterSchema = z.object({
  party: z.string().trim().max(100).optional().catch(undefined).transform((v) => v || undefined),
  kind: z.enum(ACTIVITY_KIND_VALUES).optional().catch(undefined),
});
