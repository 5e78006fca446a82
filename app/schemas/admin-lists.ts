import { z } from "zod";

/**
 * The query strings of the paged admin lists (issue 16): anything unknown is
 * dropped, not an error, so a hand-edited URL still shows the list.
 */
const search = z.string().trim().max(200).optional().catch(undefined);

/** /admin/payments?q=…&status=paid|partial|unpaid|credit */
export const paymentsFiltersSchema = z.object({
  q: search,
  status: z.enum(["paid", "partial", "unpaid", "credit"]).optional().catch(undefined),
});

/** /admin/event-rsvps?event=…&q=…&status=attending|declined */
export const attendanceFiltersSchema = z.object({
  event: z.string().max(100).optional().catch(undefined),
  q: search,
  status: z.enum(["attending", "declined"]).optional().catch(undefined),
});
