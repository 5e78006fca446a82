import { and, asc, eq, sql } from "drizzle-orm";
import { answers, questionChoices, questions, type QuestionType } from "../../db/schema";
import type { QuestionPatch, QuestionValues } from "../schemas/question";
import { db, immediate, prepared } from "../db.server";
import { ConflictError, NotFoundError, ValidationError } from "../utils/errors";
import { getEvent } from "./events.server";
import { recordActivity, recordEdit } from "./activity.server";

/*
 * The host's own questions (issue 24). Rules that keep answers safe: a
 * question with answers keeps its type, a choice with answers is renamed or
 * retired, never deleted; a condition ("only if") is one level deep, and a
 * question guests see never depends on a host-only one (issue 33: whether it
 * was asked, or its answer kept, would tell the guest the host's answer).
 */

export type QuestionRow = typeof questions.$inferSelect;
export type Choice = typeof questionChoices.$inferSelect;
export type Question = QuestionRow & { choices: Choice[] };

export const TYPE_CHANGE_WITH_ANSWERS = "This question has answers: its type cannot change. Retire it and ask a new one.";
export const CHOICE_WITH_ANSWERS = "A choice with answers cannot be deleted: rename it or retire it.";
export const HAS_DEPENDENTS = "Other questions are asked only if this one is answered: change or delete them first.";
export const CHOICES_NEEDED = "Add at least one choice";
export const ONE_LEVEL = "A condition can only depend on a question that has no condition itself.";
export const MIN_ABOVE_MAX = "min must not be above max";
export const GUEST_ON_HOST_ONLY = "A question guests see cannot depend on a host-only question: its condition would tell them the host's answer.";
export const HOST_ONLY_WITH_GUEST_DEPENDENTS =
  "Questions guests see are asked only if this one is answered: change their condition before making this one host-only.";

export const isChoiceType = (type: QuestionType) => type === "choice" || type === "multi";

/** Every question with its choices, in the host's order. Two queries. */
export function listQuestions(): Question[] {
  const rows = everyQuestion().questions.all();
  const choices = everyQuestion().choices.all();
  return rows.map((q) => ({ ...q, choices: choices.filter((c) => c.questionId === q.id) }));
}

// Prepared once: the signed-in guest pages run it on every request (issue 28).
const everyQuestion = prepared(() => ({
  questions: db.select().from(questions).orderBy(asc(questions.position), asc(questions.createdAt)).prepare(),
  choices: db.select().from(questionChoices).orderBy(asc(questionChoices.position), asc(sql`rowid`)).prepare(),
}));

export function requireQuestion(id: string): Question {
  const q = db.select().from(questions).where(eq(questions.id, id)).get();
  if (!q) throw new NotFoundError("Question not found");
  const choices = db.select().from(questionChoices).where(eq(questionChoices.questionId, id)).orderBy(asc(questionChoices.position), asc(sql`rowid`)).all();
  return { ...q, choices };
}

/** The API's shape (issue 24, item 4). */
export const toApiQuestion = (q: Question) => ({
  id: q.id,
  text: q.text,
  textPt: q.textPt,
  help: q.help,
  helpPt: q.helpPt,
  type: q.type,
  choices: q.choices.map((c) => ({ id: c.id, label: c.label, labelPt: c.labelPt, retired: c.retired })),
  per: q.per,
  eventId: q.eventId,
  required: q.required,
  showIf: q.showIfQuestionId ? { questionId: q.showIfQuestionId, choiceIds: q.showIfChoiceIds ?? [] } : null,
  hostOnly: q.hostOnly,
  min: q.min,
  max: q.max,
  position: q.position,
  retired: q.retired,
});
export type ApiQuestion = ReturnType<typeof toApiQuestion>;

export function countAnswers(questionId: string) {
  return db.select({ n: sql<number>`count(*)` }).from(answers).where(eq(answers.questionId, questionId)).get()?.n ?? 0;
}

