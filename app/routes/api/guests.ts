import type { Route } from "./+types/guests";
import { createGuest, listGuests } from "~/models/guests.server";
import { guestFiltersSchema, guestSchema } from "~/schemas/guest";
import { requireAdmin, requireAdminPerson } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { handleApi, json, methodNotAllowed, parseWith, readJson } from "~/utils/api.server";

/** GET /api/guests[?search=&partyId=&ageCategory=&rsvpStatus=] (admin). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const person = await requireAdminPerson(request);
    const filters = parseWith(guestFiltersSchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(guestCredentialsFor(person, listGuests(filters)));
  });
}

/** POST /api/guests (admin). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request);
    return json(createGuest(await readJson(request, guestSchema), "admin"), 201);
  });
}
