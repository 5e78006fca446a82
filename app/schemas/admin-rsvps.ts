import { z } from "zod";

export const RSVP_STATUSES = ["Pending", "Attending", "Declined"] as const;

/** RSVP Tracking's GET filter: ?status=pending|attending|declined (anything else: all). */
export const rsvpFilterSchema = z.object({
  status: z
    .string()
    .optional()
    .transform((v) => RSVP_STATUSES.find((s) => s.toLowerCase() === v?.toLowerCase())),
});
