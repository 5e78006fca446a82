import { and, eq, isNull, sql } from "drizzle-orm";
import { answers, eventRsvps, guests, parties, rsvps, type AnswerValue } from "../../db/schema";
import type { AnswerInput } from "../schemas/question";
import { db, immediate, prepared } from "../db.server";
import { NotFoundError, ValidationError, type FieldErrors } from "../utils/errors";
import { recordActivity, type Actor } from "./activity.server";
import { listEventRsvpsFor } from "./event-rsvps.server";
import { getGuest, listPartyMembers } from "./guests.server";
import { getParty } from "./parties.server";
import { chosenIds, countAnswers, guestVisibleQuestions, isChoiceType, listQuestions, type Question } from "./questions.server";
import { assertMayChange } from "./rsvp-deadline.server";
import { getRsvpFor } from "./rsvps.server";
import { supplierListTexts } from "../i18n/catalog/supplier-lists";

/*
 * Answers to the host's questions (issue 24). One function validates and
 * stores them for every door (the RSVP pages, POST /api/rsvps, PUT
 * /api/answers). Who a question applies to is worked out from the stored
 * state: the people coming, the side events ticked, the condition's answer.
 * Answers that do not apply are dropped, never stored; reads count only
 * those that apply.
 */

export type Owner = { partyId: string; guestId?: undefined } | { guestId: string; partyId?: undefined };
export type Person = { id: string; firstName: string; lastName: string; ageCategory: "adult" | "kid" | "baby"; attending: boolean | null };
/** One invitation as the questions see it. */
export type Invitation = { owner: Owner; people: Person[]; rsvpAttending: boolean | null; events: Set<string> };
/** Whose answer: the invitation (null) or a person's id. */
export type Target = string | null;
export type StoredAnswer = { questionId: string; partyId: string | null; guestId: string | null; value: AnswerValue };

const ownerKey = (owner: Owner, target: Target) => (owner.partyId ? `${owner.partyId}:${target ?? ""}` : `:${owner.guestId}`);
const valueKey = (questionId: string, target: Target) => `${questionId}|${target ?? ""}`;
const personName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

export function loadInvitation(owner: Owner): Invitation {
  const events = new Set(listEventRsvpsFor(owner).filter((e) => e.attending).map((e) => e.eventId));
  const rsvpAttending = getRsvpFor(owner)?.attending ?? null;
  if (owner.partyId) {
    if (!getParty({ id: owner.partyId })) throw new NotFoundError("Party not found");
    return { owner, people: listPartyMembers({ partyId: owner.partyId }), rsvpAttending, events };
  }
  const guest = getGuest({ id: owner.guestId! });
  if (!guest) throw new NotFoundError("Guest not found");
  return { owner, people: [guest], rsvpAttending, events };
}

/** For an individual guest every answer is theirs; in a party, a per-invitation answer is the party's. */
const targetOf = (q: Question, inv: Invitation, personId: string | null): Target => (inv.owner.guestId ? inv.owner.guestId : q.per === "invitation" ? null : personId);

/** Who answers `q` in this invitation now; [] when it does not apply (not coming, event not ticked, condition not met). */
export function targetsOf(q: Question, inv: Invitation, values: Map<string, AnswerValue>, byId: Map<string, Question>): Target[] {
  if (q.retired || inv.rsvpAttending === false) return [];
  if (q.eventId && !inv.events.has(q.eventId)) return [];
  const base: Target[] = inv.owner.guestId ? [inv.owner.guestId] : q.per === "invitation" ? [null] : inv.people.filter((p) => p.attending !== false).map((p) => p.id);
  const cond = q.showIfQuestionId ? byId.get(q.showIfQuestionId) : undefined;
  // Issue 33: whether a question guests see applies never turns on a host-only answer.
  if (!cond || (cond.hostOnly && !q.hostOnly)) return base;
  const wanted = new Set(q.showIfChoiceIds ?? []);
  const condTargets = targetsOf({ ...cond, showIfQuestionId: null }, inv, values, byId);
  const holds = (t: Target) => condTargets.includes(t) && chosenIds(values.get(valueKey(cond.id, t))).some((c) => wanted.has(c));
  if (cond.per === "invitation" || inv.owner.guestId) return holds(targetOf(cond, inv, null)) ? base : [];
  if (q.per === "person") return base.filter(holds);
  return condTargets.some(holds) ? base : [];
}

