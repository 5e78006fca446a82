import type { Route } from "./+types/parties-with-rsvps";
import { partiesWithRsvps } from "~/models/parties.server";
import { requireAdminPerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/parties-with-rsvps (admin): RSVP Tracking, with rsvpStatus Pending / Attending / Declined. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    return json(guestCredentialsFor(person, partiesWithRsvps()));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
