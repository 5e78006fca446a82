import { data } from "react-router";
import type { Notice } from "~/components/guest/notice";
import type { Lang, Messages } from "~/i18n";
import { answersFromForm, saveAnswers } from "~/models/answers.server";
import { identityToResponder } from "~/models/event-rsvps.server";
import { loadGuestView } from "~/models/guest-view.server";
import { redirectWithToast, type GuestIdentity } from "~/session.server";
import { AppError, DeadlinePassedError } from "~/utils/errors";

/** The form's entries as the page reads a draft: one value, or a list for several. */
function draftOf(form: FormData) {
  const draft: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).map(String);
    draft[key] = all.length > 1 ? all : all[0]!;
  }
  return draft;
}

/**
 * /my-rsvp's "Save answers" (issue 24): the same model function as the RSVP
 * and PUT /api/answers, all or nothing; a refusal comes back with each
 * message next to its field and what was typed.
 */
export async function saveMyAnswers({ request, identity, form, t, lang }: { request: Request; identity: GuestIdentity; form: FormData; t: Messages; lang: Lang }) {
  const view = loadGuestView(identity, lang)!;
  try {
    saveAnswers({ owner: identityToResponder(identity), answers: answersFromForm(view.questions, form), actor: "guest", lang });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const notice: Notice =
      error instanceof DeadlinePassedError
        ? { type: "error", title: t.guest.deadlinePassedTitle, description: t.guest.deadlinePassed }
        : { type: "error", title: t.guest.error, description: t.questions.checkAnswers };
    return data({ intent: "answers-save", notice, result: { status: "error" as const, error: error.errors ?? {}, initialValue: draftOf(form) } }, { status: error.status });
  }
  return redirectWithToast(request, "/my-rsvp#questions", { type: "success", title: t.questions.answersSaved, description: t.questions.answersSavedText });
}
