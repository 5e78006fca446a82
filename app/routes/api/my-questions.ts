import type { Route } from "./+types/my-questions";
import { questionsFor } from "~/models/answers.server";
import { identityToResponder } from "~/models/event-rsvps.server";
import { toApiQuestion } from "~/models/questions.server";
import { requireCaller } from "~/session.server";
import { ForbiddenError } from "~/utils/errors";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/my-questions (guest): the questions that apply to the signed-in
 * party or guest now, never host-only ones, each with who answers it
 * (guestIds; null: once for the invitation), and their own answers.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireCaller(request);
    if (caller.role !== "guest") throw new ForbiddenError("This is the signed-in guest's own list");
    const { asked, answers } = questionsFor(identityToResponder(caller.guest), "guest");
    return json({ questions: asked.map(({ question, targets }) => ({ ...toApiQuestion(question), guestIds: targets })), answers });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
