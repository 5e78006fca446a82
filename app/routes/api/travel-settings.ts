import type { Route } from "./+types/travel-settings";
import { getTravelSettings, updateTravelSettings } from "~/models/travel-settings.server";
import { travelSettingsSchema } from "~/schemas/travel";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { fieldNamed } from "~/utils/field-named";
import { readTravelJson } from "./travel-body.server";

/** GET /api/travel-settings (admin, any role): the host's travel settings (issue 26), as the Travel panel shows them. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(getTravelSettings());
  });
}

/** PATCH /api/travel-settings (owner, co-host): any of the panel's fields; the model's own checks (window, wait) name their field too. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    const changes = await readTravelJson(request, travelSettingsSchema);
    try {
      return json(updateTravelSettings(changes));
    } catch (error) {
      throw fieldNamed(error);
    }
  });
}
