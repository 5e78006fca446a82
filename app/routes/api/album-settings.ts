import type { Route } from "./+types/album-settings";
import { getAlbumSettings, updateAlbumSettings } from "~/models/album.server";
import { albumSettingsSchema } from "~/schemas/album";
import { requireAdmin, requireCaller } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

const view = ({ opensAt, closesAt, approval, quotaBytes, keepLocation }: ReturnType<typeof getAlbumSettings>) => ({ opensAt, closesAt, approval, quotaBytes, keepLocation });

/** GET /api/album/settings (guest or admin) -> {opensAt, closesAt, approval, quotaBytes, keepLocation}. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireCaller(request);
    return json(view(getAlbumSettings()));
  });
}

/** PATCH /api/album/settings (admin), any of the fields -> 200 the settings. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireAdmin(request);
    return json(view(updateAlbumSettings(await readJson(request, albumSettingsSchema))));
  });
}
