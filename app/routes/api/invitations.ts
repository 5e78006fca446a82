import type { Route } from "./+types/invitations";
import { sendInvitationEmails } from "~/models/invitations.server";
import { sendInvitationsSchema } from "~/schemas/invitations";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * POST /api/invitations (admin) {kind, partyIds?, guestIds?, force?}:
 * 200 {queued: [{partyId | guestId, to}], skipped: [{partyId | guestId, reason}]}.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const input = await readJson(request, sendInvitationsSchema);
    return json(sendInvitationEmails({ ...input, origin: publicOrigin() }));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