/** The choice ids a stored value names (a choice's id, or a multi's ids). */
export const chosenIds = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);

function choicesInUse(questionId: string) {
  const used = new Set<string>();
  for (const a of db.select({ value: answers.value }).from(answers).where(eq(answers.questionId, questionId)).all()) {
    for (const id of chosenIds(a.value)) used.add(id);
  }
  return used;
}

type Shape = Pick<QuestionValues, "type" | "eventId" | "showIf" | "min" | "max"> & { choiceCount: number };

/** The checks a new or changed question must pass (400 naming the field). */
function checkShape(id: string | null, shape: Shape) {
  if (isChoiceType(shape.type) && shape.choiceCount === 0) throw new ValidationError(CHOICES_NEEDED, { choices: [CHOICES_NEEDED] });
  if (shape.min !== null && shape.max !== null && shape.min > shape.max) throw new ValidationError(MIN_ABOVE_MAX, { min: [MIN_ABOVE_MAX] });
  if (shape.eventId && !getEvent({ id: shape.eventId })) throw new ValidationError("Unknown event", { eventId: ["Unknown event"] });
  if (!shape.showIf) return;
  const { questionId, choiceIds } = shape.showIf;
  const target = questionId === id ? null : db.select().from(questions).where(eq(questions.id, questionId)).get();
  if (!target) throw new ValidationError("Unknown question", { "showIf.questionId": ["Unknown question"] });
  if (!isChoiceType(target.type)) {
    throw new ValidationError("A condition needs a question with choices", { "showIf.questionId": ["A condition needs a question with choices"] });
  }
  if (target.showIfQuestionId) throw new ValidationError(ONE_LEVEL, { "showIf.questionId": [ONE_LEVEL] });
  if (id && db.select({ id: questions.id }).from(questions).where(eq(questions.showIfQuestionId, id)).get()) {
    throw new ValidationError(ONE_LEVEL, { showIf: [ONE_LEVEL] });
  }
  const known = new Set(db.select({ id: questionChoices.id }).from(questionChoices).where(eq(questionChoices.questionId, questionId)).all().map((c) => c.id));
  if (choiceIds.some((c) => !known.has(c))) throw new ValidationError("Unknown choice", { "showIf.choiceIds": ["Unknown choice"] });
}

/**
 * Issue 33: a question guests see may not be asked "only if" a host-only one
 * is answered (400 naming showIf), and a question such questions depend on
 * may not become host-only (400 naming hostOnly). Checked on the question as
 * it will be, so a condition left as it was is checked again when hostOnly changes.
 */
function checkPrivacy(id: string | null, hostOnly: boolean, showIfQuestionId: string | null) {
  if (!hostOnly && showIfQuestionId) {
    const target = db.select({ hostOnly: questions.hostOnly }).from(questions).where(eq(questions.id, showIfQuestionId)).get();
    if (target?.hostOnly) throw new ValidationError(GUEST_ON_HOST_ONLY, { showIf: [GUEST_ON_HOST_ONLY] });
  }
  if (hostOnly && id) {
    const guestDependent = db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.showIfQuestionId, id), eq(questions.hostOnly, false)))
      .get();
    if (guestDependent) throw new ValidationError(HOST_ONLY_WITH_GUEST_DEPENDENTS, { hostOnly: [HOST_ONLY_WITH_GUEST_DEPENDENTS] });
  }
}

/**
 * What a guest may know of the questions: no host-only question, and no
 * condition naming one (its id and choice ids stay with the host). Such a
 * condition can only be one stored before issue 33; it is treated as absent.
 */
export function guestVisibleQuestions(all: Question[]): Question[] {
  const hostOnly = new Set(all.filter((q) => q.hostOnly).map((q) => q.id));
  return all
    .filter((q) => !q.hostOnly)
    .map((q) => (q.showIfQuestionId && hostOnly.has(q.showIfQuestionId) ? { ...q, showIfQuestionId: null, showIfChoiceIds: null } : q));
}

