import type { Route } from "./+types/party";
import { deleteParty, getPartyWithGuests, updateParty } from "~/models/parties.server";
import { partyPatchSchema } from "~/schemas/party";
import { requireAdmin, requireAdminPerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";
import { NotFoundError } from "~/utils/errors";

/** GET /api/parties/{id} (admin): the party with its guests and RSVP. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    const party = getPartyWithGuests({ id: params.id });
    if (!party) throw new NotFoundError("Party not found");
    return json(guestCredentialsFor(person, party));
  });
}

/** PATCH /api/parties/{id}; DELETE keeps its guests (partyId cleared) and removes its RSVP, rooms and event RSVPs. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      await requireAdmin(request);
      return json(updateParty(params.id, await readJson(request, partyPatchSchema)));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteParty({ id: params.id }));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
