import type { Route } from "./+types/travel-points";
import { createTravelPoint, listTravelPoints, toGuestPoint } from "~/models/travel-settings.server";
import { getLang } from "~/i18n/lang.server";
import { travelPointSchema } from "~/schemas/travel";
import { requireAdmin, requireCaller } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

/** GET /api/travel-points (signed in): where guests may arrive and leave from (issue 26); the host also reads drive times. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireCaller(request);
    const points = listTravelPoints();
    if (caller.role === "admin") return json(points);
    const lang = await getLang(request);
    return json(points.map((p) => toGuestPoint(p, lang)));
  });
}

/** POST /api/travel-points (owner, co-host): a point as the Travel panel adds it, last in the list. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createTravelPoint(await readTravelJson(request, travelPointSchema)), 201);
  });
}
