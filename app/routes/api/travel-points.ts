import type { Route } from "./+types/travel-points";
import { listTravelPoints, toGuestPoint } from "~/models/travel-settings.server";
import { getLang } from "~/i18n/lang.server";
import { requireCaller } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

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

export function action() {
  return methodNotAllowed(["GET"]);
}
