import { z } from "zod";
import type { ClientMessages } from "~/i18n";
import { signInSchema } from "./guest-sign-in";

/** The forms of /my-rsvp: sign-in, a room's confirm or decline, and the event checkboxes. */
export function myRsvpSchema(g: ClientMessages["guest"]) {
  const assignmentId = z.string().trim().min(1).max(100);
  return z.discriminatedUnion("intent", [
    signInSchema(g),
    z.object({ intent: z.literal("room-confirm"), assignmentId }),
    z.object({
      intent: z.literal("room-decline"),
      assignmentId,
      reason: z.string({ error: g.reasonRequiredText }).trim().min(1, g.reasonRequiredText).max(1000, g.reasonRequiredText),
    }),
    z.object({ intent: z.literal("events-save"), events: z.array(z.string().max(100)).max(200).default([]) }),
    // Issue 14: who in the party is coming.
    z.object({
      intent: z.literal("members-save"),
      memberIds: z.array(z.string().max(100)).max(200).default([]),
      coming: z.array(z.string().max(100)).max(200).default([]),
    }),
  ]);
}

/** The decline form alone (its page-side validation). */
export function declineSchema(g: ClientMessages["guest"]) {
  return z.object({
    intent: z.literal("room-decline"),
    assignmentId: z.string().min(1),
    reason: z.string({ error: g.reasonRequiredText }).trim().min(1, g.reasonRequiredText).max(1000, g.reasonRequiredText),
  });
}
