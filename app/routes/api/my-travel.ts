import type { Route } from "./+types/my-travel";
import { getLang } from "~/i18n/lang.server";
import { identityToResponder } from "~/models/event-rsvps.server";
import { myTravelView } from "~/models/my-travel.server";
import { saveMyTravel } from "~/models/travel-answers.server";
import { myTravelSchema } from "~/schemas/travel";
import { requireCaller } from "~/session.server";
import { ForbiddenError } from "~/utils/errors";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { readTravelJson } from "./travel-body.server";

async function requireGuest(request: Request) {
  const caller = await requireCaller(request);
  if (caller.role !== "guest") throw new ForbiddenError("This is the signed-in guest's own travel");
  return caller.guest;
}

/** GET /api/my-travel (guest): the answer, the points, the window and deadline, and the guest's own pickups (issue 26). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => json(myTravelView(await requireGuest(request), await getLang(request))));
}

/** PUT /api/my-travel (guest): replaces the whole answer, all or nothing, until the travel deadline. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const identity = await requireGuest(request);
    const input = await readTravelJson(request, myTravelSchema);
    saveMyTravel({ owner: identityToResponder(identity), input, actor: "guest" });
    return json(myTravelView(identity, await getLang(request)));
  });
}
