import type { Route } from "./+types/guest-event-rsvps";
import { listEventRsvpsFor } from "~/models/event-rsvps.server";
import { requireGuest } from "~/models/guests.server";
import { guestEventRsvpView } from "~/models/guest-views.server";
import { requireCaller, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** GET /api/guests/{id}/event-rsvps: an individual guest's answers (eventId, attending). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireCaller(request);
    const guest = requireGuest({ id: params.id });
    const caller = await requireGuestFor(request, { partyId: guest.partyId, guestId: guest.id });
    const answers = listEventRsvpsFor({ guestId: params.id });
    return json(caller.role === "admin" ? answers : answers.map(guestEventRsvpView));
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
