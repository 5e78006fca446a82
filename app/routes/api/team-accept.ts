import type { Route } from "./+types/team-accept";
import { acceptInvitation } from "~/models/team.server";
import { acceptSchema } from "~/schemas/team";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { now } from "~/utils/clock.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/team/accept {token, password} (no session): once only, within 72 hours; 410 after. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { token, password } = await readJson(request, acceptSchema);
    const result = await acceptInvitation(token, password, now());
    if ("gone" in result) return json({ message: result.gone }, 410);
    return json({ accepted: true, name: result.member!.name, email: result.member!.email, role: result.member!.role });
  });
}
