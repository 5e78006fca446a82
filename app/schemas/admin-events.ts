import { z } from "zod";
import { eventSchema } from "./event";

/* The Events page's forms: the event dialog (the API's own schema) and the delete confirmation. */

export const eventsActionSchema = z.discriminatedUnion("intent", [
  eventSchema.extend({ intent: z.literal("create") }),
  eventSchema.extend({ intent: z.literal("update"), id: z.string() }),
  z.object({ intent: z.literal("delete"), id: z.string() }),
]);

export const deleteEventMessage = (title: string) =>
  `Are you sure you want to delete "${title}"? This will also delete all guest RSVPs for this event. This action cannot be undone.`;
