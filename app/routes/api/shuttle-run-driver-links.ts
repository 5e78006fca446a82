import type { Route } from "./+types/shuttle-run-driver-links";
import { createDriverLink, listDriverLinks } from "~/models/driver-links.server";
import { requireRun } from "~/models/shuttle-runs.server";
import { driverLinkSchema } from "~/schemas/weekend";
import { requireAdmin, requireAdminPerson } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import { publicOrigin } from "~/utils/origin.server";

/** GET /api/shuttle-runs/{id}/driver-links: the run's driver's links, never a token (admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    requireRun(params.id);
    return json({ items: listDriverLinks(params.id, now()) });
  });
}

/** POST /api/shuttle-runs/{id}/driver-links {label?, expiresAt?}: 201 {id, token, url, ...}; the token is shown this once (issue 38). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const person = await requireAdminPerson(request);
    const { link, token } = createDriverLink(params.id, await readJson(request, driverLinkSchema), { createdBy: person.name, now: now() });
    return json({ ...link, token, url: `${publicOrigin()}/driver/${token}` }, 201);
  });
}
