import { useEffect, useState } from "react";
import { fmt, useT } from "~/i18n";
import type { GuestQuestion } from "~/models/answers.server";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { control } from "./styles";

type Person = { id: string; firstName: string; attending: boolean | null };
type Answer = GuestQuestion["answers"][number];
/** What the form says now: the side events ticked, who is coming, the answer. */
type FormState = { attending: boolean; events: ReadonlySet<string>; coming: ReadonlySet<string>; values: (field: string) => string[] };

/**
 * With JavaScript the questions follow the form as it is filled: a side
 * event's questions once it is ticked, a person's once they are coming, a
 * conditional one once its condition holds. Read from the form itself on
 * each change; a form without the events or members (My RSVP) keeps what the
 * server knows.
 */
function useFormState(formId: string, fallback: { events: ReadonlySet<string>; coming: ReadonlySet<string> }): FormState | null {
  const hydrated = useHydrated();
  const [data, setData] = useState<FormData | null>(null);
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const read = () => setData(new FormData(form));
    read();
    form.addEventListener("change", read);
    form.addEventListener("input", read);
    return () => {
      form.removeEventListener("change", read);
      form.removeEventListener("input", read);
    };
  }, [formId]);
  if (!hydrated || !data) return null;
  return {
    attending: data.get("attending") !== "no",
    events: data.has("pendingRooms") ? new Set(data.getAll("events").map(String)) : fallback.events,
    coming: data.has("memberIds") ? new Set(data.getAll("coming").map(String)) : fallback.coming,
    values: (field) => data.getAll(field).map(String),
  };
}

function isVisible(q: GuestQuestion, a: Answer, all: GuestQuestion[], s: FormState | null): boolean {
  if (!s) return true; // without JavaScript: all shown, each with its "Only if ..."
  if (!s.attending) return false;
  if (q.eventId && !s.events.has(q.eventId)) return false;
  if (q.per === "person" && a.target && !s.coming.has(a.target)) return false;
  if (!q.showIf) return true;
  const cond = all.find((x) => x.id === q.showIf!.questionId);
  if (!cond) return a.applies; // the condition is the host's own question: as the server says
  const fields: Answer[] = cond.answers.filter((c) => !(cond.per === "person" && q.per === "person") || c.target === a.target).filter((c) => isVisible(cond, c, all, s));
  return fields.some((c) => s.values(c.field).some((v) => q.showIf!.choiceIds.includes(v)));
}

function Hints({ q, events }: { q: GuestQuestion; events: Array<{ id: string; title: string }> }) {
  const t = useT().questions;
  const event = q.eventId ? events.find((e) => e.id === q.eventId) : undefined;
  return (
    <>
      {event ? <span className="block text-sm font-normal text-olive">{fmt(t.onlyIfEvent, { event: event.title })}</span> : null}
      {q.showIf ? (
        <span className="block text-sm font-normal text-olive">{fmt(t.onlyIfAnswer, { choices: q.showIf.choices.join(t.or), question: q.showIf.question })}</span>
      ) : null}
    </>
  );
}

function QuestionField({
  q,
  a,
  draft,
  error,
  events,
  form,
  hidden,
}: {
  q: GuestQuestion;
  a: Answer;
  draft: Record<string, unknown> | null;
  error?: string;
  events: Array<{ id: string; title: string }>;
  form?: string;
  hidden: boolean;
}) {
  const t = useT().questions;
  const hydrated = useHydrated();
  const id = `q-${q.id}-${a.target ?? "all"}`;
  const errorId = `${id}-error`;
  const drafted = draft && a.field in draft ? ([] as unknown[]).concat(draft[a.field]).map(String) : null;
  const stored = a.value === null ? [] : Array.isArray(a.value) ? a.value : typeof a.value === "boolean" ? [a.value ? "yes" : "no"] : [String(a.value)];
  const current = drafted ?? (draft ? [] : stored);
  const describedBy = error ? errorId : undefined;
  const label = (
    <>
      {q.text}
      {q.required ? <span className="font-normal text-ink/70"> ({t.required})</span> : null}
      {hydrated ? null : <Hints q={q} events={events} />}
      {q.help ? <span className="block text-sm font-normal text-ink/70">{q.help}</span> : null}
    </>
  );
  const errorLine = error ? (
    <p id={errorId} className="mt-1 text-sm font-semibold text-destructive">
      {error}
    </p>
  ) : null;
  const common = { form, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };

  if (q.type === "choice" || q.type === "multi" || q.type === "yesno") {
    const options = q.type === "yesno" ? [{ id: "yes", label: t.yes }, { id: "no", label: t.no }] : q.choices;
    return (
      <fieldset hidden={hidden} className="mt-4" data-testid="question" aria-describedby={describedBy}>
        <legend className="font-semibold">{label}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {options.map((o) => (
            <label
              key={o.id}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink/15 bg-white px-3 text-base has-[:checked]:border-wine has-[:checked]:bg-wine/5"
            >
              <input
                type={q.type === "multi" ? "checkbox" : "radio"}
                name={a.field}
                value={o.id}
                defaultChecked={current.includes(o.id)}
                className="size-5 accent-wine"
                {...common}
              />
              {o.label}
            </label>
          ))}
        </div>
        {errorLine}
      </fieldset>
    );
  }
  const value = current[0] ?? "";
  return (
    <div hidden={hidden} className="mt-4 flex flex-col gap-1.5" data-testid="question">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {q.type === "longtext" ? (
        <textarea id={id} name={a.field} defaultValue={value} maxLength={5000} className={cn(control, "min-h-24 py-3")} {...common} />
      ) : (
        <input
          id={id}
          name={a.field}
          defaultValue={value}
          type={q.type === "number" ? "number" : "text"}
          inputMode={q.type === "number" ? "decimal" : undefined}
          step={q.type === "number" ? "any" : undefined}
          min={q.min ?? undefined}
          max={q.max ?? undefined}
          maxLength={q.type === "text" ? 500 : undefined}
          className={cn(control, "h-12")}
          {...common}
        />
      )}
      {errorLine}
    </div>
  );
}

