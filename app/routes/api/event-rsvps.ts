import type { Route } from "./+types/event-rsvps";
import { listAllEventRsvps, listEventRsvpsFor, setEventRsvp } from "~/models/event-rsvps.server";
import { eventRsvpFiltersSchema, eventRsvpSchema } from "~/schemas/event-rsvp";
import { guestEventRsvpView } from "~/models/guest-views.server";
import { requireAdmin, requireCaller, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith, readJson } from "~/utils/api.server";

/** GET /api/event-rsvps[?eventId=] (admin): each answer with its event, party, guest and main RSVP counts. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const filters = parseWith(eventRsvpFiltersSchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(listAllEventRsvps(filters));
  });
}

/** POST /api/event-rsvps {eventId, partyId|guestId, attending}: an upsert, by the guest for itself or by the admin. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireCaller(request);
    const body = await readJson(request, eventRsvpSchema);
    const caller = await requireGuestFor(request, body);
    const responder = body.partyId ? { partyId: body.partyId } : { guestId: body.guestId! };
    const existed = listEventRsvpsFor(responder).some((r) => r.eventId === body.eventId);
    const saved = setEventRsvp({ eventId: body.eventId, attending: body.attending, ...responder });
    return json(caller.role === "admin" ? saved : guestEventRsvpView(saved), existed ? 200 : 201);
  });
}
