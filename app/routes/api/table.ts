import type { Route } from "./+types/table";
import { seatsUsed } from "~/models/seating/plan.server";
import { deleteTable, requireTable, updateTable } from "~/models/seating/tables.server";
import { tablePatchSchema } from "~/schemas/seating";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/tables/{id} (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(requireTable(params.id));
  });
}

/** PATCH /api/tables/{id}; DELETE (a table with guests only with ?unseat=1, else 409 naming it) (admin, issue 37). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(updateTable(params.id, await readTravelJson(request, tablePatchSchema), seatsUsed));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteTable(params.id, new URL(request.url).searchParams.get("unseat") === "1"));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
