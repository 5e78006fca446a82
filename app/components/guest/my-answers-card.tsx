import { Form } from "react-router";
import { useT } from "~/i18n";
import type { GuestView } from "~/models/guest-view.server";
import { cn } from "~/utils/cn";
import { GuestCard } from "./guest-shell";
import { QuestionsSection } from "./questions-section";
import { button } from "./styles";

const FORM_ID = "answers-form";

/** My RSVP's answers to the host's questions (issue 24), changeable until the deadline. */
export function MyAnswersCard({
  view,
  errors,
  draft,
}: {
  view: GuestView;
  errors?: Record<string, string[] | null | undefined> | null;
  draft?: Record<string, unknown> | null;
}) {
  const t = useT().questions;
  if (!view.rsvp?.attending || !view.questions.some((q) => q.answers.some((a) => a.applies))) return null;
  const closed = view.deadline.passed;
  return (
    <GuestCard id="my-questions" title={t.yourAnswers}>
      <Form method="post" id={FORM_ID} action="/my-rsvp#my-questions" preventScrollReset>
        <input type="hidden" name="intent" value="answers-save" />
        <fieldset disabled={closed}>
          <QuestionsSection
            questions={view.questions}
            people={view.kind === "party" ? view.members : []}
            events={view.events}
            eventAnswers={view.eventAnswers}
            errors={errors}
            draft={draft}
            formId={FORM_ID}
          />
        </fieldset>
        {closed ? null : (
          <button type="submit" className={cn(button.primary, "mt-6")}>
            {t.saveAnswers}
          </button>
        )}
      </Form>
    </GuestCard>
  );
}
