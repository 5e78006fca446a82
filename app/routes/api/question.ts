import type { Route } from "./+types/question";
import { deleteQuestion, requireQuestion, toApiQuestion, updateQuestion } from "~/models/questions.server";
import { questionPatchSchema } from "~/schemas/question";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

const ALLOWED = ["GET", "PATCH", "DELETE"];

/** GET /api/questions/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(toApiQuestion(requireQuestion(params.id)));
  });
}

/** PATCH /api/questions/{id}; DELETE deletes its answers too and says how many (admin). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(toApiQuestion(updateQuestion(params.id, await readJson(request, questionPatchSchema))));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteQuestion(params.id));
    }
    return methodNotAllowed(ALLOWED);
  });
}
