import type { Route } from "./+types/questions";
import { createQuestion, listQuestions, toApiQuestion } from "~/models/questions.server";
import { questionSchema } from "~/schemas/question";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/questions (admin): every question, in order, retired ones included (issue 24). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(listQuestions().map(toApiQuestion));
  });
}

/** POST /api/questions (admin). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(toApiQuestion(createQuestion(await readJson(request, questionSchema))), 201);
  });
}
