import { z } from "zod";
import { fileTooLargeMessage, invalidImageMessage, MAX_UPLOAD_BYTES } from "~/utils/uploads";
import { roomTypeSchema } from "./room-type";

/*
 * The Room Types page's forms: the room type dialog (the API's own schema)
 * and the delete confirmation, told apart by the hidden `intent`.
 */

/**
 * The value of a select's "Select a ..." prompt. SPEC.md 5: no option may have
 * an empty value, so the prompt has this one, and the schemas read it as unset.
 */
export const CHOOSE = "choose";
export const unlessChosen = (value: unknown) => (value === CHOOSE ? undefined : value);

// A facility row the host added but left empty arrives as undefined: it is dropped, not an error.
const facilityRows = z
  .array(z.string().trim().max(100, "A facility must be at most 100 characters").optional())
  .max(40, "At most 40 facilities")
  .optional()
  .transform((list) => (list ?? []).filter((f): f is string => Boolean(f)));

export const roomTypeFormSchema = roomTypeSchema.extend({
  category: z.preprocess(unlessChosen, roomTypeSchema.shape.category),
  facilities: facilityRows,
  facilitiesPt: facilityRows,
});

export const roomTypeActionSchema = z.discriminatedUnion("intent", [
  roomTypeFormSchema.extend({ intent: z.literal("create") }),
  roomTypeFormSchema.extend({ intent: z.literal("update"), id: z.string() }),
  z.object({ intent: z.literal("delete"), id: z.string() }),
]);

/** The browser's check of one picked file (SPEC.md section 5); the server checks again, always. */
export function imageFileProblem(file: { name: string; type: string; size: number }) {
  if (!file.type.startsWith("image/")) return invalidImageMessage(file.name);
  if (file.size > MAX_UPLOAD_BYTES) return fileTooLargeMessage(file.name);
  return null;
}

/** One square foot is 0.09290304 m². */
export const sqMToSqFt = (sqM: number) => Math.round(sqM / 0.09290304);
