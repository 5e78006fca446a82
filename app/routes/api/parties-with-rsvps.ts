import type { Route } from "./+types/parties-with-rsvps";
import { partiesWithRsvps } from "~/models/parties.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/parties-with-rsvps (admin): RSVP Tracking, with rsvpStatus Pending / Attending / Declined. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(partiesWithRsvps());
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
