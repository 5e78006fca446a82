import type { Route } from "./+types/party-event-rsvps";
import { listEventRsvpsFor } from "~/models/event-rsvps.server";
import { requireParty } from "~/models/parties.server";
import { guestEventRsvpView } from "~/models/guest-views.server";
import { requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/parties/{id}/event-rsvps: the party's answers (eventId, attending). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireGuestFor(request, { partyId: params.id });
    requireParty({ id: params.id });
    const answers = listEventRsvpsFor({ partyId: params.id });
    return json(caller.role === "admin" ? answers : answers.map(guestEventRsvpView));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
