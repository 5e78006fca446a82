import type { Route } from "./+types/events";
import { identityToResponder, listEventsFor } from "~/models/event-rsvps.server";
import { createEvent } from "~/models/events.server";
import { eventSchema } from "~/schemas/event";
import { requireAdmin, requireCaller } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/events: every event for the admin; a guest does not see hotel-only ones without a room. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireCaller(request);
    return json(listEventsFor(caller.role === "admin" ? null : identityToResponder(caller.guest)));
  });
}

/** POST /api/events (admin). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createEvent(await readJson(request, eventSchema)), 201);
  });
}
