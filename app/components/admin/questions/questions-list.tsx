import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { TYPE_LABELS, type QuestionRowView } from "./question-form";

export type QuestionSummary = {
  answers: number;
  applying: number;
  perChoice: Array<{ id: string; label: string; retired: boolean; count: number; names: string[] }>;
};
export type QuestionCard = QuestionRowView & { eventTitle: string | null; conditionText: string | null; summary: QuestionSummary };

function MoveButton({ id, direction, disabled }: { id: string; direction: "up" | "down"; disabled: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <Button type="submit" variant="outline" size="sm" disabled={disabled}>
        {direction === "up" ? "Move up" : "Move down"}
      </Button>
    </Form>
  );
}

type LinkTo = (param: "edit" | "delete", id: string) => string;

/** One question: what it asks, of whom, and the count per choice with the names. */
function QuestionItem({ q, linkTo, move }: { q: QuestionCard; linkTo: LinkTo; move: { first: boolean; last: boolean } | null }) {
  // Under the "Retired" heading (no moving there) the question's title is one level down.
  const Title = move ? "h2" : "h3";
  return (
    <li className="rounded-lg border bg-card p-4" data-testid="question">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Title className="font-medium">{q.text}</Title>
          {q.textPt ? <p className="text-sm text-muted-foreground" lang="pt">{q.textPt}</p> : null}
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge variant="pending">{TYPE_LABELS[q.type]}</Badge>
            <Badge variant="pending">{q.per === "person" ? "Each person" : "Once per invitation"}</Badge>
            {q.eventTitle ? <Badge variant="info">{q.eventTitle}</Badge> : null}
            {q.required ? <Badge variant="secondary">Required</Badge> : null}
            {q.hostOnly ? <Badge variant="info">Host only</Badge> : null}
            {q.retired ? <Badge variant="destructive">Retired</Badge> : null}
          </div>
          {q.conditionText ? <p className="mt-1 text-sm text-muted-foreground">Only if {q.conditionText}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {move ? (
            <>
              <MoveButton id={q.id} direction="up" disabled={move.first} />
              <MoveButton id={q.id} direction="down" disabled={move.last} />
            </>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <Link to={linkTo("edit", q.id)} preventScrollReset aria-label={`Edit ${q.text}`}>
              <SpriteIcon name="pencil" />
              Edit
            </Link>
          </Button>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={q.retired ? "restore" : "retire"} />
            <input type="hidden" name="id" value={q.id} />
            <Button type="submit" variant="outline" size="sm">
              {q.retired ? "Ask again" : "Retire"}
            </Button>
          </Form>
          <Button asChild variant="outline" size="sm">
            <Link to={linkTo("delete", q.id)} preventScrollReset aria-label={`Delete ${q.text}`}>
              <SpriteIcon name="trash" />
              Delete
            </Link>
          </Button>
        </div>
      </div>
      <p className="mt-3 text-sm">
        {q.summary.applying} {q.summary.applying === 1 ? "answer" : "answers"}
        {q.summary.answers !== q.summary.applying ? ` (${q.summary.answers} stored, some no longer apply)` : ""}
      </p>
      {q.summary.perChoice.length ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={`Answers to ${q.text}`}>
          {q.summary.perChoice.map((c) => (
            <li key={c.id}>
              {c.count ? (
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-medium">{c.label}</span>
                    {c.retired ? " (retired)" : ""}: {c.count}
                  </summary>
                  <p className="ml-4 text-muted-foreground">{c.names.join(", ")}</p>
                </details>
              ) : (
                <span>
                  <span className="font-medium">{c.label}</span>
                  {c.retired ? " (retired)" : ""}: 0
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The host's questions in order, then the retired ones under "Retired" with
 * the answers they kept (issue 36.9).
 */
export function QuestionsList({ questions, linkTo }: { questions: QuestionCard[]; linkTo: LinkTo }) {
  if (!questions.length) return <p className="text-sm text-muted-foreground">No questions yet. Click "Add Question" to ask one.</p>;
  const asked = questions.filter((q) => !q.retired);
  const retired = questions.filter((q) => q.retired);
  return (
    <>
      {asked.length ? (
        <ol className="flex flex-col gap-4" aria-label="Questions">
          {asked.map((q, i) => (
            <QuestionItem key={q.id} q={q} linkTo={linkTo} move={{ first: i === 0, last: i === asked.length - 1 }} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">Every question is retired. Click "Add Question" to ask one, or "Ask again".</p>
      )}
      {retired.length ? (
        <section className="flex flex-col gap-3" aria-labelledby="retired-questions">
          <h2 id="retired-questions" className="text-lg font-semibold">
            Retired
          </h2>
          <p className="text-sm text-muted-foreground">No longer asked; the answers given are kept.</p>
          <ol className="flex flex-col gap-4" aria-label="Retired questions">
            {retired.map((q) => (
              <QuestionItem key={q.id} q={q} linkTo={linkTo} move={null} />
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
