import type { Route } from "./+types/event-config";
import { getEventConfig, updateEventConfig } from "~/models/event-config.server";
import { eventConfigPatchSchema } from "~/schemas/event-config";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

export function loader() {
  return handleApi(() => json(getEventConfig()));
}

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    const changes = await readJson(request, eventConfigPatchSchema);
    return json(updateEventConfig(changes));
  });
}
