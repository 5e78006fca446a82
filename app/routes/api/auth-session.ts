import type { Route } from "./+types/auth-session";
import { guestSessionData } from "~/models/guest-auth.server";
import { getGuestIdentity } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";

/** GET /api/auth/session: the signed-in guest as {type, data}, or 401. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const identity = await getGuestIdentity(request);
    // A party or guest deleted since sign-in is nobody.
    const session = identity ? guestSessionData(identity) : null;
    if (!session) throw new UnauthorizedError("No guest session");
    return json(session);
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
