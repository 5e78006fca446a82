import type { Route } from "./+types/party-members";
import { addPartyMember, partyMembersSummary } from "~/models/guests.server";
import { requireParty } from "~/models/parties.server";
import { guestMemberView, guestMembersSummaryView } from "~/models/guest-views.server";
import { memberSchema } from "~/schemas/guest";
import { requireGuestFor } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/parties/{id}/members: members, total, adults, kids, babies (the party's guest or the admin). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireGuestFor(request, { partyId: params.id });
    requireParty({ id: params.id });
    const summary = partyMembersSummary({ partyId: params.id });
    return json(caller.role === "admin" ? summary : guestMembersSummaryView(summary));
  });
}

/** POST /api/parties/{id}/members: adds a member (the party comes from the path, never the body). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const caller = await requireGuestFor(request, { partyId: params.id });
    const member = addPartyMember(params.id, await readJson(request, memberSchema));
    return json(caller.role === "admin" ? member : guestMemberView(member), 201);
  });
}
