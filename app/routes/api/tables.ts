import type { Route } from "./+types/tables";
import { createTable, listTables, requireSeatingEvent } from "~/models/seating/tables.server";
import { tableSchema } from "~/schemas/seating";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { eventIdParam } from "./seating-body.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/tables?eventId= (admin): the event's tables in floor order (issue 37). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const eventId = eventIdParam(request);
    requireSeatingEvent(eventId);
    return json(listTables(eventId));
  });
}

/** POST /api/tables {eventId, name, shape, seats, note} (admin). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createTable(await readTravelJson(request, tableSchema)), 201);
  });
}
