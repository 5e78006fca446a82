import type { Route } from "./+types/guest-event-rsvps";
import { listEventRsvpsFor } from "~/models/event-rsvps.server";
import { requireGuest } from "~/models/guests.server";
import { requireCaller, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/guests/{id}/event-rsvps: an individual guest's answers (eventId, attending). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireCaller(request);
    const guest = requireGuest({ id: params.id });
    await requireGuestFor(request, { partyId: guest.partyId, guestId: guest.id });
    return json(listEventRsvpsFor({ guestId: params.id }));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
