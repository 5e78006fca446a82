import { z } from "zod";
import type { Route } from "./+types/driver-links";
import { createDayDriverLink, listDayDriverLinks } from "~/models/driver-links.server";
import { dayDriverLinkSchema } from "~/schemas/weekend";
import { requireAdmin, requireAdminPerson } from "~/session.server";
import { handleApi, json, methodNotAllowed, parseWith, readJson } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import { publicOrigin } from "~/utils/origin.server";

const daySchema = z.object({ day: dayDriverLinkSchema.shape.day.nullable() });

/** GET /api/driver-links[?day=YYYY-MM-DD]: the driver's links to a whole day (each day's, or that day's), never a token (admin). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    const { day } = parseWith(daySchema, { day: new URL(request.url).searchParams.get("day") });
    return json({ items: listDayDriverLinks(day, now()) });
  });
}

/** POST /api/driver-links {day, label?, expiresAt?}: 201 {id, token, url, ...}, a link to every run of that day; the token is shown this once (issue 38). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const person = await requireAdminPerson(request);
    const { day, ...input } = await readJson(request, dayDriverLinkSchema);
    const { link, token } = createDayDriverLink(day, input, { createdBy: person.name, now: now() });
    return json({ ...link, token, url: `${publicOrigin()}/driver/${token}` }, 201);
  });
}
