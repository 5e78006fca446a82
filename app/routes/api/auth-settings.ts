import type { Route } from "./+types/auth-settings";
import { getAuthSettings, updateAuthSettings } from "~/models/auth-settings.server";
import { authSettingsPatchSchema } from "~/schemas/auth-settings";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

export function loader() {
  return handleApi(() => json(getAuthSettings()));
}

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    return json(updateAuthSettings(await readJson(request, authSettingsPatchSchema)));
  });
}
