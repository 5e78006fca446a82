import type { Route } from "./+types/my-weekend";
import { getLang } from "~/i18n/lang.server";
import { myWeekendView } from "~/models/my-weekend.server";
import { requireCaller } from "~/session.server";
import { ForbiddenError, NotFoundError } from "~/utils/errors";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { now } from "~/utils/clock.server";

/** GET /api/my-weekend (guest): My weekend's data, the fields a guest may see (issue 38). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireCaller(request);
    if (caller.role !== "guest") throw new ForbiddenError("This is the signed-in guest's own weekend");
    const view = myWeekendView(caller.guest, await getLang(request), now());
    if (!view) throw new NotFoundError("Party or guest not found");
    return json(view);
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
