import type { Route } from "./+types/activity";
import { listActivity, toApiActivity } from "~/models/activity.server";
import { activityQuerySchema } from "~/schemas/activity";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith } from "~/utils/api.server";

/** GET /api/activity?partyId=&kind=&limit= (admin): {items: [{id, at, actor, actorName, partyId, guestId, kind, summary}]}, newest first; kind is one of ACTIVITY_KIND_VALUES (issue 36 added party, event, settings, question, invitation, travel, shuttle). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const { partyId, kind, limit } = parseWith(activityQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ items: listActivity({ partyId, kind }, { limit }).map(toApiActivity) });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
