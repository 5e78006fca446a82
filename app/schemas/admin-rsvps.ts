import { z } from "zod";

export const RSVP_STATUSES = ["Pending", "Attending", "Declined"] as const;

/** RSVP Tracking's GET filter: ?status=pending|attending|declined (anything else: all), ?q= a search. */
export const rsvpFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z
    .string()
    .optional()
    .transform((v) => RSVP_STATUSES.find((s) => s.toLowerCase() === v?.toLowerCase())),
});