function storedFor(owner: Owner) {
  return owner.partyId ? answersOf().party.all({ id: owner.partyId }) : answersOf().guest.all({ id: owner.guestId! });
}

// Prepared once: the signed-in guest pages run it on every request (issue 28).
const answersOf = prepared(() => ({
  party: db.select().from(answers).where(eq(answers.partyId, sql.placeholder("id"))).prepare(),
  guest: db.select().from(answers).where(and(eq(answers.guestId, sql.placeholder("id")), isNull(answers.partyId))).prepare(),
}));

const EMPTY = (v: unknown) => v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** The value as stored for its type, or a message saying what is wrong with it. */
function normalize(q: Question, raw: AnswerInput["value"], before: AnswerValue | undefined): { value: AnswerValue | null } | { error: string } {
  if (EMPTY(raw)) return { value: null };
  // A retired choice stays valid for an answer that already has it.
  const offered = new Set(q.choices.filter((c) => !c.retired || chosenIds(before).includes(c.id)).map((c) => c.id));
  switch (q.type) {
    case "text":
    case "longtext": {
      const max = q.type === "text" ? 500 : 5000;
      if (typeof raw !== "string") return { error: "value must be text" };
      const text = raw.trim();
      if (text.length > max) return { error: `At most ${max} characters` };
      return { value: text || null } as { value: string | null };
    }
    case "choice": {
      const id = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
      if (typeof id !== "string") return { error: "value must be one choice id" };
      return offered.has(id) ? { value: id } : { error: "Unknown choice" };
    }
    case "multi": {
      if (!Array.isArray(raw)) return { error: "value must be an array of choice ids" };
      if (raw.some((id) => !offered.has(id))) return { error: "Unknown choice" };
      return { value: [...new Set(raw)] };
    }
    case "yesno":
      return typeof raw === "boolean" ? { value: raw } : { error: "value must be true or false" };
    case "number": {
      if (typeof raw !== "number" || !Number.isFinite(raw)) return { error: "value must be a number" };
      if ((q.min !== null && raw < q.min) || (q.max !== null && raw > q.max)) return { error: `value must be between ${q.min ?? "-∞"} and ${q.max ?? "∞"}` };
      return { value: raw };
    }
  }
}

/** An answer as a person reads it: choice labels, yes/no, the number or the text. */
export function displayValue(q: Question, value: AnswerValue | null | undefined, lang: "en" | "pt" = "en"): string {
  if (value === null || value === undefined) return lang === "pt" ? "(sem resposta)" : "(none)";
  if (isChoiceType(q.type)) {
    return chosenIds(value)
      .map((id) => {
        const c = q.choices.find((x) => x.id === id);
        return c ? (lang === "pt" && c.labelPt ? c.labelPt : c.label) : id;
      })
      .join(", ");
  }
  if (typeof value === "boolean") return lang === "pt" ? (value ? "Sim" : "Não") : value ? "Yes" : "No";
  return String(value);
}

const questionText = (q: Question, lang: "en" | "pt") => (lang === "pt" && q.textPt ? q.textPt : q.text);

