import { Form, Link } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/ui/field";

export type ChoiceRow = { id: string; label: string; labelPt: string | null; retired: boolean };
export type QuestionRowView = {
  id: string;
  text: string;
  textPt: string | null;
  help: string | null;
  helpPt: string | null;
  type: "text" | "longtext" | "choice" | "multi" | "yesno" | "number";
  choices: ChoiceRow[];
  per: "person" | "invitation";
  eventId: string | null;
  required: boolean;
  showIf: { questionId: string; choiceIds: string[] } | null;
  hostOnly: boolean;
  min: number | null;
  max: number | null;
  retired: boolean;
};
export type ConditionSource = { id: string; text: string; choices: ChoiceRow[] };

export const TYPE_LABELS: Record<QuestionRowView["type"], string> = {
  text: "Short text",
  longtext: "Long text",
  choice: "One choice",
  multi: "Several choices",
  yesno: "Yes / no",
  number: "Number",
};
const NEW_CHOICE_ROWS = 3;
/** Behind "More choices" (a <details>, so without JavaScript too): a menu of 6 or a size chart fits at once (issue 36). */
const MORE_CHOICE_ROWS = 9;

/** One choice's row: an existing one keeps its id and may be retired or deleted; a blank one adds a choice. */
function ChoiceFields({ choice: c, index: i }: { choice: ChoiceRow | null; index: number }) {
  return (
    <div className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto_auto]">
      <input type="hidden" name="choiceId" value={c?.id ?? ""} />
      <Field labelProps={{ children: c ? `Choice ${i + 1}` : `New choice ${i + 1}` }} inputProps={{ name: "choiceLabel", defaultValue: c?.label ?? "", maxLength: 200 }} />
      <Field labelProps={{ children: `Choice ${i + 1} (Portuguese)` }} inputProps={{ name: "choiceLabelPt", defaultValue: c?.labelPt ?? "", maxLength: 200 }} />
      {c ? (
        <>
          <CheckboxField labelProps={{ children: "Retired" }} inputProps={{ name: "choiceRetired", value: String(i), defaultChecked: c.retired }} />
          <CheckboxField labelProps={{ children: "Delete" }} inputProps={{ name: "choiceDelete", value: String(i) }} />
        </>
      ) : null}
    </div>
  );
}

/**
 * Add / Edit Question: plain fields, so it works without JavaScript. Choices
 * are rows (existing ones keep their id; blank rows add new ones); the
 * condition is one multiple select of "question: choice" options.
 */
export function QuestionForm({
  question,
  events,
  sources,
  errors,
  fieldErrors,
  closeTo,
}: {
  question?: QuestionRowView;
  events: Array<{ id: string; title: string }>;
  sources: ConditionSource[];
  errors?: string[];
  fieldErrors?: Record<string, string[]>;
  closeTo: string;
}) {
  const f = (name: string) => fieldErrors?.[name];
  const rows: Array<ChoiceRow | null> = [...(question?.choices ?? []), ...Array.from({ length: NEW_CHOICE_ROWS }, () => null)];
  const picked = new Set(question?.showIf?.choiceIds.map((c) => `${question.showIf!.questionId}:${c}`) ?? []);
  return (
    <Form method="post" className="flex flex-col gap-1" preventScrollReset>
      <input type="hidden" name="intent" value={question ? "update" : "create"} />
      {question ? <input type="hidden" name="id" value={question.id} /> : null}
      <Field labelProps={{ children: "Question" }} inputProps={{ name: "text", defaultValue: question?.text, required: true, maxLength: 300 }} errors={f("text")} />
      <Field labelProps={{ children: "Question (Portuguese)" }} inputProps={{ name: "textPt", defaultValue: question?.textPt ?? "", maxLength: 300 }} errors={f("textPt")} />
      <TextareaField labelProps={{ children: "Help text" }} textareaProps={{ name: "help", defaultValue: question?.help ?? "", rows: 2 }} errors={f("help")} />
      <TextareaField labelProps={{ children: "Help text (Portuguese)" }} textareaProps={{ name: "helpPt", defaultValue: question?.helpPt ?? "", rows: 2 }} errors={f("helpPt")} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField labelProps={{ children: "Type" }} selectProps={{ name: "type", defaultValue: question?.type ?? "choice" }} errors={f("type")}>
          {Object.entries(TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField labelProps={{ children: "Asked" }} selectProps={{ name: "per", defaultValue: question?.per ?? "person" }} errors={f("per")}>
          <option value="person">Of each person coming</option>
          <option value="invitation">Once per invitation</option>
        </SelectField>
      </div>
      <SelectField labelProps={{ children: "For" }} selectProps={{ name: "eventId", defaultValue: question?.eventId ?? "" }} errors={f("eventId")}>
        <option value="">The celebration (everyone coming)</option>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            Only those attending {e.title}
          </option>
        ))}
      </SelectField>
      <fieldset className="mt-1 flex flex-col gap-2 rounded-lg border border-dashed p-3">
        <legend className="px-1 text-sm font-medium">Choices (for one choice / several choices)</legend>
        <FormErrors errors={f("choices")} />
        {rows.map((c, i) => (
          <ChoiceFields key={c?.id ?? `new-${i}`} choice={c} index={i} />
        ))}
        <details>
          <summary className="cursor-pointer py-1 text-sm text-primary">More choices</summary>
          <div className="mt-2 flex flex-col gap-2">
            {Array.from({ length: MORE_CHOICE_ROWS }, (_, k) => (
              <ChoiceFields key={`more-${k}`} choice={null} index={rows.length + k} />
            ))}
          </div>
        </details>
      </fieldset>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field labelProps={{ children: "Minimum (numbers)" }} inputProps={{ name: "min", type: "number", step: "any", defaultValue: question?.min ?? "" }} errors={f("min")} />
        <Field labelProps={{ children: "Maximum (numbers)" }} inputProps={{ name: "max", type: "number", step: "any", defaultValue: question?.max ?? "" }} errors={f("max")} />
      </div>
      {sources.length ? (
        <SelectField
          labelProps={{ children: "Only if (optional)" }}
          hint="Ask only when the answer to another question is one of these choices (Ctrl/Cmd-click for several)."
          selectProps={{ name: "showIf", multiple: true, defaultValue: [...picked], size: Math.min(8, sources.reduce((n, s) => n + s.choices.length + 1, 0)) }}
          errors={f("showIf") ?? f("showIf.questionId") ?? f("showIf.choiceIds")}
        >
          {sources.map((s) => (
            <optgroup key={s.id} label={s.text}>
              {s.choices.map((c) => (
                <option key={c.id} value={`${s.id}:${c.id}`}>
                  {s.text}: {c.label}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      ) : null}
      <CheckboxField labelProps={{ children: "Required" }} inputProps={{ name: "required", defaultChecked: question?.required }} />
      <CheckboxField labelProps={{ children: "Host only (guests never see it)" }} inputProps={{ name: "hostOnly", defaultChecked: question?.hostOnly }} errors={f("hostOnly")} />
      <FormErrors errors={errors} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={closeTo} preventScrollReset replace>
            Cancel
          </Link>
        </Button>
        <Button type="submit">{question ? "Update Question" : "Create Question"}</Button>
      </div>
    </Form>
  );
}
