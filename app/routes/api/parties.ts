import type { Route } from "./+types/parties";
import { createParty, listParties } from "~/models/parties.server";
import { partySchema } from "~/schemas/party";
import { requireAdmin, requireAdminPerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** GET /api/parties (admin): every party with member count, RSVP and room count. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    return json(guestCredentialsFor(person, listParties()));
  });
}

/** POST /api/parties (admin): a custom authCode must be unique (409); without one a code is generated. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createParty(await readJson(request, partySchema)), 201);
  });
}
