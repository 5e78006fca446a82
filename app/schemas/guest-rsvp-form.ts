import { z } from "zod";
import type { ClientMessages } from "~/i18n";
import { isEmailAddress, MAX_IDENTIFIER_LENGTH } from "./guest-auth";
import { AGE_CATEGORIES } from "./guest";
import { OTHER_INTENTS, ROOM_INTENTS } from "./guest-rsvp-intents";

/*
 * The RSVP form of /rsvp is ONE form: the answer, and every button that acts
 * on a room or a party member, so whatever the guest has typed travels with
 * each press and is never lost (it works the same without JavaScript; see
 * docs/decisions/005-one-rsvp-form.md). A button says what it does as
 * "intent:target" (e.g. "room-confirm:<assignmentId>"); `splitIntent`
 * separates the two before validation, on the page and in the action.
 */

export { intentValue, OTHER_INTENTS, ROOM_INTENTS, splitIntent, type RsvpIntent } from "./guest-rsvp-intents";

/** SPEC.md 5: invalid input falls back to the minimum; out of range is an error. */
const count = (min: number, message: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return min;
      const n = typeof v === "number" ? v : Number(v);
      return Number.isFinite(n) ? n : min;
    },
    z.number().int(message).min(min, message).max(10, message),
  );

const target = z.string().trim().min(1).max(100);

export function rsvpFormSchema(g: ClientMessages["guest"], r: ClientMessages["rsvp"]) {
  const text = (max: number) => z.string().max(max, r.tooLong).optional();

  const submit = z
    .object({
      intent: z.literal("submit"),
      attending: z.enum(["yes", "no"]).default("yes"),
      // Only an individual guest sends counts; a party's come from its members.
      individual: z.literal("1").optional(),
      adultsCount: count(1, r.adultsRange),
      kidsCount: count(0, r.kidsRange),
      babiesCount: count(0, r.babiesRange),
      dietaryRestrictions: text(2000),
      messageToHost: text(5000),
      events: z.array(z.string().max(100)).max(200).default([]),
      // Issue 14: the members the form showed, and those ticked as coming.
      memberIds: z.array(z.string().max(100)).max(200).default([]),
      coming: z.array(z.string().max(100)).max(200).default([]),
      // What the page showed; the server checks the rooms itself (submitRsvp's 409).
      pendingRooms: z.coerce.number().int().min(0).default(0),
    })
    .superRefine((v, ctx) => {
      if (v.attending !== "yes") return;
      if (v.pendingRooms > 0) {
        ctx.addIssue({ code: "custom", path: [], message: `${g.roomDecisionRequired} - ${g.roomDecisionRequiredText}` });
      }
      const total = v.adultsCount + v.kidsCount + v.babiesCount;
      if (v.individual && (total < 1 || total > 10)) ctx.addIssue({ code: "custom", path: [], message: r.totalRange });
    });

  const roomDecline = z.object({
    intent: z.literal("room-decline"),
    target,
    reason: z
      .string({ error: g.reasonRequiredText })
      .trim()
      .min(1, g.reasonRequiredText)
      .max(1000, r.tooLong),
  });

  const memberSave = z.object({
    intent: z.literal("member-save"),
    target,
    memberFirstName: z.string({ error: g.firstNameRequired }).trim().min(1, g.firstNameRequired).max(100, r.tooLong),
    memberLastName: z.string({ error: g.lastNameRequired }).trim().min(1, g.lastNameRequired).max(100, r.tooLong),
    memberEmail: z
      .string()
      .trim()
      // abort: the pattern below never sees oversized text (issue 22).
      .max(MAX_IDENTIFIER_LENGTH, { message: g.invalidEmail, abort: true })
      .refine((v) => isEmailAddress(v), g.invalidEmail)
      .optional(),
    // Stored in the +digits form phone sign-in matches; readable spaces are dropped.
    memberPhone: z
      .string()
      .max(40, { message: r.tooLong, abort: true })
      .transform((v) => v.replace(/[\s.()-]/g, ""))
      .superRefine((v, ctx) => {
        if (v === "") return;
        if (!v.startsWith("+")) ctx.addIssue({ code: "custom", message: g.phonePlus });
        else if (!/^\+\d{4,20}$/.test(v)) ctx.addIssue({ code: "custom", message: g.phoneDigits });
      })
      .optional(),
    memberAgeCategory: z.enum(AGE_CATEGORIES, { error: g.ageCategoryRequired }).default("adult"),
  });

  const roomAction = z.object({ intent: z.enum(ROOM_INTENTS), target });
  const other = z.object({ intent: z.enum(OTHER_INTENTS), target: target.optional() });

  return z.discriminatedUnion("intent", [submit, roomDecline, memberSave, roomAction, other]);
}

export type RsvpFormValue = z.output<ReturnType<typeof rsvpFormSchema>>;
