import type { Route } from "./+types/messages";
import { listOutbox } from "~/models/outbox.server";
import { requireAdmin } from "~/session.server";
import { handleApi, json } from "~/utils/api.server";

/** GET /api/messages (admin): the outbox, newest first (the Messages page's list). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdmin(request);
    return json(listOutbox({ limit: 1000 }));
  });
}
