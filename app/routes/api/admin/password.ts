import type { Route } from "./+types/password";
import { changeOwnPassword } from "~/models/team.server";
import { passwordChangeSchema } from "~/schemas/team";
import { requireAdminPerson } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { passwordChangeGuesses } from "~/utils/rate-limit.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/admin/password {current, next}: anyone's own; their other sessions end (issue 27); wrong current passwords share the sign-in limits (issue 33). */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const person = await requireAdminPerson(request);
    await changeOwnPassword(person, await readJson(request, passwordChangeSchema), passwordChangeGuesses(context), person.sessionId);
    return json({ success: true });
  });
}
