import { data, Link } from "react-router";
import type { Route } from "./+types/questions";
import { useActionToast } from "~/components/admin/action-toast";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { PageHeader } from "~/components/admin/page-header";
import { QuestionForm } from "~/components/admin/questions/question-form";
import { QuestionsList } from "~/components/admin/questions/questions-list";
import { UrlDialog } from "~/components/admin/url-dialog";
import { crudDialogs, useHrefWith } from "~/components/admin/url-state";
import { Button } from "~/components/ui/button";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { questionSummaries } from "~/models/answers.server";
import { listEvents } from "~/models/events.server";
import {
  deleteQuestion,
  isChoiceType,
  listQuestions,
  toApiQuestion,
  moveQuestion,
  updateQuestion,
  createQuestion,
} from "~/models/questions.server";
import { closeDialogUrl } from "~/routes/admin/action-replies.server";
import {
  newQuestionFrom,
  questionChangesFrom,
} from "~/routes/admin/questions.server";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { AppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [
  { title: "Questions | Party Admin" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const all = listQuestions();
  const events = listEvents().map((e) => ({ id: e.id, title: e.title }));
  const summaries = new Map(questionSummaries().map((s) => [s.questionId, s]));
  const questions = all.map((q) => {
    const api = toApiQuestion(q);
    const cond = q.showIfQuestionId
      ? all.find((x) => x.id === q.showIfQuestionId)
      : undefined;
    const conditionText = cond
      ? `"${cond.text}" is ${cond.choices
          .filter((c) => (q.showIfChoiceIds ?? []).includes(c.id))
          .map((c) => c.label)
          .join(" or ")}`
      : null;
    return {
      ...api,
      eventTitle: events.find((e) => e.id === q.eventId)?.title ?? null,
      conditionText,
      summary: summaries.get(q.id)!,
    };
  });
  // A condition may only point at a question with choices that has no condition itself (one level).
  const sources = all
    .filter((q) => isChoiceType(q.type) && !q.showIfQuestionId)
    .map((q) => ({
      id: q.id,
      // Issue 33: only host-only questions may depend on these.
      text: q.hostOnly ? `${q.text} (host only)` : q.text,
      choices: toApiQuestion(q).choices,
    }));
  return { questions, events, sources, ...crudDialogs(request.url, questions) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "create") {
      createQuestion(newQuestionFrom(form));
      return redirectWithToast(request, closeDialogUrl(request), {
        type: "success",
        title: "Question saved",
        description: "Guests are asked it from now on.",
      });
    }
    if (intent === "update") {
      updateQuestion(id, questionChangesFrom(form));
      return redirectWithToast(request, closeDialogUrl(request), {
        type: "success",
        title: "Question updated",
        description: "The question has been updated.",
      });
    }
    if (intent === "retire" || intent === "restore") {
      updateQuestion(id, { retired: intent === "retire" });
      const toast =
        intent === "retire"
          ? {
              title: "Question retired",
              description: "No longer asked; its answers are kept.",
            }
          : {
              title: "Question asked again",
              description: "Guests are asked it again.",
            };
      return redirectWithToast(request, closeDialogUrl(request), {
        type: "success",
        ...toast,
      });
    }
    if (intent === "move") {
      moveQuestion(id, form.get("direction") === "up" ? "up" : "down");
      return redirectWithToast(request, closeDialogUrl(request), {
        type: "success",
        title: "Order saved",
        description: "The questions' order has been saved.",
      });
    }
    if (intent === "delete") {
      const { answersDeleted } = deleteQuestion(id);
      return redirectWithToast(request, closeDialogUrl(request), {
        type: "success",
        title: "Question deleted",
        description: `The question and its ${answersDeleted} ${answersDeleted === 1 ? "answer" : "answers"} have been deleted.`,
      });
    }
    return data(
      { errors: ["Unknown action"], fieldErrors: {}, toast: null },
      { status: 400 },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      {
        errors: [error.message],
        fieldErrors: error.errors ?? {},
        toast: {
          type: "error" as const,
          title: "Error",
          description: error.message,
        },
      },
      { status: error.status },
    );
  }
}

/** How many answers go with a deleted question, said before it goes. */
export const deleteQuestionMessage = (text: string, answers: number) =>
  `Are you sure you want to delete "${text}"? ${answers === 0 ? "It has no answers." : `Its ${answers} ${answers === 1 ? "answer goes" : "answers go"} with it.`} This action cannot be undone. To stop asking it but keep the answers, retire it instead.`;

export default function Questions({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { questions, events, sources, adding, editing, deleting } = loaderData;
  const hrefWith = useHrefWith();
  useActionToast(actionData);
  const closeTo = hrefWith({ new: null, edit: null, delete: null });
  const errors = actionData?.errors;
  const fieldErrors = actionData?.fieldErrors;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Questions"
        description="Your own questions for the guests: a menu for the dinner, a song for the DJ... asked of each person or once per invitation."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/answers">Every answer</Link>
            </Button>
            <Button asChild>
              <Link
                to={hrefWith({ new: "1", edit: null, delete: null })}
                preventScrollReset
              >
                <SpriteIcon name="plus" />
                Add Question
              </Link>
            </Button>
          </>
        }
      />
      <UrlDialog open={adding} closeTo={closeTo} title="Add Question" wide>
        <QuestionForm
          events={events}
          sources={sources}
          errors={errors}
          fieldErrors={fieldErrors}
          closeTo={closeTo}
        />
      </UrlDialog>
      {editing ? (
        <UrlDialog open closeTo={closeTo} title="Edit Question" wide>
          <QuestionForm
            key={editing.id}
            question={editing}
            events={events}
            sources={sources.filter((s) => s.id !== editing.id)}
            errors={errors}
            fieldErrors={fieldErrors}
            closeTo={closeTo}
          />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <ConfirmDelete
          open
          closeTo={closeTo}
          title="Delete Question"
          message={deleteQuestionMessage(
            deleting.text,
            deleting.summary.answers,
          )}
          fields={{ id: deleting.id }}
          error={errors?.[0]}
        />
      ) : null}
      <QuestionsList
        questions={questions}
        linkTo={(param, id) =>
          hrefWith({ new: null, edit: null, delete: null, [param]: id })
        }
      />
    </div>
  );
}