/**
 * Issue 33, at start: conditions stored before the rule, where a question
 * guests see depends on a host-only one, are removed (the question is then
 * asked of everyone it applies to otherwise), each with an activity item.
 * Runs in one transaction; idempotent.
 */
export function removeGuestConditionsOnHostOnly() {
  return immediate(() => {
    const all = db.select().from(questions).all();
    const byId = new Map(all.map((q) => [q.id, q]));
    const leaking = all.filter((q) => !q.hostOnly && q.showIfQuestionId && byId.get(q.showIfQuestionId)?.hostOnly);
    for (const q of leaking) {
      db.update(questions).set({ showIfQuestionId: null, showIfChoiceIds: null, updatedAt: new Date().toISOString() }).where(eq(questions.id, q.id)).run();
      recordActivity({
        actor: "admin",
        kind: "question",
        summary: `Question "${q.text}": its condition on the host-only question "${byId.get(q.showIfQuestionId!)!.text}" was removed, because it told guests the host's answer; it is now asked without a condition.`,
      });
    }
    return leaking.length;
  });
}

const nextPosition = () => (db.select({ n: sql<number>`coalesce(max(${questions.position}), -1)` }).from(questions).get()?.n ?? -1) + 1;

/** Moves a question to `position` in the order and renumbers the rest 0..n-1. */
function moveTo(id: string, position: number) {
  const order = db.select({ id: questions.id }).from(questions).orderBy(asc(questions.position), asc(questions.createdAt)).all().map((r) => r.id).filter((q) => q !== id);
  order.splice(Math.min(position, order.length), 0, id);
  order.forEach((qid, i) => db.update(questions).set({ position: i }).where(eq(questions.id, qid)).run());
}

/**
 * "Move up"/"Move down" on the Questions page: past the next question still
 * asked, so a retired one between them (listed apart) never eats a click.
 */
export function moveQuestion(id: string, direction: "up" | "down"): Question | null {
  const order = listQuestions();
  const at = order.findIndex((q) => q.id === id);
  if (at < 0) throw new NotFoundError("Question not found");
  const step = direction === "up" ? -1 : 1;
  let to = at + step;
  while (to >= 0 && to < order.length && order[to]!.retired) to += step;
  if (to < 0 || to >= order.length) return null;
  return updateQuestion(id, { position: to });
}

export function createQuestion(input: QuestionValues): Question {
  return immediate(() => {
    const choices = isChoiceType(input.type) ? input.choices : [];
    checkShape(null, { ...input, choiceCount: choices.filter((c) => !c.retired).length });
    checkPrivacy(null, input.hostOnly, input.showIf?.questionId ?? null);
    const row = db
      .insert(questions)
      .values({
        text: input.text,
        textPt: input.textPt,
        help: input.help,
        helpPt: input.helpPt,
        type: input.type,
        per: input.per,
        eventId: input.eventId,
        required: input.required,
        showIfQuestionId: input.showIf?.questionId ?? null,
        showIfChoiceIds: input.showIf?.choiceIds ?? null,
        hostOnly: input.hostOnly,
        min: input.type === "number" ? input.min : null,
        max: input.type === "number" ? input.max : null,
        position: nextPosition(),
        retired: input.retired,
      })
      .returning()
      .get();
    choices.forEach((c, i) =>
      db.insert(questionChoices).values({ questionId: row.id, label: c.label, labelPt: c.labelPt, retired: c.retired ?? false, position: i }).run(),
    );
    if (input.position !== undefined) moveTo(row.id, input.position);
    recordActivity({ actor: "admin", kind: "question", summary: `Question "${row.text}" added (${row.type}${choices.length ? `: ${choices.map((c) => c.label).join(", ")}` : ""})` });
    return requireQuestion(row.id);
  });
}

