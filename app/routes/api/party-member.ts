import type { Route } from "./+types/party-member";
import { removePartyMember } from "~/models/guests.server";
import { requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed } from "~/utils/api.server";

/** DELETE /api/parties/{id}/members/{memberId}: never the last member (409, SPEC.md's message). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const caller = await requireGuestFor(request, { partyId: params.id });
    return json(removePartyMember({ partyId: params.id, memberId: params.memberId, actor: caller.role }));
  });
}

export function loader() {
  return methodNotAllowed(["DELETE"]);
}