/** "Please choose a dinner menu for Ana" (choices) / "Please answer "Song" for Ana". */
export function requiredMessage(q: Question, person: Person | null, lang: "en" | "pt" = "en") {
  const text = questionText(q, lang);
  const who = person ? (lang === "pt" ? ` para ${person.firstName}` : ` for ${person.firstName}`) : "";
  if (lang === "pt") return isChoiceType(q.type) ? `Escolha uma opção em "${text}"${who}` : `Responda a "${text}"${who}`;
  return isChoiceType(q.type) ? `Please choose a ${text.charAt(0).toLowerCase()}${text.slice(1)}${who}` : `Please answer "${text}"${who}`;
}

/** The form field of one answer on the RSVP pages: answer:<questionId>:<personId or "all">. */
export const answerField = (questionId: string, target: Target) => `answer:${questionId}:${target ?? "all"}`;

export type SaveAnswersInput = {
  owner: Owner;
  answers: AnswerInput[];
  actor: Actor;
  /** The RSVP submit: every required question that applies must have an answer (sent now or stored). */
  complete?: boolean;
  /** The language of the "Please choose ..." messages (the page's). */
  lang?: "en" | "pt";
};

/**
 * Validates and stores one invitation's answers, all or nothing: any bad
 * answer is a 400 naming its field (answers.N.value, and the form field) and
 * nothing is stored. Answers to questions that do not apply are dropped.
 * A guest may not answer host-only questions; after the deadline, nothing.
 */
export function saveAnswers(input: SaveAnswersInput): StoredAnswer[] {
  return immediate(() => {
    assertMayChange(input.actor);
    const { owner } = input;
    const inv = loadInvitation(owner);
    const all = listQuestions();
    const byId = new Map(all.map((q) => [q.id, q]));
    const stored = new Map(storedFor(owner).map((a) => [valueKey(a.questionId, owner.partyId ? a.guestId : owner.guestId!), a.value]));
    const merged = new Map(stored);
    const errors: FieldErrors = {};
    const fail = (key: string, message: string, formKey?: string) => {
      (errors[key] ??= []).push(message);
      if (formKey) (errors[formKey] ??= []).push(message);
    };
    const sent: Array<{ q: Question; target: Target; value: AnswerValue | null; index: number }> = [];
    const members = new Map(inv.people.map((p) => [p.id, p]));

    input.answers.forEach((a, i) => {
      const q = byId.get(a.questionId);
      if (!q || q.retired) return fail(`answers.${i}.questionId`, "Unknown question");
      if (q.hostOnly && input.actor === "guest") return fail(`answers.${i}.questionId`, "This question is answered by the host only");
      let target: Target;
      if (owner.guestId) {
        if (a.guestId && a.guestId !== owner.guestId) return fail(`answers.${i}.guestId`, "guestId is not this guest");
        target = owner.guestId;
      } else if (q.per === "invitation") {
        if (a.guestId) return fail(`answers.${i}.guestId`, "This question is asked once per invitation: leave guestId out");
        target = null;
      } else {
        if (!a.guestId) return fail(`answers.${i}.guestId`, "guestId is required: this question is asked of each person");
        if (!members.has(a.guestId)) return fail(`answers.${i}.guestId`, "guestId is not a member of this party");
        target = a.guestId;
      }
      const result = normalize(q, a.value, stored.get(valueKey(q.id, target)));
      if ("error" in result) return fail(`answers.${i}.value`, result.error, answerField(q.id, target));
      merged.set(valueKey(q.id, target), result.value as AnswerValue);
      sent.push({ q, target, value: result.value, index: i });
    });
    throwIfAny(errors);

    const values = new Map([...merged].filter(([, v]) => !EMPTY(v)));
    const applies = (q: Question, t: Target) => targetsOf(q, inv, values, byId).includes(t);
    const personOf = (t: Target) => (t && !owner.guestId ? (members.get(t) ?? null) : owner.guestId ? (inv.people[0] ?? null) : null);
    for (const s of sent) {
      if (s.q.required && s.value === null && applies(s.q, s.target)) {
        fail(`answers.${s.index}.value`, requiredMessage(s.q, personOf(s.target), input.lang), answerField(s.q.id, s.target));
      }
    }
    if (input.complete) {
      for (const q of all) {
        if (!q.required || q.hostOnly) continue;
        for (const t of targetsOf(q, inv, values, byId)) {
          if (!values.has(valueKey(q.id, t)) && !errors[answerField(q.id, t)]) fail("answers", requiredMessage(q, personOf(t), input.lang), answerField(q.id, t));
        }
      }
    }
    throwIfAny(errors);

    const lines: string[] = [];
    for (const s of sent) {
      if (!applies(s.q, s.target)) continue; // does not apply: dropped, not stored
      const key = valueKey(s.q.id, s.target);
      const before = stored.get(key);
      if (JSON.stringify(before ?? null) === JSON.stringify(s.value)) continue;
      const row = { partyId: owner.partyId ?? null, guestId: owner.partyId ? s.target : owner.guestId, ownerKey: ownerKey(owner, s.target) };
      const where = and(eq(answers.questionId, s.q.id), eq(answers.ownerKey, row.ownerKey));
      if (s.value === null) db.delete(answers).where(where).run();
      else if (before !== undefined) db.update(answers).set({ value: s.value }).where(where).run();
      else db.insert(answers).values({ ...row, questionId: s.q.id, value: s.value }).run();
      stored.set(key, s.value as AnswerValue);
      const person = s.target && owner.partyId ? members.get(s.target) : undefined;
      lines.push(`${s.q.text}${person ? ` (${personName(person)})` : ""}: ${displayValue(s.q, before)} -> ${displayValue(s.q, s.value)}`);
    }
    if (lines.length) recordActivity({ actor: input.actor, partyId: owner.partyId ?? null, guestId: owner.guestId ?? null, kind: "answer", summary: `Answers: ${lines.join("; ")}` });
    // A guest reads back their own answers, never the host's (host-only questions).
    return storedFor(owner)
      .filter((a) => input.actor === "admin" || !byId.get(a.questionId)?.hostOnly)
      .map(toApiAnswer);
  });
}