/** Choices sent replace the list: kept by id, new ones added, missing ones deleted (409 when answered). */
function replaceChoices(current: Question, sent: NonNullable<QuestionPatch["choices"]>) {
  const known = new Map(current.choices.map((c) => [c.id, c]));
  sent.forEach((c, i) => {
    if (c.id && !known.has(c.id)) throw new ValidationError("Unknown choice", { [`choices.${i}.id`]: ["Unknown choice"] });
  });
  const keep = new Set(sent.map((c) => c.id).filter(Boolean));
  const removed = current.choices.filter((c) => !keep.has(c.id));
  if (removed.length) {
    const used = choicesInUse(current.id);
    if (removed.some((c) => used.has(c.id))) throw new ConflictError(CHOICE_WITH_ANSWERS);
    for (const c of removed) db.delete(questionChoices).where(eq(questionChoices.id, c.id)).run();
  }
  sent.forEach((c, i) => {
    const values = { label: c.label, labelPt: c.labelPt, retired: c.retired ?? false, position: i };
    if (c.id) db.update(questionChoices).set(values).where(eq(questionChoices.id, c.id)).run();
    else db.insert(questionChoices).values({ ...values, questionId: current.id }).run();
  });
}

export function updateQuestion(id: string, patch: QuestionPatch): Question {
  return immediate(() => {
    const current = requireQuestion(id);
    const type = patch.type ?? current.type;
    if (type !== current.type && countAnswers(id) > 0) throw new ConflictError(TYPE_CHANGE_WITH_ANSWERS);
    const showIf =
      patch.showIf !== undefined ? patch.showIf : current.showIfQuestionId ? { questionId: current.showIfQuestionId, choiceIds: current.showIfChoiceIds ?? [] } : null;
    const choices = patch.choices ?? current.choices;
    checkShape(id, {
      type,
      eventId: patch.eventId !== undefined ? patch.eventId : current.eventId,
      showIf: patch.showIf !== undefined ? patch.showIf : null, // an unchanged condition was checked when it was set
      min: patch.min !== undefined ? patch.min : current.min,
      max: patch.max !== undefined ? patch.max : current.max,
      choiceCount: choices.filter((c) => !c.retired).length,
    });
    checkPrivacy(id, patch.hostOnly ?? current.hostOnly, showIf?.questionId ?? null);
    if (isChoiceType(type) && patch.choices) replaceChoices(current, patch.choices);
    if (!isChoiceType(type) && current.choices.length) db.delete(questionChoices).where(eq(questionChoices.questionId, id)).run();
    const { choices: _c, showIf: _s, position, ...fields } = patch;
    db.update(questions)
      .set({ ...fields, type, showIfQuestionId: showIf?.questionId ?? null, showIfChoiceIds: showIf?.choiceIds ?? null, updatedAt: new Date().toISOString() })
      .where(eq(questions.id, id))
      .run();
    if (position !== undefined) moveTo(id, position);
    const labels = (list: { label: string; retired?: boolean | null }[]) => list.map((c) => `${c.label}${c.retired ? " (retired)" : ""}`).join(", ");
    recordEdit({
      kind: "question",
      what: `Question "${current.text}"`,
      before: { ...current, choices: labels(current.choices), position: current.position },
      after: { ...fields, ...(patch.choices ? { choices: labels(patch.choices) } : {}), position },
    });
    return requireQuestion(id);
  });
}

/** Deletes a question and its answers (the page asks first, saying how many). */
export function deleteQuestion(id: string) {
  return immediate(() => {
    const { text } = requireQuestion(id);
    if (db.select({ id: questions.id }).from(questions).where(eq(questions.showIfQuestionId, id)).get()) throw new ConflictError(HAS_DEPENDENTS);
    const answersDeleted = countAnswers(id);
    db.delete(questions).where(eq(questions.id, id)).run();
    recordActivity({ actor: "admin", kind: "question", summary: `Question "${text}" deleted with its ${answersDeleted} answer${answersDeleted === 1 ? "" : "s"}` });
    return { id, answersDeleted };
  });
}
