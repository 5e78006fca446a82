import type { Route } from "./+types/seating-rules";
import { createRule, listRules } from "~/models/seating/rules.server";
import { requireSeatingEvent } from "~/models/seating/tables.server";
import { ruleSchema } from "~/schemas/seating";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { eventIdParam } from "./seating-body.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/seating/rules?eventId= (admin, issue 37). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const eventId = eventIdParam(request);
    requireSeatingEvent(eventId);
    return json(listRules(eventId));
  });
}

/** POST /api/seating/rules {eventId, kind, guestIds?, partyIds?, tableId?, ages?} (admin). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createRule(await readTravelJson(request, ruleSchema)), 201);
  });
}