function throwIfAny(errors: FieldErrors) {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
}

export const toApiAnswer = (a: { questionId: string; partyId: string | null; guestId: string | null; value: AnswerValue }): StoredAnswer => ({
  questionId: a.questionId,
  partyId: a.partyId,
  guestId: a.guestId,
  value: a.value,
});

/**
 * The questions one invitation is asked now, each with who answers it, and
 * its stored answers (host-only ones only for the host). GET /api/my-questions
 * and the pages.
 */
export function questionsFor(owner: Owner, actor: Actor) {
  const inv = loadInvitation(owner);
  const all = actor === "admin" ? listQuestions() : guestVisibleQuestions(listQuestions());
  const byId = new Map(all.map((q) => [q.id, q]));
  const mine = storedFor(owner).filter((a) => byId.has(a.questionId));
  const values = new Map(mine.map((a) => [valueKey(a.questionId, owner.partyId ? a.guestId : owner.guestId!), a.value]));
  const asked = all.map((q) => ({ question: q, targets: targetsOf(q, inv, values, byId) })).filter((x) => x.targets.length > 0);
  return { invitation: inv, asked, answers: mine.map(toApiAnswer) };
}

/**
 * Every invitation that has answers, as the questions see it: members,
 * RSVP and side events, in four queries (the host's views and totals).
 */
