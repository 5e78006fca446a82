import { z } from "zod";
import { optionalCode, optionalLanguage, optionalEmail, optionalPhone, optionalText, requiredText } from "./fields";

/*
 * A party (SPEC.md 3, "Party form": name required, primaryEmail valid or
 * empty, primaryPhone optional). Shared by the Parties page, its action and
 * POST/PATCH /api/parties. An empty authCode means "generate one".
 */
const partyFields = {
  name: requiredText("Party name is required"),
  primaryContactName: optionalText(200),
  primaryEmail: optionalEmail,
  primaryPhone: optionalPhone,
  authCode: optionalCode,
  notes: optionalText(5000),
  language: optionalLanguage,
};

export const partySchema = z.object(partyFields);
export type PartyValues = z.output<typeof partySchema>;

/** PATCH: any subset; a field left out is left as it is. */
export const partyPatchSchema = z.object(partyFields).partial();
