import { questionPatchSchema, questionSchema, type QuestionPatch, type QuestionValues } from "~/schemas/question";
import { parseWith } from "~/utils/api.server";

/*
 * The Questions page's dialog posts plain form fields (it works without
 * JavaScript): choices as rows of repeated fields, the condition as
 * "questionId:choiceId" values of one multiple select. They become the API's
 * shape and are checked by the API's own schema.
 */

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
};
const number = (form: FormData, name: string) => {
  const v = text(form, name);
  return v === null ? null : Number(v);
};

function choicesFrom(form: FormData) {
  const ids = form.getAll("choiceId").map(String);
  const labels = form.getAll("choiceLabel").map(String);
  const labelsPt = form.getAll("choiceLabelPt").map(String);
  const retired = new Set(form.getAll("choiceRetired").map(String));
  const removed = new Set(form.getAll("choiceDelete").map(String));
  return labels
    .map((label, i) => ({ id: ids[i] || null, label: label.trim(), labelPt: labelsPt[i]?.trim() || null, retired: retired.has(String(i)), index: i }))
    .filter((c) => !removed.has(String(c.index)) && (c.id || c.label))
    .map(({ index: _, ...c }) => c);
}

function showIfFrom(form: FormData) {
  const picked = form.getAll("showIf").map(String).filter(Boolean);
  if (!picked.length) return null;
  const questionId = picked[0]!.split(":")[0]!;
  // Choices of another question than the first picked one make the condition fail the schema (one question only).
  return { questionId, choiceIds: picked.map((p) => (p.startsWith(`${questionId}:`) ? p.slice(questionId.length + 1) : "")) };
}

function fieldsFrom(form: FormData) {
  const type = text(form, "type");
  return {
    text: text(form, "text") ?? "",
    textPt: text(form, "textPt"),
    help: text(form, "help"),
    helpPt: text(form, "helpPt"),
    type,
    choices: type === "choice" || type === "multi" ? choicesFrom(form) : [],
    per: text(form, "per") ?? "person",
    eventId: text(form, "eventId"),
    required: form.get("required") === "on",
    showIf: showIfFrom(form),
    hostOnly: form.get("hostOnly") === "on",
    min: type === "number" ? number(form, "min") : null,
    max: type === "number" ? number(form, "max") : null,
  };
}

export const newQuestionFrom = (form: FormData): QuestionValues => parseWith(questionSchema, fieldsFrom(form));
export const questionChangesFrom = (form: FormData): QuestionPatch => parseWith(questionPatchSchema, fieldsFrom(form));