export function loadAllInvitations() {
  const everyone = db.select().from(guests).all();
  const allRsvps = db.select({ partyId: rsvps.partyId, guestId: rsvps.guestId, attending: rsvps.attending }).from(rsvps).all();
  const ticked = db.select().from(eventRsvps).where(eq(eventRsvps.attending, true)).all();
  const map = new Map<string, Invitation>();
  const get = (owner: Owner) => {
    const key = owner.partyId ? `p:${owner.partyId}` : `g:${owner.guestId}`;
    let inv = map.get(key);
    if (!inv) map.set(key, (inv = { owner, people: [], rsvpAttending: null, events: new Set() }));
    return inv;
  };
  for (const g of everyone) {
    if (g.partyId) get({ partyId: g.partyId }).people.push(g);
    else get({ guestId: g.id }).people.push(g);
  }
  for (const r of allRsvps) if (r.partyId || r.guestId) get(r.partyId ? { partyId: r.partyId } : { guestId: r.guestId! }).rsvpAttending = r.attending;
  for (const e of ticked) if (e.partyId || e.guestId) get(e.partyId ? { partyId: e.partyId } : { guestId: e.guestId! }).events.add(e.eventId);
  return { invitationOf: (a: { partyId: string | null; guestId: string | null }) => map.get(a.partyId ? `p:${a.partyId}` : `g:${a.guestId}`), everyone };
}

type InvitationOf = ReturnType<typeof loadAllInvitations>["invitationOf"];

/** The stored values of each invitation, keyed as targetsOf reads them. */
function valuesPerInvitation(rows: StoredAnswer[], invitationOf: InvitationOf) {
  const byInvitation = new Map<Invitation, Map<string, AnswerValue>>();
  for (const a of rows) {
    const inv = invitationOf(a);
    if (!inv) continue;
    let values = byInvitation.get(inv);
    if (!values) byInvitation.set(inv, (values = new Map()));
    values.set(valueKey(a.questionId, a.guestId), a.value);
  }
  return byInvitation;
}

/**
 * The host reads a retired question's answers as they stood when it was
 * retired (issue 36.9): "retired" stops asking it, it does not hide what
 * was answered, so the host's views work it out as if it were still asked.
 */
const asStillAsked = (all: Question[]) => new Map(all.map((q) => [q.id, q.retired ? { ...q, retired: false } : q]));

/**
 * GET /api/answers: the answers that apply now (a member no longer coming,
 * an event unticked: left out), retired questions' too (each item says
 * `retired`), and per choice question the count per choice id (yes/no:
 * "true" and "false").
 */
export function listAnswers(filter: { questionId?: string | null; eventId?: string | null } = {}) {
  const all = listQuestions();
  const byId = asStillAsked(all);
  const retiredIds = new Set(all.filter((q) => q.retired).map((q) => q.id));
  const wanted = all.filter((q) => (!filter.questionId || q.id === filter.questionId) && (!filter.eventId || q.eventId === filter.eventId));
  const wantedIds = new Set(wanted.map((q) => q.id));
  const rows = db.select().from(answers).all();
  const { invitationOf } = loadAllInvitations();
  const valuesByInvitation = valuesPerInvitation(rows, invitationOf);
  const items: Array<StoredAnswer & { retired: boolean }> = [];
  const totals: Record<string, Record<string, number>> = {};
  for (const q of wanted) if (isChoiceType(q.type) || q.type === "yesno") totals[q.id] = Object.fromEntries(q.type === "yesno" ? [["true", 0], ["false", 0]] : q.choices.map((c) => [c.id, 0]));
  for (const a of rows) {
    if (!wantedIds.has(a.questionId)) continue;
    const inv = invitationOf(a);
    const q = byId.get(a.questionId)!;
    if (!inv) continue;
    const target: Target = a.partyId ? a.guestId : a.guestId;
    if (!targetsOf(q, inv, valuesByInvitation.get(inv)!, byId).includes(target)) continue;
    items.push({ ...toApiAnswer(a), retired: retiredIds.has(q.id) });
    const t = totals[q.id];
    if (!t) continue;
    for (const key of typeof a.value === "boolean" ? [String(a.value)] : chosenIds(a.value)) t[key] = (t[key] ?? 0) + 1;
  }
  return { items, totals };
}

/**
 * Per question, for the host's Questions page: how many answers apply now
 * and, per choice (yes/no: Yes and No), the count and the names.
 */
