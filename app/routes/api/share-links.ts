import type { Route } from "./+types/share-links";
import { createShareLink, listShareLinks } from "~/models/share-links.server";
import { shareLinkSchema } from "~/schemas/share-link";
import { requireAdminPerson } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { now } from "~/utils/clock.server";
import { publicOrigin } from "~/utils/origin.server";

/** GET /api/share-links[?list=&eventId=]: every live link with when it was last opened (admin). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdminPerson(request);
    const q = new URL(request.url).searchParams;
    return json({ items: listShareLinks({ list: q.get("list") ?? undefined, eventId: q.get("eventId") ?? undefined }, now()) });
  });
}

/** POST /api/share-links {list, eventId?, label, expiresAt?}: 201 {id, url, ...}; the url is shown this once (owner, co-host). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const person = await requireAdminPerson(request);
    const { link, token } = createShareLink(await readJson(request, shareLinkSchema), { createdBy: person.name, now: now() });
    return json({ ...link, url: `${publicOrigin()}/shared/${token}` }, 201);
  });
}
