import type { Route } from "./+types/guest";
import { deleteGuest, getGuestWithRsvp, requireGuest, updateGuest } from "~/models/guests.server";
import { guestMemberView, guestRsvpView } from "~/models/guest-views.server";
import { guestPatchSchema, memberPatchSchema } from "~/schemas/guest";
import { requireAdmin, requireCaller, requireGuestFor } from "~/session.server";
import { guestCredentialsFor } from "~/models/guest-credentials.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** A guest may touch itself or a member of its own party; the admin any guest. */
async function requireGuestAccess(request: Request, id: string) {
  await requireCaller(request);
  const guest = requireGuest({ id });
  return requireGuestFor(request, { partyId: guest.partyId, guestId: guest.id });
}

/** GET /api/guests/{id}: the guest with its RSVP (its own, or its party's); a guest reads the guest fields only. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireGuestAccess(request, params.id);
    const guest = getGuestWithRsvp({ id: params.id })!;
    if (caller.role === "admin") return json(guestCredentialsFor(caller.person, guest));
    return json({ ...guestMemberView(guest), rsvp: guest.rsvp ? guestRsvpView(guest.rsvp) : null });
  });
}

/**
 * PATCH /api/guests/{id}: a guest sends member fields only (it cannot move a
 * member to another party or set codes); the admin any guest field.
 * DELETE /api/guests/{id}: admin only.
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "PATCH") {
      const caller = await requireGuestAccess(request, params.id);
      const changes = await readJson(request, caller.role === "admin" ? guestPatchSchema : memberPatchSchema);
      const updated = updateGuest(params.id, changes, caller.role);
      return json(caller.role === "admin" ? updated : guestMemberView(updated));
    }
    if (request.method === "DELETE") {
      await requireAdmin(request);
      return json(deleteGuest({ id: params.id, actor: "admin" }));
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  });
}
