import { z } from "zod";

const ids = z.array(z.string({ error: "Ids are text" }).trim().min(1).max(100)).max(5000).optional();

/** POST /api/invitations (issue 13). */
export const sendInvitationsSchema = z
  .object({
    kind: z.enum(["invitation", "reminder"], { error: 'kind must be "invitation" or "reminder"' }),
    partyIds: ids,
    guestIds: ids,
    force: z.boolean({ error: "force must be true or false" }).optional(),
  })
  .refine((v) => (v.partyIds?.length ?? 0) + (v.guestIds?.length ?? 0) > 0, { message: "Select at least one party or guest.", path: ["partyIds"] });

/** The Invitations page's action: the checked rows (ids of parties or individual guests) and what to do with them. */
export const invitationsActionSchema = z.object({
  intent: z.enum(["invitation", "reminder", "mark"], { error: "Choose an action" }),
  ids: z.array(z.string().trim().min(1).max(100), { error: "Select at least one party or guest." }).min(1, "Select at least one party or guest.").max(5000),
  force: z.literal("on").optional(),
});

/** /admin/invitations/whatsapp: one invitee and what to send. */
export const whatsappSchema = z
  .object({
    partyId: z.string().trim().min(1).max(100).optional(),
    guestId: z.string().trim().min(1).max(100).optional(),
    kind: z.enum(["invitation", "reminder"], { error: 'kind must be "invitation" or "reminder"' }),
  })
  .refine((v) => !!v.partyId !== !!v.guestId, { message: "Either partyId or guestId must be provided", path: ["partyId"] });

/** The print sheet's "Mark as invited (print)". */
export const markPrintedSchema = z.object({
  ids: z.array(z.string().trim().min(1).max(100)).min(1, "No cards to mark.").max(5000),
});

export const INVITATION_FILTER_LABELS = {
  "not-invited": "Not invited",
  "not-opened": "Invited, not opened",
  "not-answered": "Opened, not answered",
  "rooms-pending": "Rooms pending",
  unpaid: "Confirmed rooms unpaid",
} as const;

/** GET filters of the Invitations page (unknown values are ignored). */
export const invitationFiltersSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  filter: z.enum(["not-invited", "not-opened", "not-answered", "rooms-pending", "unpaid"]).optional().catch(undefined),
});
