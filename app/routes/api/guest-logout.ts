import type { Route } from "./+types/guest-logout";
import { endSession } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** POST /api/guest-auth/logout: ends the guest's sign-in (an admin sign-in in the same browser stays). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return json({ success: true }, { headers: await endSession(request, "guest") });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
