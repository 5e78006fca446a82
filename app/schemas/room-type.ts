import { z } from "zod";
import { UPLOAD_URL_PATTERN } from "~/utils/uploads";
import { optionalText, requiredText } from "./fields";

export const ROOM_CATEGORIES = ["Room", "Suite", "Villa"] as const;

function number(label: string, { min, int = false, max = 1_000_000 }: { min: number; int?: boolean; max?: number }) {
  const base = z.number({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
  });
  return (int ? base.int(`${label} must be a whole number`) : base)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

/* SPEC.md 5, "Room type form"; pricePerNight is whole euros for the two nights (SPEC.md 9). */
const roomTypeFields = {
  name: requiredText("Name is required", 120),
  location: requiredText("Location is required", 120),
  category: z.enum(ROOM_CATEGORIES, { error: "Category must be Room, Suite or Villa" }),
  areaSqM: number("Area (m²)", { min: 0 }),
  areaSqFt: number("Area (ft²)", { min: 0 }),
  maxOccupancyAdults: number("Max adults", { min: 1, int: true, max: 100 }),
  maxOccupancyChildren: number("Max children", { min: 0, int: true, max: 100 }),
  totalUnits: number("Total units", { min: 1, int: true, max: 10_000 }),
  pricePerNight: number("Price", { min: 0, int: true }),
  description: optionalText(2000),
  // An empty facility row (in a form it arrives as undefined) is dropped, not an error.
  facilities: z
    .array(z.string({ error: "A facility must be text" }).trim().max(100, "A facility must be at most 100 characters").nullish())
    .max(40, "At most 40 facilities")
    .transform((list) => list.filter((f): f is string => Boolean(f))),
  // Issue 18: the Portuguese texts, optional (empty: guests read the English).
  namePt: optionalText(120),
  locationPt: optionalText(120),
  descriptionPt: optionalText(2000),
  facilitiesPt: z
    .array(z.string({ error: "A facility must be text" }).trim().max(100, "A facility must be at most 100 characters").nullish())
    .max(40, "At most 40 facilities")
    .transform((list) => list.filter((f): f is string => Boolean(f))),
  // Only photos stored by POST /api/upload/images: never an outside or javascript: URL.
  imageUrls: z
    .array(z.string({ error: "Unknown photo" }).max(200, { message: "Unknown photo", abort: true }).regex(UPLOAD_URL_PATTERN, "Unknown photo"))
    .max(20, "At most 20 photos"),
};

/** POST /api/room-types and the room type dialog. */
export const roomTypeSchema = z.object({
  ...roomTypeFields,
  maxOccupancyChildren: roomTypeFields.maxOccupancyChildren.default(0),
  facilities: roomTypeFields.facilities.default([]),
  facilitiesPt: roomTypeFields.facilitiesPt.default([]),
  imageUrls: roomTypeFields.imageUrls.default([]),
});
export type RoomTypeValues = z.output<typeof roomTypeSchema>;

/** PATCH /api/room-types/{id}: any subset. */
export const roomTypePatchSchema = z.object(roomTypeFields).partial();
