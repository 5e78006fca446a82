import type { Route } from "./+types/event-config";
import { getEventConfig, updateEventConfig } from "~/models/event-config.server";
import { eventConfigPatchSchema } from "~/schemas/event-config";
import { getAdminId, requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** Public; the host-only fields (host e-mail, notices, reminder settings) only with an admin session. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const config = getEventConfig();
    if (await getAdminId(request)) return json(config);
    const {
      hostEmail: _h,
      notifyHost: _n,
      reminderDaysBeforeDeadline: _r,
      autoReminderSentFor: _f,
      autoReminderSentAt: _a,
      autoReminderCount: _c,
      ...open
    } = config;
    return json(open);
  });
}

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    const changes = await readJson(request, eventConfigPatchSchema);
    return json(updateEventConfig(changes));
  });
}
