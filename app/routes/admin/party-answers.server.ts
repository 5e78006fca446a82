import { data } from "react-router";
import { answersFromForm, guestQuestions, saveAnswers } from "~/models/answers.server";
import { listEvents } from "~/models/events.server";
import { redirectWithToast } from "~/session.server";
import { isAppError } from "~/utils/errors";

/** The questions the party page shows: every event's, host-only ones included. */
export const hostQuestionsFor = (partyId: string) =>
  guestQuestions({ partyId }, "en", new Set(listEvents().map((e) => e.id)), { includeHostOnly: true });

/** The party page's "Save answers" (issue 24): the host fills or changes any answer, through the one model function. */
export async function saveHostAnswers(request: Request, partyId: string, form: FormData) {
  try {
    saveAnswers({ owner: { partyId }, answers: answersFromForm(hostQuestionsFor(partyId), form), actor: "admin" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { intent: "answers-save", result: { status: "error" as const, error: error.errors ?? {} }, toast: { type: "error" as const, title: "Error", description: error.message } },
      { status: error.status },
    );
  }
  return redirectWithToast(request, `/admin/parties/${partyId}`, { type: "success", title: "Answers saved", description: "The party's answers have been saved." });
}
