import type { Route } from "./+types/my-announcements";
import { getLang } from "~/i18n/lang.server";
import { listAnnouncementsFor } from "~/models/announcements.server";
import { guestSessionData } from "~/models/guest-auth.server";
import { getGuestIdentity } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";
import { UnauthorizedError } from "~/utils/errors";

/** GET /api/my-announcements (guest): {items: [{id, at, subject, body}]}, newest first, in the request's language. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const identity = await getGuestIdentity(request);
    const lang = await getLang(request);
    // A party or guest deleted since sign-in is nobody.
    if (!identity || !guestSessionData(identity)) throw new UnauthorizedError("No guest session");
    const items = listAnnouncementsFor(identity, lang).map(({ id, at, subject, body }) => ({ id, at, subject, body }));
    return json({ items });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
