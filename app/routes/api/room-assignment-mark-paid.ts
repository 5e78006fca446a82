import type { Route } from "./+types/room-assignment-mark-paid";
import { setRoomAssignmentPaid } from "~/models/room-assignments.server";
import { markPaidSchema } from "~/schemas/room-assignment";
import { requireAdmin } from "~/session.server";
import { handleApi, json, methodNotAllowed, readJson } from "~/utils/api.server";

/** POST /api/room-assignments/{id}/mark-paid {isPaid} (admin): only a confirmed room (409 otherwise). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request);
    const { isPaid } = await readJson(request, markPaidSchema);
    return json(setRoomAssignmentPaid({ id: params.id, isPaid }));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
