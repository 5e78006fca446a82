import type { Route } from "./+types/rsvps";
import { groupCommit } from "~/db.server";
import { getRsvpFor, submitRsvp } from "~/models/rsvps.server";
import { rsvpSchema } from "~/schemas/rsvp";
import { requireCaller, requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/**
 * POST /api/rsvps: the submitted RSVP (SPEC.md 3). One per party or guest, so
 * a second submit updates it (200; the first answers 201). A guest answers
 * only for itself; the admin for anyone.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const caller = await requireCaller(request);
    const { partyId, guestId, ...answer } = await readJson(request, rsvpSchema);
    await requireGuestFor(request, { partyId, guestId });
    const owner = partyId ? { partyId } : { guestId: guestId! };
    // Group commit: concurrent submits share one fsync, each still durable before its answer.
    const { existed, rsvp } = await groupCommit(() => ({
      existed: getRsvpFor(owner) !== null,
      rsvp: submitRsvp({ ...answer, ...owner, actor: caller.role }),
    }));
    return json(rsvp, existed ? 200 : 201);
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
