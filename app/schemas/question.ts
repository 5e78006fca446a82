import { z } from "zod";
import { checkResponder, idField, optionalId, optionalText, requiredText } from "./fields";

/** The answer types (issue 24); db/schema.ts keeps the same list. */
export const QUESTION_TYPES = ["text", "longtext", "choice", "multi", "yesno", "number"] as const;

/* Issue 24: a question the host asks, as sent to POST /api/questions and PATCH /api/questions/{id}. */

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const bound = (name: string) => z.number({ error: `${name} must be a number` }).finite(`${name} must be a number`).nullish().transform((v) => v ?? null);

export const choiceSchema = z.object({
  id: optionalId,
  label: requiredText("Each choice needs a label"),
  labelPt: optionalText(200),
  retired: flag("retired").optional(),
});

export const showIfSchema = z
  .object({
    questionId: idField("showIf.questionId is required"),
    choiceIds: z.array(idField("Unknown choice")).min(1, "Pick at least one choice for the condition").max(50, "Too many choices"),
  })
  .nullable();

const questionFields = {
  text: requiredText("Please enter the question", 300),
  textPt: optionalText(300),
  help: optionalText(1000),
  helpPt: optionalText(1000),
  type: z.enum(QUESTION_TYPES, { error: 'type must be one of "text", "longtext", "choice", "multi", "yesno", "number"' }),
  choices: z.array(choiceSchema).max(50, "At most 50 choices"),
  per: z.enum(["person", "invitation"], { error: 'per must be "person" or "invitation"' }),
  eventId: optionalId,
  required: flag("required"),
  showIf: showIfSchema,
  hostOnly: flag("hostOnly"),
  min: bound("min"),
  max: bound("max"),
  position: z.number({ error: "position must be a number" }).int("position must be a whole number").min(0, "position must be 0 or more").max(10000, "position is too large"),
  retired: flag("retired"),
};

export const questionSchema = z.object({
  ...questionFields,
  choices: questionFields.choices.default([]),
  per: questionFields.per.default("person"),
  eventId: questionFields.eventId.default(null),
  required: questionFields.required.default(false),
  showIf: questionFields.showIf.default(null),
  hostOnly: questionFields.hostOnly.default(false),
  position: questionFields.position.optional(),
  retired: questionFields.retired.default(false),
});
export type QuestionValues = z.output<typeof questionSchema>;

export const questionPatchSchema = z.object(questionFields).partial();
export type QuestionPatch = z.output<typeof questionPatchSchema>;

/** One answer as sent: its value is checked against the question's type by the model. */
export const answerInputSchema = z.object({
  questionId: idField("answers: questionId is required"),
  guestId: optionalId.optional(),
  value: z.union([z.string().max(5000, "At most 5000 characters"), z.array(z.string().max(100)).max(50), z.boolean(), z.number(), z.null()], {
    error: "value must be a string, an array of choice ids, a boolean or a number",
  }),
});
export const answersListSchema = z.array(answerInputSchema).max(500, "Too many answers");
export type AnswerInput = z.output<typeof answerInputSchema>;

/** PUT /api/answers: one invitation's answers. */
export const answersPutSchema = z
  .object({ partyId: optionalId, guestId: optionalId, answers: answersListSchema })
  .superRefine(checkResponder);

export const answersQuerySchema = z.object({ questionId: optionalId.optional(), eventId: optionalId.optional() });
