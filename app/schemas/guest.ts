import { z } from "zod";
import { optionalCode, optionalLanguage, optionalEmail, optionalId, optionalPhone, optionalText, requiredText } from "./fields";

export const AGE_CATEGORIES = ["adult", "kid", "baby"] as const;
export type AgeCategoryValue = (typeof AGE_CATEGORIES)[number];

/*
 * SPEC.md 5, "Member form": firstName, lastName and ageCategory required,
 * email and phone optional. The same fields are a guest's own part of the
 * admin "Guest form", which adds the invitation-side fields.
 */
const memberFields = {
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email: optionalEmail,
  phone: optionalPhone,
  ageCategory: z.enum(AGE_CATEGORIES, { error: "Please choose an age category" }),
};

/** POST /api/parties/{id}/members and the member dialog (the party comes from the path). */
export const memberSchema = z.object({ ...memberFields, ageCategory: memberFields.ageCategory.default("adult") });
export type MemberValues = z.output<typeof memberSchema>;

/** PATCH /api/guests/{id} by a guest: only the member fields, any subset. */
export const memberPatchSchema = z.object(memberFields).partial();

const guestFields = {
  ...memberFields,
  customCode: optionalCode,
  partyId: optionalId,
  dateOfBirth: optionalText(50),
  notes: optionalText(5000),
  language: optionalLanguage,
};

/** SPEC.md 5, "Guest form (admin)": POST /api/guests and the Guest Management form. */
export const guestSchema = z.object({ ...guestFields, ageCategory: guestFields.ageCategory.default("adult") });
export type GuestValues = z.output<typeof guestSchema>;

/** PATCH /api/guests/{id} by the admin: any subset (partyId null takes the guest out of its party). */
export const guestPatchSchema = z.object(guestFields).partial();

/** GET /api/guests query filters. */
export const guestFiltersSchema = z.object({
  search: z.string().max(200).optional(),
  partyId: z.string().max(100).optional(),
  ageCategory: z.enum(AGE_CATEGORIES).optional(),
  rsvpStatus: z.enum(["pending", "attending", "declined"]).optional(),
});