export function questionSummaries() {
  const all = listQuestions();
  const { items } = listAnswers();
  const names = new Map(loadAllInvitations().everyone.map((g) => [g.id, `${g.firstName} ${g.lastName}`.trim()]));
  const partyNames = new Map(db.select({ id: parties.id, name: parties.name }).from(parties).all().map((p) => [p.id, p.name]));
  const whoAnswered = (a: StoredAnswer) => (a.guestId ? (names.get(a.guestId) ?? "?") : (partyNames.get(a.partyId ?? "") ?? "?"));
  return all.map((q) => {
    const mine = items.filter((a) => a.questionId === q.id);
    const buckets = q.type === "yesno" ? [{ id: "true", label: "Yes", retired: false }, { id: "false", label: "No", retired: false }] : q.choices;
    const perChoice = buckets.map((c) => {
      const who = mine.filter((a) => (typeof a.value === "boolean" ? String(a.value) === c.id : chosenIds(a.value).includes(c.id))).map(whoAnswered);
      return { id: c.id, label: c.label, retired: c.retired, count: who.length, names: who.sort() };
    });
    return { questionId: q.id, answers: countAnswers(q.id), applying: mine.length, perChoice };
  });
}

/**
 * The questions a guest's pages show (issue 24): every one that may be asked
 * of this invitation (not host-only, not retired, its side event visible to
 * them), in `lang` (English when the Portuguese is empty), each with who
 * answers it (targets: person ids, or null once for the invitation), which of
 * them it applies to now, and the stored answers. The page shows the rest
 * with "Only if ..." (no JavaScript) or hides them (JavaScript).
 */
export function guestQuestions(
  owner: Owner,
  lang: "en" | "pt",
  visibleEventIds: ReadonlySet<string>,
  { includeHostOnly = false, invitation }: { includeHostOnly?: boolean; invitation?: Invitation } = {},
) {
  // A caller that has read the invitation's people, answer and events passes them (issue 28: /my-rsvp read them twice).
  const inv = invitation ?? loadInvitation(owner);
  // The host's party page shows host-only questions too; a guest's pages never.
  const all = includeHostOnly ? listQuestions() : guestVisibleQuestions(listQuestions());
  const byId = new Map(all.map((q) => [q.id, q]));
  const stored = storedFor(owner).filter((a) => byId.has(a.questionId));
  const values = new Map(stored.map((a) => [valueKey(a.questionId, owner.partyId ? a.guestId : owner.guestId!), a.value]));
  const label = (c: { label: string; labelPt: string | null }) => (lang === "pt" && c.labelPt ? c.labelPt : c.label);
  return all
    .filter((q) => !q.retired && (!q.eventId || visibleEventIds.has(q.eventId)))
    .map((q) => {
      const targets: Target[] = owner.guestId ? [owner.guestId] : q.per === "invitation" ? [null] : inv.people.map((p) => p.id);
      const applies = new Set(targetsOf(q, inv, values, byId));
      const cond = q.showIfQuestionId ? byId.get(q.showIfQuestionId) : undefined;
      return {
        id: q.id,
        text: questionText(q, lang),
        hostOnly: q.hostOnly,
        help: lang === "pt" && q.helpPt ? q.helpPt : q.help,
        type: q.type,
        per: owner.guestId ? ("invitation" as const) : q.per,
        eventId: q.eventId,
        required: q.required,
        min: q.min,
        max: q.max,
        // Retired choices stay for an answer that has one (its label is kept).
        choices: q.choices
          .filter((c) => !c.retired || targets.some((t) => chosenIds(values.get(valueKey(q.id, t))).includes(c.id)))
          .map((c) => ({ id: c.id, label: label(c) })),
        showIf: cond
          ? {
              questionId: cond.id,
              per: owner.guestId ? ("invitation" as const) : cond.per,
              choiceIds: q.showIfChoiceIds ?? [],
              question: questionText(cond, lang),
              choices: cond.choices.filter((c) => (q.showIfChoiceIds ?? []).includes(c.id)).map(label),
            }
          : null,
        answers: targets.map((t) => ({
          target: t,
          field: answerField(q.id, t),
          applies: applies.has(t),
          value: values.get(valueKey(q.id, t)) ?? null,
          display: values.has(valueKey(q.id, t)) ? displayValue(q, values.get(valueKey(q.id, t)), lang) : null,
        })),
      };
    });
}
export type GuestQuestion = ReturnType<typeof guestQuestions>[number];