/**
 * The host's questions (issue 24): the invitation's once, then each person's
 * under their name. Fields are named answer:<questionId>:<person or "all">.
 */
export function QuestionsSection({
  questions,
  people,
  events,
  eventAnswers,
  errors,
  draft,
  formId,
  form,
  className,
}: {
  questions: GuestQuestion[];
  /** A party's members; empty for an individual guest (their questions are theirs). */
  people: Person[];
  events: Array<{ id: string; title: string }>;
  eventAnswers: Record<string, boolean>;
  errors?: Record<string, string[] | null | undefined> | null;
  draft?: Record<string, unknown> | null;
  /** The form whose changes decide what shows. */
  formId: string;
  /** For controls outside their form (form= attribute). */
  form?: string;
  className?: string;
}) {
  const t = useT().questions;
  const state = useFormState(formId, {
    events: new Set(Object.entries(eventAnswers).filter(([, v]) => v).map(([k]) => k)),
    coming: new Set(people.filter((p) => p.attending !== false).map((p) => p.id)),
  });
  if (!questions.length) return null;
  const field = (q: GuestQuestion, a: Answer) => {
    const hidden = !isVisible(q, a, questions, state);
    return <QuestionField key={a.field} q={q} a={a} draft={draft ?? null} error={errors?.[a.field]?.[0]} events={events} form={form} hidden={hidden} />;
  };
  const once = questions.filter((q) => q.per === "invitation");
  const groups = people.length
    ? people.map((p) => ({
        key: p.id,
        title: fmt(t.forPerson, { name: p.firstName }),
        fields: questions.filter((q) => q.per === "person").flatMap((q) => q.answers.filter((a) => a.target === p.id).map((a) => ({ q, a }))),
      }))
    : [];
  const onceFields = once.flatMap((q) => q.answers.map((a) => ({ q, a })));
  const shown = (fields: Array<{ q: GuestQuestion; a: Answer }>) => fields.some(({ q, a }) => isVisible(q, a, questions, state));
  return (
    <section className={className} aria-labelledby="questions-title" id="questions" hidden={state ? !shown([...onceFields, ...groups.flatMap((g) => g.fields)]) : false}>
      <h3 id="questions-title" className="font-display text-2xl font-semibold">
        {t.title}
      </h3>
      {onceFields.length ? (
        <div className="mt-2 rounded-2xl bg-cream p-4 ring-1 ring-ink/10" hidden={state ? !shown(onceFields) : false}>
          {people.length ? <p className="font-display text-xl font-semibold">{t.forEveryone}</p> : null}
          {onceFields.map(({ q, a }) => field(q, a))}
        </div>
      ) : null}
      {groups.map((g) =>
        g.fields.length ? (
          <fieldset key={g.key} className="mt-4 rounded-2xl bg-cream p-4 ring-1 ring-ink/10" hidden={state ? !shown(g.fields) : false} data-testid="person-questions">
            <legend className="sr-only">{g.title}</legend>
            <p aria-hidden="true" className="font-display text-xl font-semibold">
              {g.title}
            </p>
            {g.fields.map(({ q, a }) => field(q, a))}
          </fieldset>
        ) : null,
      )}
    </section>
  );
}
