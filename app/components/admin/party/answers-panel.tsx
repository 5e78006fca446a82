import { Form } from "react-router";
import { Panel } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import type { GuestQuestion } from "~/models/answers.server";

type Member = { id: string; firstName: string; lastName: string };

/**
 * The party's answers to the host's questions (issue 24), host-only ones
 * included, each one the host can fill in or change. Only the questions
 * that apply now (the person coming, the event ticked, the condition met).
 */
export function AnswersPanel({ questions, members, errors }: { questions: GuestQuestion[]; members: Member[]; errors?: Record<string, string[] | null | undefined> | null }) {
  const fields = questions.flatMap((q) => q.answers.filter((a) => a.applies).map((a) => ({ q, a })));
  const who = (target: string | null) => {
    const m = target ? members.find((x) => x.id === target) : undefined;
    return m ? `${m.firstName} ${m.lastName}` : "Whole party";
  };
  return (
    <Panel title="Answers" description={fields.length ? "Their answers to your questions; you can change any of them." : "No question applies to this party yet."}>
      {fields.length ? (
        <Form method="post" className="flex flex-col gap-3" aria-label="Answers to your questions">
          <input type="hidden" name="intent" value="answers-save" />
          {fields.map(({ q, a }) => {
            const id = `answer-${q.id}-${a.target ?? "all"}`;
            const error = errors?.[a.field]?.[0];
            const current = a.value === null ? [] : Array.isArray(a.value) ? a.value : typeof a.value === "boolean" ? [a.value ? "yes" : "no"] : [String(a.value)];
            const label = (
              <>
                {q.text} · {who(a.target)} {q.hostOnly ? <Badge variant="info">Host only</Badge> : null}
              </>
            );
            return (
              <div key={a.field} className="flex flex-col gap-1.5">
                {q.type === "multi" ? (
                  <fieldset>
                    <legend className="text-sm font-medium">{label}</legend>
                    <div className="mt-1 flex flex-wrap gap-3">
                      {q.choices.map((c) => (
                        <label key={c.id} className="flex items-center gap-2 text-sm">
                          <input type="checkbox" name={a.field} value={c.id} defaultChecked={current.includes(c.id)} />
                          {c.label}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                ) : (
                  <>
                    <Label htmlFor={id}>{label}</Label>
                    {q.type === "choice" || q.type === "yesno" ? (
                      <Select id={id} name={a.field} defaultValue={current[0] ?? ""} aria-invalid={error ? true : undefined}>
                        <option value="">No answer</option>
                        {(q.type === "yesno" ? [{ id: "yes", label: "Yes" }, { id: "no", label: "No" }] : q.choices).map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.label}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <Input
                        id={id}
                        name={a.field}
                        type={q.type === "number" ? "number" : "text"}
                        step={q.type === "number" ? "any" : undefined}
                        defaultValue={current[0] ?? ""}
                        aria-invalid={error ? true : undefined}
                        className="h-9"
                      />
                    )}
                  </>
                )}
                {error ? <p className="text-sm text-destructive">{error}</p> : null}
              </div>
            );
          })}
          <div>
            <Button type="submit" size="sm">
              Save answers
            </Button>
          </div>
        </Form>
      ) : null}
    </Panel>
  );
}