/**
 * A page's answers back from its form fields (answer:<questionId>:<target>),
 * for every question the page showed: an empty field clears, a field of a
 * question that does not apply is dropped by saveAnswers.
 */
export function answersFromForm(questions: GuestQuestion[], form: FormData): AnswerInput[] {
  const out: AnswerInput[] = [];
  for (const q of questions) {
    for (const a of q.answers) {
      const raw = form.getAll(a.field).map(String).filter((v) => v !== "");
      let value: AnswerInput["value"] = null;
      if (q.type === "multi") value = raw;
      else if (!raw.length) value = null;
      else if (q.type === "yesno") value = raw[0] === "yes" ? true : raw[0] === "no" ? false : raw[0]!;
      else if (q.type === "number") value = Number.isFinite(Number(raw[0])) ? Number(raw[0]) : raw[0]!;
      else value = raw[0]!;
      out.push({ questionId: q.id, guestId: a.target ?? undefined, value });
    }
  }
  return out;
}

/**
 * The caterer's menus for one event ("main": the celebration's own
 * questions): each per-person question with choices, its totals per choice
 * by age group, and each person's answer. Only answers that apply now count.
 * The host's texts (question, choices) in `lang`, English when not set (decision 071).
 */
export function menusFor(eventId: string, lang: "en" | "pt" = "en") {
  const scope = eventId === "main" ? null : eventId;
  const questions = listQuestions().filter((q) => !q.retired && q.per === "person" && isChoiceType(q.type) && q.eventId === scope);
  if (!questions.length) return [];
  const { items } = listAnswers(scope ? { eventId: scope } : {});
  const { everyone, invitationOf } = loadAllInvitations();
  const people = new Map(everyone.map((g) => [g.id, g]));
  // Those coming (to the celebration: its RSVP said yes) whom a menu is asked of, answered or not (issue 36).
  const coming = [...new Set(everyone.map((g) => invitationOf({ partyId: g.partyId, guestId: g.partyId ? null : g.id })))].filter(
    (inv): inv is Invitation => !!inv && (scope !== null || inv.rsvpAttending === true),
  );
  const values = valuesPerInvitation(db.select().from(answers).all(), invitationOf);
  const byId = new Map(listQuestions().map((q) => [q.id, q]));
  const row = (id: string, label: string, ages: string[]) => {
    const n = (age: string) => ages.filter((x) => x === age).length;
    return { id, label, adults: n("adult"), kids: n("kid"), babies: n("baby"), total: ages.length };
  };
  return questions.map((q) => {
    const answered = items.filter((a) => a.questionId === q.id && a.guestId && people.has(a.guestId));
    const answeredIds = new Set(answered.map((a) => a.guestId));
    const waiting = coming.flatMap((inv) => targetsOf(q, inv, values.get(inv) ?? new Map(), byId)).filter((t): t is string => !!t && !answeredIds.has(t) && people.has(t));
    const totals = [
      ...q.choices.map((c) =>
        row(c.id, lang === "pt" && c.labelPt ? c.labelPt : c.label, answered.filter((a) => chosenIds(a.value).includes(c.id)).map((a) => people.get(a.guestId!)!.ageCategory)),
      ),
      row("none", supplierListTexts[lang].noAnswerYet, waiting.map((t) => people.get(t)!.ageCategory)),
    ];
    const rows = answered
      .map((a) => {
        const g = people.get(a.guestId!)!;
        return { name: `${g.firstName} ${g.lastName}`.trim(), choice: displayValue(q, a.value, lang) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    return { questionId: q.id, text: questionText(q, lang), totals, people: rows };
  });
}

/** Issue 37: each person's menu for one event (place cards, per-table counts): guestId -> their choices, the questions' order. */
export function menuByGuest(eventId: string, lang: "en" | "pt" = "en") {
  const out = new Map<string, string[]>();
  const questions = listQuestions().filter((q) => !q.retired && q.per === "person" && isChoiceType(q.type) && q.eventId === eventId);
  if (!questions.length) return out;
  const { items } = listAnswers({ eventId });
  for (const q of questions) {
    for (const a of items) if (a.questionId === q.id && a.guestId) out.set(a.guestId, [...(out.get(a.guestId) ?? []), displayValue(q, a.value, lang)]);
  }
  return out;
}

export type AnswerRowsFilter = { search?: string | null; questionId?: string | null; status?: "answered" | "missing" | null };

/**
 * /admin/answers: one row per person (a party's members, individual guests),
 * each question's answer that applies to them (a per-invitation answer on
 * every member of it), "" when asked but unanswered, null when not asked.
 * Searchable by name or party; filtered to those asked one question, with or
 * without an answer ("missing": a required one unanswered).
 */
export function answerRows(filter: AnswerRowsFilter = {}) {
  // Retired questions keep their column, last, with the answers they had (issue 36.9).
  const listed = listQuestions();
  const all = [...listed.filter((q) => !q.retired), ...listed.filter((q) => q.retired)];
  const byId = asStillAsked(all);
  const { invitationOf, everyone } = loadAllInvitations();
  const partyNames = new Map(db.select({ id: parties.id, name: parties.name }).from(parties).all().map((p) => [p.id, p.name]));
  const values = valuesPerInvitation(db.select().from(answers).all(), invitationOf);
  const search = filter.search?.trim().toLowerCase();
  const questions = filter.questionId ? all.filter((q) => q.id === filter.questionId) : all;
  const rows = [];
  for (const g of everyone) {
    const inv = invitationOf(g.partyId ? { partyId: g.partyId, guestId: null } : { partyId: null, guestId: g.id });
    if (!inv) continue;
    const name = `${g.firstName} ${g.lastName}`.trim();
    const partyName = g.partyId ? (partyNames.get(g.partyId) ?? "") : "";
    if (search && !name.toLowerCase().includes(search) && !partyName.toLowerCase().includes(search)) continue;
    const vals = values.get(inv) ?? new Map<string, AnswerValue>();
    let missingRequired = false;
    let answered = false;
    const cells: Record<string, string | null> = {};
    for (const q of all) {
      const target: Target = inv.owner.guestId ? inv.owner.guestId : q.per === "invitation" ? null : g.id;
      if (!targetsOf(byId.get(q.id)!, inv, vals, byId).includes(target)) {
        cells[q.id] = null;
        continue;
      }
      const v = vals.get(valueKey(q.id, target));
      cells[q.id] = v === undefined ? "" : displayValue(q, v);
      if (!questions.includes(q)) continue;
      if (v !== undefined) answered = true;
      else if (q.required && !q.hostOnly && !q.retired) missingRequired = true;
    }
    if (filter.questionId && cells[filter.questionId] === null) continue;
    if (filter.status === "answered" && !answered) continue;
    if (filter.status === "missing" && !missingRequired) continue;
    rows.push({ guestId: g.id, partyId: g.partyId, name, partyName, ageCategory: g.ageCategory, cells });
  }
  rows.sort((a, b) => (a.partyName || a.name).localeCompare(b.partyName || b.name) || a.name.localeCompare(b.name));
  return { questions: all.map((q) => ({ id: q.id, text: q.text, retired: q.retired })), rows };
}
