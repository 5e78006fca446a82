import type { Route } from "./+types/rsvps";
import { mailLangOf } from "~/i18n/lang.server";
import { answerRsvp } from "~/models/rsvp-answer.server";
import { rsvpSchema } from "~/schemas/rsvp";
import { guestRsvpView } from "~/models/guest-views.server";
import { requireCaller, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * POST /api/rsvps: the submitted RSVP (SPEC.md 3). One per party or guest, so
 * a second submit updates it (200; the first answers 201). A guest answers
 * only for itself; the admin for anyone.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireCaller(request);
    const { partyId, guestId, ...answer } = await readJson(request, rsvpSchema);
    const caller = await requireGuestFor(request, { partyId, guestId });
    const owner = partyId ? { partyId } : { guestId: guestId! };
    const { existed, rsvp } = await answerRsvp(
      { ...answer, ...owner, actor: caller.role },
      // A guest's own answer: its mail in the request's language (issue 23); the host's: the invitee's.
      { origin: publicOrigin(), answeredBy: caller, lang: caller.role === "guest" ? await mailLangOf(request) : undefined },
    );
    return json(caller.role === "admin" ? rsvp : guestRsvpView(rsvp), existed ? 200 : 201);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
