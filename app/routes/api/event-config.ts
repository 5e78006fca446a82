import type { Route } from "./+types/event-config";
import { eventConfigForReader, getEventConfig } from "~/models/event-config.server";
import { updateEventConfig } from "~/models/event-config-update.server";
import { eventConfigPatchSchema } from "~/schemas/event-config";
import { getAdminId, requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** Public; the host-only fields (host e-mail, notices, reminder settings, payment instructions) only with an admin session. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => json(eventConfigForReader(getEventConfig(), { admin: Boolean(await getAdminId(request)) })));
}

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    const changes = await readJson(request, eventConfigPatchSchema);
    return json(eventConfigForReader(updateEventConfig(changes), { admin: true }));
  });
}
