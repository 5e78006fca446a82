import type { Route } from "./+types/sessions";
import { endOwnSession, sessionsOf } from "~/models/team.server";
import { requireAdminPerson } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/admin/sessions: the signed-in person's own sessions, this one marked `current` (issue 27). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    return json({ items: sessionsOf(person, person.sessionId) });
  });
}

/** DELETE /api/admin/sessions/{id}: ends one of your own sessions. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE" || !params.id) return methodNotAllowed(params.id ? ["DELETE"] : ["GET"]);
    const person = await requireAdminPerson(request);
    endOwnSession(person, params.id);
    return json({ success: true });
  });
}
